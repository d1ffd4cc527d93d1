package tests

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestShowParamsGolden: `show GAME --params` (text and --json) of every bundled game, and of a variant
// that changes some values, against testdata/golden/params/. Run
// `go test ./tests/ -run TestShowParamsGolden -update` after an intended change.
func TestShowParamsGolden(t *testing.T) {
	root := repoRoot(t)
	t.Setenv("RULESLAB_HOME", root)
	t.Chdir(root)
	games, err := filepath.Glob("variants/*")
	require.NoError(t, err)
	targets := [][]string{{"simino", "--variant", "solitaire"}}
	for _, g := range games {
		targets = append(targets, []string{filepath.Base(g)})
	}
	for _, target := range targets {
		name := target[0]
		if len(target) > 1 {
			name += "-" + target[2]
		}
		for _, format := range []struct{ ext, flag string }{{"txt", ""}, {"json", "--json"}} {
			t.Run(name+"."+format.ext, func(t *testing.T) {
				args := append([]string{"show"}, target...)
				args = append(args, "--params")
				if format.flag != "" {
					args = append(args, format.flag)
				}
				out, stderr, code := execCLI(t, args...)
				require.Equal(t, 0, code, stderr)
				require.Empty(t, stderr)
				matchGolden(t, filepath.Join(root, "tests", "testdata", "golden", "params", name+"."+format.ext), out, "TestShowParamsGolden")
			})
		}
	}
}
