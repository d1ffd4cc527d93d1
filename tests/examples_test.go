package tests

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/ruleslab/ruleslab/cmd/cli"
)

// The examples of README.md and docs/*.md are executed by TestReadmeExamples* and
// TestDocsCommandExamples, with one convention for both:
//
//   - A command example is a line `go run ./cmd/ruleslab ARGS` in a fenced block tagged ```sh (one
//     command per line; it works as written from a checkout, and as `ruleslab ARGS` with the binary
//     installed). Each is run in-process, in the order the file gives them, from a scratch folder
//     (one per file), and must exit 0 and print something. The arguments are split as sh splits plain
//     words and single- or double-quoted strings; a line with a variable, pipe, redirection or `;`
//     fails the test, since it could not be run as shown.
//   - The folder of a file a command writes (`--report`, `--out`, `--log`) is made in the scratch folder.
//   - A line seating an example bot (`cmd:python3 ...`, `cmd:node ...`) is skipped when its
//     interpreter is not installed, as the other external-bot tests are.
//   - Batch sizes are capped so the suite stays fast: `--games N` above 40 (or no `--games`) runs 40
//     games (4 with an external `cmd:` bot, which starts a process per seat per game); a `tournament`
//     runs one pass of seatings (`--games 1`); every `ismcts` bot searches 2 iterations.
//   - Every other line of a ```sh block must be blank, a `#` comment, a Go toolchain command (`go
//     test`, `go build`, `go install`, `go vet`, optionally after VAR=value settings), or one of the
//     repository's own scripts (`scripts/...`, run by a test of its own: perf_table_test.go): those
//     are not run here (they are the test suite itself, a build or a long measurement), but each
//     `./path` they name, and the script, must exist.
//   - A block tagged ```sh cluster is not run here: it needs a cluster (Slurm, Kubernetes) or GNU
//     parallel and an installed binary. That is the only opt-out. tests/parallel_test.go runs the GNU
//     parallel commands of docs/clusters.md; slurm_test.go and k8s_test.go run the cluster scripts.
//   - A ```yaml block with a top-level `extends:` is a house rule: it is saved as house.yaml in the
//     scratch folder, or at the path its first line names (`# house/house.yaml`: an edit of a file an
//     earlier `new` wrote), and must pass `validate` (later commands of the file may use it), except the
//     face-up overlay (`extends: mimic-taking.yaml`), whose lines must be those of the bundled file.
//     A ```yaml block with a top-level `game:` is a scenario (TestDocsScenarioExamples plays it).
//   - A ```lua block whose first line is `-- house.lua...` is saved as house.lua and played as an
//     override of Mimic Taking. Other yaml and lua blocks are reference fragments.
//   - ```text, ```json and untagged blocks are printed output or messages, not run; a ruleslab command
//     line in one fails the test (it would look like an example and go unrun).

// yamlPathComment is a house rule block's first line naming where it is saved: `# house/house.yaml`.
var yamlPathComment = regexp.MustCompile(`^# [\w./-]+\.yaml$`)

// fence is one fenced code block of a markdown file.
type fence struct {
	line int      // of the opening fence, 1-based
	lang string   // the first word of the info string: sh, yaml, lua, text...
	tags []string // the other words of the info string (cluster)
	body string
}

func (f fence) tagged(tag string) bool {
	for _, t := range f.tags {
		if t == tag {
			return true
		}
	}
	return false
}

// mdFences returns the fenced code blocks of a markdown file, in order. A fence opens on a line that
// starts with ``` and closes on the next line that is only ```.
func mdFences(t testing.TB, path string) []fence {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	var out []fence
	var cur *fence
	var body strings.Builder
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		switch {
		case cur == nil && strings.HasPrefix(line, "```"):
			words := strings.Fields(strings.TrimPrefix(line, "```"))
			cur = &fence{line: n}
			if len(words) > 0 {
				cur.lang, cur.tags = words[0], words[1:]
			}
			body.Reset()
		case cur != nil && strings.TrimSpace(line) == "```":
			cur.body = body.String()
			out = append(out, *cur)
			cur = nil
		case cur != nil:
			body.WriteString(line + "\n")
		}
	}
	require.Nil(t, cur, "%s: a fence opened on line %d is not closed", path, func() int {
		if cur != nil {
			return cur.line
		}
		return 0
	}())
	return out
}

// shellWords splits a command line as sh splits plain words and quoted strings. It refuses what it
// cannot run as written: variables, globs, pipes, redirections, command lists.
func shellWords(line string) ([]string, bool) {
	var words []string
	var cur strings.Builder
	inWord := false
	var quote rune
	for _, r := range line {
		switch {
		case quote != 0:
			if r == quote {
				quote = 0
			} else {
				cur.WriteRune(r)
			}
		case r == '\'' || r == '"':
			quote, inWord = r, true
		case r == ' ' || r == '\t':
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		case strings.ContainsRune("$`|&;<>*?\\(){}", r):
			return nil, false
		default:
			cur.WriteRune(r)
			inWord = true
		}
	}
	if quote != 0 {
		return nil, false
	}
	if inWord {
		words = append(words, cur.String())
	}
	return words, true
}

