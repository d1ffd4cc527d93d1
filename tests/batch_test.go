package tests

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/ruleslab/ruleslab/cmd/cli"
)

// countGame is a fast test game (about one game in 500 fails on purpose).
func countGame(t *testing.T) string {
	p, err := filepath.Abs("testdata/batch/count.yaml")
	require.NoError(t, err)
	return p
}

type ran struct {
	code     int
	out, err string
}

func execute(args ...string) ran {
	var out, errb bytes.Buffer
	code := cli.Execute(&cli.IO{Out: &out, Err: &errb}, args)
	return ran{code, out.String(), errb.String()}
}

// runBinary runs the installed binary in dir and waits for it.
func runBinary(t *testing.T, bin, dir string, args ...string) ran {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else {
		require.NoError(t, err)
	}
	return ran{code, out.String(), errb.String()}
}

// countLines counts a file's lines and checks it ends in a newline (no partial line).
func countLines(t *testing.T, path string) int {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	if len(data) > 0 {
		require.Equal(t, byte('\n'), data[len(data)-1], "%s ends in a partial line", path)
	}
	return bytes.Count(data, []byte("\n"))
}

// interruptAndResume starts `ruleslab args... --out FILE --log LOG`, sends sig once FILE has more than
// minBytes, checks the interrupted run saved whole lines, said so and exited 130, then runs the same
// command with --resume and returns its result.
func interruptAndResume(t *testing.T, bin, dir string, sig syscall.Signal, minBytes int64, args ...string) ran {
	t.Helper()
	args = append(args, "--out", "results.jsonl", "--log", "games.jsonl")
	interruptAfter(t, bin, dir, sig, "results.jsonl", moreBytes(minBytes), args...)
	saved := countLines(t, filepath.Join(dir, "results.jsonl")) - 1
	logged := countLines(t, filepath.Join(dir, "games.jsonl"))
	require.Positive(t, saved)
	require.GreaterOrEqual(t, logged, saved, "the log has every saved game")
	return runBinary(t, bin, dir, append(args, "--resume")...)
}

// TestSimResumeAfterSIGINT: SIGINT during `sim --out FILE` of 100,000 games, then the same command with
// --resume: the output (summary, failures and the command that reproduces the first) is an
// uninterrupted run's, the results file has every game and the log replays.
func TestSimResumeAfterSIGINT(t *testing.T) {
	t.Parallel() // with the other tests of the binary, after the in-process ones: one may fill a core the other leaves idle (replay is single-threaded)
	bin := buildBinary(t)
	dir := t.TempDir()
	args := []string{"sim", countGame(t), "--games", "100000", "--seed", "3", "--workers", "2"}
	want := runBinary(t, bin, dir, args...)
	require.Equal(t, 1, want.code, "some games fail on purpose")
	require.Contains(t, want.out, "count: 99792 games, 3 players, seed 3")
	require.Contains(t, want.err, "208 games failed; the first: game 957 ")
	require.Contains(t, want.err, "reproduce it with: ruleslab sim "+countGame(t)+" --players 3 --seats random,random,random --seed 3 --games 100000 --index 957")

	got := interruptAndResume(t, bin, dir, syscall.SIGINT, 20_000, args...)
	require.Equal(t, want, got)
	require.Equal(t, 100001, countLines(t, filepath.Join(dir, "results.jsonl")))
	require.Equal(t, 100000-208, countLines(t, filepath.Join(dir, "games.jsonl"))-208)
	r := runBinary(t, bin, dir, "replay", "games.jsonl")
	require.Equal(t, 0, r.code, r.err)
	require.Contains(t, r.out, "99792 games replayed, all events identical, and their totals, winners and statistics (208 failed games skipped)")
	// the finished file summarises as the run did
	require.Equal(t, want, runBinary(t, bin, dir, "merge", "results.jsonl"))
}

