package tests

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// docCommands returns the lines of a markdown file's ```sh blocks (```sh cluster ones included) that
// start with prefix.
func docCommands(t *testing.T, doc, prefix string) []string {
	var out []string
	for _, f := range mdFences(t, filepath.Join(repoRoot(t), doc)) {
		if f.lang != "sh" {
			continue
		}
		for _, line := range strings.Split(f.body, "\n") {
			if line = strings.TrimSpace(line); strings.HasPrefix(line, prefix) {
				out = append(out, line)
			}
		}
	}
	return out
}

// shell runs a command line with sh in dir, the installed binary first on PATH and RULESLAB_HOME unset.
func shell(t *testing.T, bin, dir, line string) string {
	t.Helper()
	cmd := exec.Command("sh", "-c", line)
	cmd.Dir = dir
	cmd.Env = append(withoutHome(), "PATH="+filepath.Dir(bin)+string(os.PathListSeparator)+os.Getenv("PATH"))
	out, err := cmd.Output()
	var stderr string
	if ee, ok := err.(*exec.ExitError); ok {
		stderr = string(ee.Stderr)
	}
	require.NoError(t, err, "%s\n%s%s", line, out, stderr)
	return string(out)
}

var gamesFlag = regexp.MustCompile(`--games \d+`)

// TestGNUParallelShards runs docs/clusters.md's GNU parallel commands (fewer games) from a folder outside the
// repository: the merged shards print exactly what the one-machine sim prints.
func TestGNUParallelShards(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("parallel"); err != nil {
		t.Skip("GNU parallel is not installed (Debian package parallel)")
	}
	lines := docCommands(t, "docs/clusters.md", "parallel ruleslab sim ")
	merges := docCommands(t, "docs/clusters.md", "ruleslab merge shard-")
	require.Len(t, lines, 1, "docs/clusters.md shows one GNU parallel command")
	require.Len(t, merges, 1, "docs/clusters.md shows the merge after it")
	bin := buildBinary(t)
	dir := t.TempDir()
	par := gamesFlag.ReplaceAllString(lines[0], "--games 300")
	shell(t, bin, dir, par+" > /dev/null")
	got := shell(t, bin, dir, merges[0])
	// the same sim without parallel and --shard
	one, _, ok := strings.Cut(strings.TrimPrefix(par, "parallel "), " --shard ")
	require.True(t, ok, par)
	want := shell(t, bin, dir, one)
	require.Equal(t, want, got)
	require.Contains(t, got, "mimic-taking: 300 games")
}
