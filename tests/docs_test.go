package tests

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestDocsScenarioExamples: every YAML example in docs/*.md that is a scenario (it has a top-level
// `game:` key) is a scenario `run` plays to its last move, so the documentation cannot drift from the
// games.
func TestDocsScenarioExamples(t *testing.T) {
	root := repoRoot(t)
	t.Setenv("RULESLAB_HOME", root)
	docs, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	require.NoError(t, err)
	work := t.TempDir()
	n := 0
	for _, doc := range docs {
		for _, f := range mdFences(t, doc) {
			if f.lang != "yaml" || !regexp.MustCompile(`(?m)^game: `).MatchString(f.body) {
				continue
			}
			n++
			path := filepath.Join(work, "example.yaml")
			require.NoError(t, os.WriteFile(path, []byte(f.body), 0o644))
			out, errb, code := execCLI(t, "run", path)
			require.Equal(t, 0, code, "%s:%d: the example\n%s\ndoes not run: %s%s", filepath.Base(doc), f.line, f.body, out, errb)
		}
	}
	require.GreaterOrEqual(t, n, 5, "docs/scenarios.md has an example per bundled game")
}

// TestDocsCommandExamples runs the command examples of every docs/*.md as README's are run (the
// convention is in examples_test.go: `go run ./cmd/ruleslab ...` lines of ```sh blocks, in order, with
// batch sizes capped; ```sh cluster blocks excepted), each file from its own scratch folder.
func TestDocsCommandExamples(t *testing.T) {
	root := repoRoot(t)
	docs, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	require.NoError(t, err)
	total := 0
	for _, doc := range docs {
		t.Run(filepath.Base(doc), func(t *testing.T) {
			scratchWithGames(t, root)
			_, lines := runExamples(t, root, "docs/"+filepath.Base(doc), mdFences(t, doc))
			total += len(lines)
		})
	}
	require.Greater(t, total, 10, "the docs show commands")
}

// TestDocsHaveNoLabNotes: README.md and docs/*.md are for users: no dated measurements and no
// development milestones ("stop 20"); figures are current, with the command that reproduces them.
func TestDocsHaveNoLabNotes(t *testing.T) {
	root := repoRoot(t)
	docs, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	require.NoError(t, err)
	notes := regexp.MustCompile(`\b20\d\d-\d\d-\d\d\b|\b[Ss]top (\d+|N)\b`)
	for _, doc := range append(docs, filepath.Join(root, "README.md")) {
		data, err := os.ReadFile(doc)
		require.NoError(t, err)
		require.Empty(t, notes.FindAllString(string(data), -1), "%s carries lab notes", filepath.Base(doc))
	}
}
