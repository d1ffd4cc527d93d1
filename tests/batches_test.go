package tests

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/ruleslab/ruleslab/cmd/cli"
	"github.com/stretchr/testify/require"
)

// The batch commands beyond sim, each small: a tournament with a search bot, a comparison of two
// variants under skilled play, a sweep over a grid of settings.
var (
	tournamentArgs = []string{"tournament", "zoomies", "--bots", "ismcts:iterations=20,random", "--games", "12", "--seed", "5"}
	compareArgs    = []string{"compare", "mimic-taking", "--variant", "base", "--variant", "face-up", "--games", "40", "--seats", "greedy,random", "--seed", "4"}
	sweepArgs      = []string{"sweep", "zoomies", "--set", "params.removed=1,2", "--games", "20", "--seats", "greedy,random", "--seed", "4"}
	// a sequential comparison that stops at its second look (20 of 60 games), one that never stops,
	// and a ladder of three budgets
	resolvedArgs   = []string{"compare", "mito", "--variant", "base", "--variant", "multi-round", "--games", "60", "--until-significant", "lead_changes", "--every", "10", "--seed", "4"}
	unresolvedArgs = []string{"compare", "mimic-taking", "--variant", "base", "--variant", "face-up", "--games", "50", "--until-significant", "moves", "--every", "10", "--seats", "greedy,random", "--seed", "4"}
	ladderArgs     = []string{"tournament", "zoomies", "--bots", "ismcts:iterations=2", "--ladder", "--rungs", "3", "--games", "7", "--seed", "3"}
)

// shardFiles runs args as n shards, each writing dir/shard-I.jsonl, and returns the files.
func shardFiles(t *testing.T, dir string, n int, args []string) []string {
	t.Helper()
	var files []string
	for i := 0; i < n; i++ {
		f := filepath.Join(dir, "shard-"+strconv.Itoa(i)+".jsonl")
		r := execute(append(append([]string{}, args...), "--shard", strconv.Itoa(i)+"/"+strconv.Itoa(n), "--out", f)...)
		require.NotEqual(t, 2, r.code, r.err)
		files = append(files, f)
	}
	return files
}

// checkShardsMerge: args split into 3 shards and merged print exactly what args print on one machine,
// as text, JSON and CSV (stdout, stderr and exit code), and write the same --report but for its date.
func checkShardsMerge(t *testing.T, args []string) {
	t.Helper()
	checkShardsMergeOutputs(t, args, [][]string{nil, {"--json"}, {"--csv"}, {"--report", "r.html"}})
}

// checkShardsMergeOutputs is checkShardsMerge for the outputs the command has (each extra flags).
func checkShardsMergeOutputs(t *testing.T, args []string, outputs [][]string) {
	t.Helper()
	t.Chdir(t.TempDir()) // the reports, by the same relative name
	files := shardFiles(t, t.TempDir(), 3, args)
	for _, extra := range outputs {
		want := execute(append(append([]string{}, args...), extra...)...)
		require.Equal(t, 0, want.code, want.err)
		wantReport := readReport(t, extra)
		// the shards in any order
		got := execute(append([]string{"merge", files[2], files[0], files[1]}, extra...)...)
		require.Equal(t, want, got, "%v %v", args, extra)
		require.Equal(t, wantReport, readReport(t, extra), "%v %v", args, extra)
	}
}

var reportDate = regexp.MustCompile(`\d{4}-\d\d-\d\d</small>`)

// readReport reads and removes the --report of extra, if any, without its date.
func readReport(t *testing.T, extra []string) string {
	t.Helper()
	if len(extra) < 2 {
		return ""
	}
	data, err := os.ReadFile(extra[1])
	require.NoError(t, err)
	require.NoError(t, os.Remove(extra[1]))
	require.Contains(t, string(data), `<svg class="plot"`) // plots are drawn inline
	return reportDate.ReplaceAllString(string(data), "DATE</small>")
}

func TestTournamentShardsMergeEqualOneMachine(t *testing.T) { checkShardsMerge(t, tournamentArgs) }
func TestCompareShardsMergeEqualOneMachine(t *testing.T)    { checkShardsMerge(t, compareArgs) }
func TestSweepShardsMergeEqualOneMachine(t *testing.T)      { checkShardsMerge(t, sweepArgs) }
func TestLadderShardsMergeEqualOneMachine(t *testing.T)     { checkShardsMerge(t, ladderArgs) }

