package tests

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/golden")

// TestScenarioGolden plays every bundled example scenario (variants/<game>/scenarios/*.yaml) with
// `ruleslab run` and compares the text output with testdata/golden/<game>/<scenario>.txt.
// Run `go test ./tests/ -run TestScenarioGolden -update` after an intended change.
func TestScenarioGolden(t *testing.T) {
	root := repoRoot(t)
	t.Setenv("RULESLAB_HOME", root)
	t.Chdir(root)
	scenarios, err := filepath.Glob("variants/*/scenarios/*.yaml")
	require.NoError(t, err)
	require.NotEmpty(t, scenarios)
	for _, sc := range scenarios {
		game := filepath.Base(filepath.Dir(filepath.Dir(sc)))
		name := strings.TrimSuffix(filepath.Base(sc), ".yaml")
		t.Run(game+"/"+name, func(t *testing.T) {
			out, stderr, code := execCLI(t, "run", sc)
			require.Equal(t, 0, code, stderr)
			matchGolden(t, filepath.Join(root, "tests", "testdata", "golden", game, name+".txt"), out, "TestScenarioGolden")
		})
	}
}

// matchGolden compares out with a golden file, or rewrites the file with -update (test names the test
// to run with -update in the failure message).
func matchGolden(t *testing.T, golden, out, test string) {
	t.Helper()
	if *update {
		require.NoError(t, os.MkdirAll(filepath.Dir(golden), 0o755))
		require.NoError(t, os.WriteFile(golden, []byte(out), 0o644))
		return
	}
	want, err := os.ReadFile(golden)
	require.NoError(t, err, "no golden file: run go test ./tests/ -run %s -update", test)
	require.Equal(t, string(want), out)
}
