package tests

import (
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
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

// TestInstructionsScript: scripts/bench/instructions.py, which measures docs/performance.md's machine
// instructions per move, prints one row per game it is given: random and greedy seats and their ratio;
// with --caches, rows of instructions, cache misses and mispredicted branches.
func TestInstructionsScript(t *testing.T) {
	for _, tool := range []string{"python3", "valgrind"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skip(tool + " is not installed")
		}
	}
	bin := buildBinary(t)
	root := repoRoot(t)
	cmd := exec.Command(filepath.Join(root, "scripts", "bench", "instructions.py"), "--games", "3", "--ruleslab", bin, "zoomies")
	cmd.Dir = root
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	require.Len(t, lines, 3, "a header, its rule and the game's row:\n%s", out)
	m := regexp.MustCompile(`^\| zoomies \| ([0-9,]+) \| ([0-9,]+) \| ([0-9.]+)x \|$`).FindStringSubmatch(lines[2])
	require.NotNil(t, m, "row: %s", lines[2])
	random, greedy := number(t, m[1]), number(t, m[2])
	require.Greater(t, random, 1000.0, "a move costs thousands of machine instructions")
	require.Greater(t, greedy, random, "a greedy decision costs more than a random one")
	require.InDelta(t, greedy/random, number(t, m[3]), 0.051)

	caches := exec.Command(filepath.Join(root, "scripts", "bench", "instructions.py"), "--games", "3", "--ruleslab", bin, "--caches", "zoomies")
	caches.Dir = root
	out, err = caches.CombinedOutput()
	require.NoError(t, err, "%s", out)
	checkCachesTable(t, string(out))

	bad := exec.Command(filepath.Join(root, "scripts", "bench", "instructions.py"), "--games", "2", "--ruleslab", bin, "zoomies")
	out, err = bad.CombinedOutput()
	require.Error(t, err)
	require.Contains(t, string(out), "--games must be at least 3")
}

// checkCachesTable checks instructions.py --caches' table for zoomies: per move, the instructions, L1
// data misses and mispredicted branches of random and of greedy seats, and their ratios.
func checkCachesTable(t *testing.T, out string) {
	t.Helper()
	lines := strings.Split(strings.TrimSpace(out), "\n")
	require.Len(t, lines, 5, "a header, its rule and three rows:\n%s", out)
	require.Equal(t, "| game | seats | instructions | L1 data misses | mispredicted branches |", lines[0])
	counts := func(line, seats string) []float64 {
		m := regexp.MustCompile(`^\| zoomies \| ` + seats + ` \| ([0-9,]+) \| ([0-9,]+) \| ([0-9,]+) \|$`).FindStringSubmatch(line)
		require.NotNil(t, m, "row: %s", line)
		return []float64{number(t, m[1]), number(t, m[2]), number(t, m[3])}
	}
	random, greedy := counts(lines[2], "random"), counts(lines[3], "greedy")
	ratios := regexp.MustCompile(`^\| zoomies \| greedy / random \| ([0-9.]+)x \| ([0-9.]+)x \| ([0-9.]+)x \|$`).FindStringSubmatch(lines[4])
	require.NotNil(t, ratios, "row: %s", lines[4])
	for i := range random {
		require.Greater(t, random[i], 0.0, "every count is positive: %s", lines[2])
		require.Greater(t, greedy[i], random[i], "a greedy decision costs more than a random one: %s", lines[3])
		// the ratio is of the counts before rounding: within 2% of the rounded ones' (misses are tens)
		require.InEpsilon(t, greedy[i]/random[i], number(t, ratios[i+1]), 0.02)
	}
}

func number(t *testing.T, s string) float64 {
	t.Helper()
	x, err := strconv.ParseFloat(strings.ReplaceAll(s, ",", ""), 64)
	require.NoError(t, err)
	return x
}