const cmdPrefix = "go run ./cmd/ruleslab "

var (
	gamesArg   = regexp.MustCompile(`^\d+$`)
	ismctsSpec = regexp.MustCompile(`\bismcts(:iterations=\d+,?|:)?`)
	batch      = map[string]bool{"sim": true, "compare": true, "sweep": true, "tournament": true, "fuzz": true, "bench": true}
	envAssign  = regexp.MustCompile(`^[A-Z_][A-Z0-9_]*=\S*\s+`)
	// commandLine is a ruleslab command line outside a ```sh block
	commandLine = regexp.MustCompile(`^\s*(\$ )?(go run \./cmd/ruleslab|ruleslab) (games|show|validate|run|play|sim|compare|sweep|tournament|fuzz|bench|replay|merge|version|hooks|source|rules|new)\b`)
)

// capArgs caps the batch sizes of a command example (see the convention above).
func capArgs(args []string) []string {
	out := append([]string(nil), args...)
	if batch[out[0]] && !slices.Contains(out, "--games") {
		out = append(out, "--games", "40") // not the command's default of 100 or 1000 games
	}
	for i := range out {
		if i > 0 && out[i-1] == "--games" && gamesArg.MatchString(out[i]) {
			n, _ := strconv.Atoi(out[i])
			switch {
			case out[0] == "tournament":
				out[i] = "1"
			case n > 4 && slices.ContainsFunc(out, func(a string) bool { return strings.Contains(a, "cmd:") }):
				out[i] = "4" // a process per seat per game
			case n > 40:
				out[i] = "40"
			}
		}
		if strings.Contains(out[i], "ismcts") {
			out[i] = ismctsSpec.ReplaceAllStringFunc(out[i], func(m string) string {
				if strings.HasSuffix(m, ":") || strings.HasSuffix(m, ",") {
					return "ismcts:iterations=2,"
				}
				return "ismcts:iterations=2"
			})
		}
	}
	return out
}

// runExamples runs the examples of one markdown file's blocks in the current folder (see the
// convention above) and returns the commands run (args[0]) and every command line run.
func runExamples(t *testing.T, root, name string, blocks []fence) (ran map[string]bool, lines []string) {
	ran = map[string]bool{}
	for _, b := range blocks {
		where := name + ":" + strconv.Itoa(b.line)
		switch b.lang {
		case "sh":
			if b.tagged("cluster") {
				continue
			}
			for _, line := range strings.Split(b.body, "\n") {
				line = strings.TrimSpace(line)
				if line == "" || strings.HasPrefix(line, "#") {
					continue
				}
				if !strings.HasPrefix(line, cmdPrefix) {
					checkToolchainLine(t, root, where, line)
					continue
				}
				if missing := missingInterpreter(line); missing != "" {
					t.Logf("%s: %q skipped: %s is not installed", where, line, missing)
					continue
				}
				words, ok := shellWords(strings.TrimPrefix(line, cmdPrefix))
				require.True(t, ok, "%s: %q is not a plain command line", where, line)
				args := capArgs(words)
				for i := 1; i < len(args); i++ {
					if f := args[i-1]; f == "--report" || f == "--out" || f == "--log" {
						require.NoError(t, os.MkdirAll(filepath.Dir(args[i]), 0o755)) // docs/coverage/jiji.md
					}
				}
				var out, errb bytes.Buffer
				start := time.Now()
				code := cli.Execute(&cli.IO{In: strings.NewReader("help\n1\nquit\n"), Out: &out, Err: &errb}, args)
				require.Equal(t, 0, code, "%s: %q failed:\n%s%s", where, line, out.String(), errb.String())
				require.NotEmpty(t, out.String(), "%s: %q printed nothing", where, line)
				t.Logf("%s: %s (%.1fs)", where, strings.Join(args, " "), time.Since(start).Seconds())
				ran[args[0]] = true
				lines = append(lines, line)
			}
		case "text", "json", "":
			// printed output; a command written here would go unrun
			for _, line := range strings.Split(b.body, "\n") {
				require.False(t, commandLine.MatchString(line), "%s: %q is a command in a block that is not ```sh: it would not be run", where, line)
			}
		case "yaml":
			if !regexp.MustCompile(`(?m)^extends: `).MatchString(b.body) {
				continue
			}
			if strings.Contains(b.body, "extends: mimic-taking.yaml") {
				file, err := os.ReadFile(filepath.Join(root, "variants/mimic-taking/face-up.yaml"))
				require.NoError(t, err)
				for _, l := range strings.Split(strings.TrimSpace(b.body), "\n") {
					require.Contains(t, string(file), l, "%s: the face-up snippet is not the bundled file", where)
				}
				continue
			}
			file := "house.yaml"
			if first, _, _ := strings.Cut(b.body, "\n"); yamlPathComment.MatchString(first) {
				file = strings.TrimPrefix(first, "# ")
			}
			require.NoError(t, os.WriteFile(file, []byte(b.body), 0o644))
			out, errb, code := execCLI(t, "validate", file)
			require.Equal(t, 0, code, "%s: the house rule does not validate: %s%s", where, out, errb)
		case "lua":
			if !strings.HasPrefix(b.body, "-- house.lua") {
				continue
			}
			require.NoError(t, os.WriteFile("house.lua", []byte(b.body), 0o644))
			require.NoError(t, os.WriteFile("house-lua.yaml", []byte("extends: mimic-taking\noverrides: [house.lua]\n"), 0o644))
			out, errb, code := execCLI(t, "sim", "house-lua.yaml", "--games", "20")
			require.Equal(t, 0, code, "%s: the house.lua override does not play: %s%s", where, out, errb)
		}
	}
	return ran, lines
}

