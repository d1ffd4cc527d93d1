package lab

import (
	"path/filepath"

	"github.com/ruleslab/ruleslab/core/config"
)

// relativeTo is a game or variant as a scenario file written at out names it: a path on disk relative
// to the scenario's folder (scenarios resolve paths from there), anything else (a bundled id or
// variant, an embedded file) as given.
func relativeTo(out, name string) string {
	if !config.IsVariantFile(name) {
		return name
	}
	abs, err := filepath.Abs(config.Locate(name))
	if err != nil || config.IsEmbedded(abs) {
		return name
	}
	absOut, _ := filepath.Abs(out)
	if rel, err := filepath.Rel(filepath.Dir(absOut), abs); err == nil {
		return rel
	}
	return abs
}