// sim's report draws its score and length histograms from counts per value: the shards' counts,
// merged, draw the very plots of one machine.
func TestSimReportShardsMergeEqualOneMachine(t *testing.T) {
	args := []string{"sim", "mimic-taking", "--games", "60", "--seats", "greedy,random", "--seed", "4"}
	checkShardsMergeOutputs(t, args, [][]string{nil, {"--json"}, {"--report", "r.html"}})
}

// A variant's sim, which plays game i under the variant and under its base as one unit, interrupted by
// SIGINT and resumed prints what an uninterrupted run prints, the comparison with the base included;
// its results file, merged, prints the variant alone (as --no-base does).
func TestVariantSimResumeAfterSIGINT(t *testing.T) {
	t.Parallel()
	bin := buildBinary(t)
	dir := t.TempDir()
	args := []string{"sim", "mimic-taking", "--variant", "face-up", "--games", "400", "--seats", "greedy,random", "--seed", "4", "--workers", "2"}
	want := runBinary(t, bin, dir, args...)
	require.Equal(t, 0, want.code, want.err)
	require.Contains(t, want.out, "compared with what it extends")
	withOut := append(append([]string{}, args...), "--out", "results.jsonl")
	interruptAfter(t, bin, dir, syscall.SIGINT, "results.jsonl", moreLines(20), withOut...)
	require.Equal(t, want, runBinary(t, bin, dir, append(withOut, "--resume")...))
	require.Equal(t, 401, countLines(t, filepath.Join(dir, "results.jsonl")))
	require.Equal(t, runBinary(t, bin, dir, append(args, "--no-base")...).out, runBinary(t, bin, dir, "merge", "results.jsonl").out)
}

// A sequential comparison in 3 shards, each playing its games up to --games without looking, merges
// to what one machine prints: the stopping rule applied to the games in index order, counting the
// games up to the look that stopped (or every game when none did).
func TestSequentialCompareShardsMergeEqualOneMachine(t *testing.T) {
	one := execute(append(append([]string{}, resolvedArgs...), "--json")...)
	require.Equal(t, 0, one.code, one.err)
	require.Contains(t, one.out, `"games_played": 20,`)
	require.Contains(t, one.out, `"resolved": true`)
	checkShardsMerge(t, resolvedArgs)
	checkShardsMerge(t, unresolvedArgs)
	// a shard says that it takes no look
	r := execute(append(append([]string{}, resolvedArgs...), "--shard", "1/3", "--out", filepath.Join(t.TempDir(), "s.jsonl"))...)
	require.Equal(t, 0, r.code, r.err)
	require.Contains(t, r.err, "note: a shard of --until-significant plays its games up to --games and takes no look")
	require.NotContains(t, r.out, "until-significant")
}

// interruptAfter starts the binary with args, sends sig once out is ready (enough of it written), and
// checks the run stopped with exit 130, saying so, with whole lines saved.
func interruptAfter(t *testing.T, bin, dir string, sig syscall.Signal, out string, ready func(data []byte) bool, args ...string) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	require.NoError(t, cmd.Start())
	deadline := time.Now().Add(2 * time.Minute)
	for {
		data, _ := os.ReadFile(filepath.Join(dir, out))
		if ready(data) {
			break
		}
		require.True(t, time.Now().Before(deadline), "the run saved no results: %s", stderr.String())
		time.Sleep(20 * time.Millisecond)
	}
	require.NoError(t, cmd.Process.Signal(sig))
	err := cmd.Wait()
	require.Error(t, err, "the run ended before the signal: %s", stderr.String())
	require.Equal(t, cli.ExitInterrupted, cmd.ProcessState.ExitCode(), stderr.String())
	require.Contains(t, stderr.String(), "interrupted")
	require.Contains(t, stderr.String(), "run the same command with --resume")
	countLines(t, filepath.Join(dir, out))
}

// moreLines is ready once a file has more than n lines.
func moreLines(n int) func([]byte) bool {
	return func(data []byte) bool { return bytes.Count(data, []byte("\n")) > n }
}

// moreBytes is ready once a file has more than n bytes.
func moreBytes(n int64) func([]byte) bool {
	return func(data []byte) bool { return int64(len(data)) > n }
}

// checkResume: args interrupted by SIGINT and resumed print exactly what an uninterrupted run prints.
func checkResume(t *testing.T, args []string) { t.Helper(); checkResumeAfter(t, args, 2) }

