package tests

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestMillionGamesBoundedMemory runs docs/clusters.md's 1,000,000-game sim under /usr/bin/time -v and checks its
// peak resident memory stays under 200 MB, and that merge of its results file prints the same summary.
// It takes about ten minutes: only with RULESLAB_MILLION=1, never in CI.
func TestMillionGamesBoundedMemory(t *testing.T) {
	if os.Getenv("RULESLAB_MILLION") != "1" {
		t.Skip("set RULESLAB_MILLION=1 to run the 1,000,000-game sim (about ten minutes)")
	}
	if _, err := os.Stat("/usr/bin/time"); err != nil {
		t.Skip("needs /usr/bin/time (Debian package time)")
	}
	bin := buildBinary(t)
	dir := t.TempDir()
	cmd := exec.Command("/usr/bin/time", "-v", bin, "sim", "zoomies", "--games", "1000000", "--seats", "random", "--workers", "2", "--out", "big.jsonl")
	cmd.Dir = dir
	out, err := cmd.Output()
	stderr := ""
	if ee, ok := err.(*exec.ExitError); ok {
		stderr = string(ee.Stderr)
	}
	require.NoError(t, err, stderr)
	m := regexp.MustCompile(`Maximum resident set size \(kbytes\): (\d+)`).FindStringSubmatch(stderr)
	require.NotNil(t, m, stderr)
	kb, _ := strconv.Atoi(m[1])
	t.Logf("peak RSS %d kB", kb)
	require.Less(t, kb, 200_000)
	merged := runBinary(t, bin, dir, "merge", filepath.Join(dir, "big.jsonl"))
	require.Equal(t, string(out), merged.out)
}
