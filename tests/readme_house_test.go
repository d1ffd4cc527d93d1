package tests

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ruleslab/ruleslab/core/config"
)

// firstHouseRule is the heading of README's walk from an installed binary to a compared house rule.
const firstHouseRule = "## Your first house rule"

// README's "Your first house rule" is a new designer's whole path in at most 25 lines: `new`, the edit
// (its yaml block), `validate` and `sim`. Run as written (games and all) from an empty folder with the
// embedded games, each command succeeds, and sim prints the rows README shows, figures included.
func TestReadmeFirstHouseRule(t *testing.T) {
	root := repoRoot(t)
	first, last := sectionLines(t, filepath.Join(root, "README.md"), firstHouseRule)
	require.LessOrEqual(t, last-first+1, 25, "README's %q takes more than 25 lines", firstHouseRule)
	t.Setenv("RULESLAB_HOME", "")
	t.Chdir(t.TempDir())
	require.Equal(t, config.EmbeddedRoot, config.Home())
	var ran []string
	var out string
	for _, f := range mdFences(t, filepath.Join(root, "README.md")) {
		if f.line < first || f.line > last {
			continue
		}
		switch f.lang {
		case "sh":
			for _, line := range strings.Split(strings.TrimSpace(f.body), "\n") {
				words, ok := shellWords(strings.TrimPrefix(line, cmdPrefix))
				require.True(t, ok && strings.HasPrefix(line, cmdPrefix), "%q is not a ruleslab command", line)
				stdout, stderr, code := execCLI(t, words...)
				require.Equal(t, 0, code, "%s:\n%s%s", line, stdout, stderr)
				ran, out = append(ran, words[0]), stdout
			}
		case "yaml":
			path, _, _ := strings.Cut(f.body, "\n")
			path = strings.TrimPrefix(path, "# ")
			require.FileExists(t, path, "the edited file must be one `new` wrote")
			require.NoError(t, os.WriteFile(path, []byte(f.body), 0o644))
		case "text":
			for _, row := range strings.Split(strings.TrimSpace(f.body), "\n") {
				assert.True(t, slices.ContainsFunc(strings.Split(out, "\n"), func(l string) bool {
					return hasFieldPrefix(l, row)
				}), "sim prints no line starting %q:\n%s", row, out)
			}
		}
	}
	assert.Equal(t, []string{"new", "validate", "sim"}, ran)
	assert.Contains(t, out, "compared with what it extends (mimic-taking)")
}

// sectionLines are the first and last lines (1-based) of a markdown section's body: from the line
// after its heading to the last line that is not blank before the next heading of its level.
func sectionLines(t *testing.T, path, heading string) (first, last int) {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	lines := strings.Split(string(data), "\n")
	at := slices.Index(lines, heading)
	require.GreaterOrEqual(t, at, 0, "%s has no %q", path, heading)
	level := strings.Fields(heading)[0] + " "
	first, last = at+2, at+1
	for n := at + 1; n < len(lines) && !strings.HasPrefix(lines[n], level); n++ {
		if strings.TrimSpace(lines[n]) != "" {
			last = n + 1
		}
	}
	return first, last
}

// hasFieldPrefix reports whether line's words start with want's (a README row shows a table's first
// columns, its spacing aside).
func hasFieldPrefix(line, want string) bool {
	lw, ww := strings.Fields(line), strings.Fields(want)
	return len(ww) > 0 && len(lw) >= len(ww) && slices.Equal(lw[:len(ww)], ww)
}
