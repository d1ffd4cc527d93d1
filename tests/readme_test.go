package tests

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/ruleslab/ruleslab/cmd/cli"
	"github.com/ruleslab/ruleslab/core/config"
)

// readmeBlocks returns the fenced code blocks of README.md with their language.
func readmeBlocks(t *testing.T, root string) (langs, bodies []string) {
	data, err := os.ReadFile(filepath.Join(root, "README.md"))
	require.NoError(t, err)
	re := regexp.MustCompile("(?ms)^```(\\w*)\\n(.*?)^```")
	for _, m := range re.FindAllStringSubmatch(string(data), -1) {
		langs = append(langs, m[1])
		bodies = append(bodies, m[2])
	}
	return langs, bodies
}

// TestReadmeExamples runs every `go run ./cmd/ruleslab ...` line of README.md in order (in-process,
// from a scratch folder that sees the bundled games), with batch sizes capped so the suite stays fast.
// Each must exit 0. The YAML snippets must be true too: the face-up overlay is the bundled file, and the
// house rule validates.
func TestReadmeExamples(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every README example (about 12 s of CPU): the full suite runs it")
	}
	root := repoRoot(t)
	work := t.TempDir()
	for _, d := range []string{"variants", "scripts"} {
		require.NoError(t, os.Symlink(filepath.Join(root, d), filepath.Join(work, d)))
	}
	t.Setenv("RULESLAB_HOME", root)
	t.Chdir(work)
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

func readmeExamples(t *testing.T, root string) {
	games := regexp.MustCompile(`--games (\d+)`)
	langs, bodies := readmeBlocks(t, root)
	ran := map[string]bool{}
	for i, body := range bodies {
		switch langs[i] {
		case "sh":
			for _, line := range strings.Split(body, "\n") {
				line = strings.TrimSpace(line)
				if !strings.HasPrefix(line, "go run ./cmd/ruleslab ") {
					continue
				}
				cmdline := games.ReplaceAllStringFunc(line, func(m string) string {
					if n, _ := strconv.Atoi(games.FindStringSubmatch(m)[1]); n > 40 {
						return "--games 40"
					}
					return m
				})
				if strings.HasPrefix(cmdline, "go run ./cmd/ruleslab tournament ") {
					// a search bot plays whole games per decision: one pass of seatings, a tiny budget
					cmdline = games.ReplaceAllString(cmdline, "--games 1")
					cmdline = regexp.MustCompile(`ismcts(:iterations=\d+)?`).ReplaceAllString(cmdline, "ismcts:iterations=2")
				}
				args := strings.Fields(strings.TrimPrefix(cmdline, "go run ./cmd/ruleslab "))
				var out, errb bytes.Buffer
				code := cli.Execute(&cli.IO{In: strings.NewReader("help\n1\nquit\n"), Out: &out, Err: &errb}, args)
				require.Equal(t, 0, code, "README line %q failed:\n%s%s", line, out.String(), errb.String())
				require.NotEmpty(t, out.String(), "README line %q printed nothing", line)
				ran[args[0]] = true
			}
		case "yaml":
			if strings.Contains(body, "extends: mimic-taking.yaml") {
				file, err := os.ReadFile(filepath.Join(root, "variants/mimic-taking/face-up.yaml"))
				require.NoError(t, err)
				for _, l := range strings.Split(strings.TrimSpace(body), "\n") {
					require.Contains(t, string(file), l, "README's face-up snippet is not the bundled file")
				}
				continue
			}
			require.NoError(t, os.WriteFile("house.yaml", []byte(body), 0o644))
			var out, errb bytes.Buffer
			code := cli.Execute(&cli.IO{Out: &out, Err: &errb}, []string{"validate", "house.yaml"})
			require.Equal(t, 0, code, out.String()+errb.String())
		case "lua":
			require.NoError(t, os.WriteFile("house.lua", []byte(body), 0o644))
			require.NoError(t, os.WriteFile("house-lua.yaml", []byte("extends: mimic-taking\noverrides: [house.lua]\n"), 0o644))
			var out, errb bytes.Buffer
			code := cli.Execute(&cli.IO{Out: &out, Err: &errb}, []string{"sim", "house-lua.yaml", "--games", "20"})
			require.Equal(t, 0, code, out.String()+errb.String())
		}
	}
	for _, cmd := range []string{"games", "show", "validate", "run", "play", "sim", "merge", "tournament", "fuzz", "replay", "bench"} {
		require.True(t, ran[cmd], "README has no example of %s", cmd)
	}
}