// checkResumeAfter is checkResume with the signal sent once the results file has more than lines lines.
func checkResumeAfter(t *testing.T, args []string, lines int) {
	t.Helper()
	bin := buildBinary(t)
	dir := t.TempDir()
	args = append(append([]string{}, args...), "--workers", "2")
	want := runBinary(t, bin, dir, args...)
	require.Equal(t, 0, want.code, want.err)
	withOut := append(append([]string{}, args...), "--out", "results.jsonl")
	interruptAfter(t, bin, dir, syscall.SIGINT, "results.jsonl", moreLines(lines), withOut...)
	got := runBinary(t, bin, dir, append(withOut, "--resume")...)
	require.Equal(t, want, got)
	// the finished file merges to the same
	require.Equal(t, want.out, runBinary(t, bin, dir, "merge", "results.jsonl").out)
}

func TestTournamentResumeAfterSIGINT(t *testing.T) {
	t.Parallel()
	checkResume(t, []string{"tournament", "zoomies", "--bots", "ismcts:iterations=20,random", "--games", "60", "--seed", "5"})
}

func TestCompareResumeAfterSIGINT(t *testing.T) {
	t.Parallel()
	checkResume(t, []string{"compare", "mimic-taking", "--variant", "base", "--variant", "face-up", "--games", "150", "--seats", "greedy,random", "--seed", "4"})
}

func TestSequentialCompareResumeAfterSIGINT(t *testing.T) {
	t.Parallel()
	checkResume(t, []string{"compare", "mimic-taking", "--variant", "base", "--variant", "face-up", "--games", "300", "--until-significant", "moves", "--every", "30", "--seats", "greedy,random", "--seed", "4"})
}

// A ladder interrupted in its second rung (12 games a rung) reports the first from its results file
// when resumed.
func TestLadderResumeAfterSIGINT(t *testing.T) {
	t.Parallel()
	checkResumeAfter(t, []string{"tournament", "zoomies", "--bots", "ismcts:iterations=10", "--ladder", "--rungs", "3", "--games", "12", "--seed", "5"}, 14)
}

func TestSweepResumeAfterSIGINT(t *testing.T) {
	t.Parallel()
	checkResume(t, []string{"sweep", "mimic-taking", "--set", "params.mimic_lead=effective,original", "--games", "400", "--seats", "greedy,random", "--seed", "4"})
}

// A comparison that stops at a look of its sequential test saves the games up to that look: merged or
// resumed, its file prints what the run printed.
func TestSequentialCompareSavesUpToItsLastLook(t *testing.T) {
	args := []string{"compare", "mito", "--variant", "base", "--variant", "multi-round", "--games", "300", "--until-significant", "moves", "--every", "20", "--json"}
	want := execute(args...)
	require.Equal(t, 0, want.code, want.err)
	require.Contains(t, want.out, `"resolved": true`)
	f := filepath.Join(t.TempDir(), "seq.jsonl")
	r := execute(append(append([]string{}, args[:len(args)-1]...), "--out", f)...)
	require.Equal(t, 0, r.code, r.err)
	require.Equal(t, want, execute("merge", f, "--json"))
	resumed := execute(append(append([]string{}, args...), "--out", f, "--resume")...)
	require.Equal(t, want.err, resumed.err)
	require.Equal(t, 0, resumed.code)
}

// --resume without --out says so before playing.
func TestResumeNeedsOut(t *testing.T) {
	r := execute("tournament", "zoomies", "--bots", "greedy,random", "--games", "6", "--resume")
	require.Equal(t, 2, r.code)
	require.Contains(t, r.err, "--resume continues the results file of --out FILE: give --out")
}

// A fuzz split into 3 shards and merged prints what it prints on one machine; interrupted and resumed,
// it checks every game once.
func TestFuzzShardsMergeAndResume(t *testing.T) {
	args := []string{"fuzz", "zoomies", "--games", "24", "--seed", "3"}
	want := execute(args...)
	require.Equal(t, 0, want.code, want.err)
	require.Contains(t, want.out, "zoomies: 24 games")
	files := shardFiles(t, t.TempDir(), 3, args)
	require.Equal(t, want, execute("merge", files[1], files[2], files[0]))
	// a results file cut after 5 games, as a killed run leaves it, is resumed
	f := filepath.Join(t.TempDir(), "fuzz.jsonl")
	require.Equal(t, 0, execute(append(append([]string{}, args...), "--out", f)...).code)
	data, err := os.ReadFile(f)
	require.NoError(t, err)
	lines := bytes.SplitAfter(data, []byte("\n"))
	require.NoError(t, os.WriteFile(f, bytes.Join(lines[:6], nil), 0o644))
	require.Equal(t, want, execute(append(append([]string{}, args...), "--out", f, "--resume")...))
	require.Equal(t, 25, countLines(t, f))
}
