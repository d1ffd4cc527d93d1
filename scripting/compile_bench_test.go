package scripting_test

import (
	"path/filepath"
	"testing"

	"github.com/ruleslab/ruleslab/scripting"
)

// BenchmarkCompileBundledScripts measures what loading costs before any game: compiling and checking
// every bundled script (parse, the static checks, the state scan).
func BenchmarkCompileBundledScripts(b *testing.B) {
	files, _ := filepath.Glob("../scripts/*/*.lua")
	if len(files) == 0 {
		b.Fatal("no bundled scripts under ../scripts")
	}
	for b.Loop() {
		for _, f := range files {
			if _, err := scripting.CompileFile(f); err != nil {
				b.Fatal(err)
			}
		}
	}
}
