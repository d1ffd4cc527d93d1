package tests

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/ruleslab/ruleslab/core/config"
)

// readmeBlocks returns the fenced code blocks of README.md with their language.
func readmeBlocks(t *testing.T, root string) (langs, bodies []string) {
	for _, f := range mdFences(t, filepath.Join(root, "README.md")) {
		langs = append(langs, f.lang)
		bodies = append(bodies, f.body)
	}
	return langs, bodies
}

// TestReadmeExamples runs every `go run ./cmd/ruleslab ...` line of README.md in order (in-process,
// from a scratch folder that sees the bundled games), with batch sizes capped so the suite stays fast,
// and checks its YAML and Lua snippets: the convention is in examples_test.go.
func TestReadmeExamples(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every README example (about 12 s of CPU): the full suite runs it")
	}
	root := repoRoot(t)
	scratchWithGames(t, root)
	readmeExamples(t, root)
}

// TestReadmeExamplesAnywhere runs the same examples from an empty folder outside the repository with
// RULESLAB_HOME unset: the bundled games come from the files embedded in the binary, and a path such as
// variants/mimic-taking/scenarios/first-trick.yaml names the embedded file.
func TestReadmeExamplesAnywhere(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every README example (about 12 s of CPU): the full suite runs it")
	}
	root := repoRoot(t)
	t.Setenv("RULESLAB_HOME", "")
	t.Chdir(t.TempDir())
	require.Equal(t, config.EmbeddedRoot, config.Home(), "a folder outside the repository must use the embedded games")
	readmeExamples(t, root)
}

// readmeExamples runs README's examples and checks that it shows every command, rule coverage and a
// report.
func readmeExamples(t *testing.T, root string) {
	ran, lines := runExamples(t, root, "README.md", mdFences(t, filepath.Join(root, "README.md")))
	for _, cmd := range []string{"games", "show", "validate", "run", "play", "sim", "compare", "sweep", "merge",
		"tournament", "fuzz", "replay", "bench", "source", "rules", "hooks", "new", "bots", "version"} {
		require.True(t, ran[cmd], "README has no example of %s", cmd)
	}
	all := strings.Join(lines, "\n")
	for _, flag := range []string{"--coverage", "--report", "--variant house/house.yaml"} {
		require.Contains(t, all, flag, "README has no example with %s", flag)
	}
}
