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
	block := regexp.MustCompile("(?ms)^```yaml\\n(.*?)^```")
	work := t.TempDir()
	n := 0
	for _, doc := range docs {
		data, err := os.ReadFile(doc)
		require.NoError(t, err)
		for _, m := range block.FindAllStringSubmatch(string(data), -1) {
			if !regexp.MustCompile(`(?m)^game: `).MatchString(m[1]) {
				continue
			}
			n++
			path := filepath.Join(work, "example.yaml")
			require.NoError(t, os.WriteFile(path, []byte(m[1]), 0o644))
			out, errb, code := execCLI(t, "run", path)
			require.Equal(t, 0, code, "%s: the example\n%s\ndoes not run: %s%s", filepath.Base(doc), m[1], out, errb)
		}
	}
	require.GreaterOrEqual(t, n, 5, "docs/scenarios.md has an example per bundled game")
}