// TestSimResumeAfterSIGTERM: the same with SIGTERM (a scheduler stopping a job), a bundled game and
// --json; and SIGTERM while ismcts seats search (the searches stop within an iteration).
func TestSimResumeAfterSIGTERM(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name     string
		minBytes int64
		args     []string
	}{
		{"greedy", 20_000, []string{"sim", "zoomies", "--games", "1500", "--seats", "greedy,random", "--seed", "11", "--workers", "2", "--json"}},
		{"ismcts", 800, []string{"sim", "zoomies", "--games", "200", "--seats", "ismcts:iterations=10,random", "--seed", "5", "--workers", "2", "--json"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			bin := buildBinary(t)
			dir := t.TempDir()
			want := runBinary(t, bin, dir, c.args...)
			require.Equal(t, 0, want.code, want.err)
			got := interruptAndResume(t, bin, dir, syscall.SIGTERM, c.minBytes, c.args...)
			require.Equal(t, want, got)
		})
	}
}

// TestShardsMergeEqualOneMachine: the shards of a batch (--shard I/N --out FILE), merged, print exactly
// what the batch prints on one machine, in text and JSON, failures included; merge names a missing,
// repeated or unfinished shard.
func TestShardsMergeEqualOneMachine(t *testing.T) {
	game := countGame(t)
	t.Chdir(t.TempDir())
	// seed 6: a game of shard 2/3 fails too, so its resume below exits 1
	base := []string{"sim", game, "--games", "2000", "--seed", "6", "--seats", "random", "--players", "4"}
	for _, json := range []bool{false, true} {
		var extra []string
		if json {
			extra = []string{"--json"}
		}
		want := execute(append(append([]string{}, base...), extra...)...)
		require.Equal(t, 1, want.code)
		for _, n := range []int{1, 3, 7} {
			var files []string
			for i := n - 1; i >= 0; i-- {
				f := filepath.Join(t.TempDir(), "shard.jsonl")
				r := execute(append(base, "--shard", strconv.Itoa(i)+"/"+strconv.Itoa(n), "--out", f)...)
				require.NotEqual(t, 2, r.code, r.err)
				files = append(files, f)
			}
			got := execute(append(append([]string{"merge"}, files...), extra...)...)
			require.Equal(t, want, got, "%d shards, json %v", n, json)
			if n == 3 {
				r := execute("merge", files[0], files[1])
				require.Equal(t, 1, r.code)
				require.Contains(t, r.err, "shard 0/3 missing")
				r = execute("merge", files[0], files[1], files[2], files[1])
				require.Contains(t, r.err, "are both shard 1/3")
				// an unfinished shard: cut its file
				data, err := os.ReadFile(files[0])
				require.NoError(t, err)
				require.NoError(t, os.WriteFile(files[0], data[:len(data)/2], 0o644))
				r = execute(append([]string{"merge"}, files...)...)
				require.Contains(t, r.err, "shard 2/3 is incomplete")
				require.Contains(t, r.err, "--shard 2/3 --out "+files[0]+" --resume")
				// ... which --resume finishes (the partial last line is dropped)
				r = execute(append(base, "--shard", "2/3", "--out", files[0], "--resume")...)
				require.Equal(t, 1, r.code, r.err)
				require.Equal(t, want, execute(append(append([]string{"merge"}, files...), extra...)...))
			}
		}
	}
	// resuming with another command is refused, naming what differs
	f := filepath.Join(t.TempDir(), "r.jsonl")
	execute(append(base, "--out", f)...)
	r := execute("sim", game, "--games", "2000", "--seed", "7", "--seats", "random", "--players", "4", "--out", f, "--resume")
	require.Equal(t, 1, r.code)
	require.Contains(t, r.err, "was written by another command, cannot resume: command line --seed=6 (this command: --seed=7); seed 6 (this command: 7)")
	r = execute(append(base, "--shard", "3/3")...)
	require.Equal(t, 2, r.code)
	require.Contains(t, r.err, "--shard \"3/3\": expected I/N with 0 <= I < N")
}
