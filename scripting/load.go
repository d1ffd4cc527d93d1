package scripting

import (
	"errors"

	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/core/config"
)

// Load resolves, compiles and checks a game (a bundled id or a YAML path) and an optional variant.
func Load(game, variant string) (*Program, error) {
	cfg, err := config.Resolve(game, variant)
	if err != nil {
		return nil, WithScriptProblems(err)
	}
	g, err := core.Compile(cfg)
	if err != nil {
		return nil, err
	}
	return Compile(g)
}

// WithScriptProblems adds to the problems of a game that failed its YAML checks those of its scripts
// (config.InvalidGame), so one run reports every problem of every file.
func WithScriptProblems(err error) error {
	var bad *config.InvalidGame
	if errors.As(err, &bad) {
		return errors.Join(err, CheckScripts(bad.Game))
	}
	return err
}