// checkToolchainLine accepts a Go toolchain command (not run here) whose ./paths exist.
func checkToolchainLine(t *testing.T, root, where, line string) {
	t.Helper()
	cmd := envAssign.ReplaceAllString(line, "")
	for envAssign.MatchString(cmd) {
		cmd = envAssign.ReplaceAllString(cmd, "")
	}
	ok := false
	for _, p := range []string{"go test ", "go build ", "go install ", "go vet "} {
		ok = ok || strings.HasPrefix(cmd, p)
	}
	if script := strings.Fields(cmd + " ")[0]; strings.HasPrefix(script, "scripts/") {
		st, err := os.Stat(filepath.Join(root, script))
		require.True(t, err == nil && st.Mode()&0o111 != 0, "%s: %q runs %s, which is not an executable script of the repository", where, line, script)
		ok = true
	}
	require.True(t, ok, "%s: %q is neither `%s...` nor a Go toolchain command: run it from the test or tag the block ```sh cluster if it needs a cluster", where, line, cmdPrefix)
	for _, w := range strings.Fields(cmd) {
		if strings.HasPrefix(w, "./") {
			dir := strings.TrimSuffix(strings.TrimSuffix(w, "..."), "/")
			st, err := os.Stat(filepath.Join(root, dir))
			require.True(t, err == nil && st.IsDir(), "%s: %q names %s, which is not a folder of the repository", where, line, w)
		}
	}
}

// scratchWithGames makes a scratch folder holding links to the repository's variants/ and scripts/
// (so paths such as scripts/bots/example_bot.py resolve) and makes it the working folder.
func scratchWithGames(t *testing.T, root string) {
	t.Helper()
	work := t.TempDir()
	for _, d := range []string{"variants", "scripts"} {
		require.NoError(t, os.Symlink(filepath.Join(root, d), filepath.Join(work, d)))
	}
	t.Setenv("RULESLAB_HOME", root)
	t.Chdir(work)
}

func TestShellWordsAndCaps(t *testing.T) {
	w, ok := shellWords(`sim zoomies --games 100 --seats 'cmd:python3 scripts/bots/example_bot.py,random'`)
	require.True(t, ok)
	require.Equal(t, []string{"sim", "zoomies", "--games", "100", "--seats", "cmd:python3 scripts/bots/example_bot.py,random"}, w)
	_, ok = shellWords(`sim $g --games 10`)
	require.False(t, ok)
	require.Equal(t, []string{"sim", "mito", "--games", "40", "--seats", "ismcts:iterations=2,greedy"},
		capArgs([]string{"sim", "mito", "--games", "400", "--seats", "ismcts,greedy"}))
	require.Equal(t, []string{"sim", "simino", "--games", "10", "--seats", "ismcts:iterations=2,horizon=round"},
		capArgs([]string{"sim", "simino", "--games", "10", "--seats", "ismcts:iterations=100,horizon=round"}))
	require.Equal(t, []string{"tournament", "mito", "--bots", "ismcts:iterations=2,margin=0.5,greedy", "--games", "1"},
		capArgs([]string{"tournament", "mito", "--bots", "ismcts:margin=0.5,greedy", "--games", "216"}))
}

// missingInterpreter is the interpreter of an example bot a command line seats (cmd:python3, cmd:node)
// when it is not installed, else "".
func missingInterpreter(line string) string {
	for _, interp := range []string{"python3", "node"} {
		if _, err := exec.LookPath(interp); err != nil && strings.Contains(line, "cmd:"+interp+" ") {
			return interp
		}
	}
	return ""
}
