package tests

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestPerfTableScript: scripts/bench/perf-table.py, which regenerates docs/performance.md's table, runs
// `ruleslab bench --json` for every bundled game and prints one row each, in the table's columns.
func TestPerfTableScript(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not installed")
	}
	bin := buildBinary(t)
	root := repoRoot(t)
	cmd := exec.Command(filepath.Join(root, "scripts", "bench", "perf-table.py"), "--games", "2", "--ruleslab", bin)
	cmd.Dir = root
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	require.Len(t, lines, 2+5, "a header, its rule and one row per bundled game:\n%s", out)
	for _, title := range []string{"Mimic Taking", "Zoomies", "Mito", "Jiji", "Simino"} {
		require.Contains(t, string(out), "| "+title+" | ")
	}
	for _, row := range lines[2:] {
		require.Equal(t, 7, strings.Count(row, "|"), "six columns: %s", row)
		require.Regexp(t, `^\| [A-Za-z ]+ \| [0-9.]+ µs \| [0-9.]+ \| [0-9.]+ µs \| ([0-9]+%|under 1%) \| [0-9,]+ \|$`, row)
	}
}
