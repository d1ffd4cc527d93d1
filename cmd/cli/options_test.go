package cli

import (
	"fmt"
	"io"
	"runtime"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// parseCmd runs a command built with a runF that captures its options instead of playing anything.
func parseCmd[O any](t *testing.T, newCmd func(*IO, func(*O) error) *cobra.Command, args ...string) *O {
	t.Helper()
	var got *O
	cmd := newCmd(&IO{In: strings.NewReader(""), Out: io.Discard, Err: io.Discard}, func(o *O) error { got = o; return nil })
	cmd.SetArgs(args)
	cmd.SetOut(io.Discard)
	cmd.SetErr(io.Discard)
	require.NoError(t, cmd.Execute())
	require.NotNil(t, got, "runF not called")
	return got
}

// tooMany is a --workers over the cap of 4 per CPU.
var tooMany = fmt.Sprint(4*runtime.NumCPU() + 1)

func capMessage() string {
	return fmt.Sprintf("--workers %s: at most %d on this machine (4 per CPU): more workers only share the same cores and memory", tooMany, 4*runtime.NumCPU())
}

func TestSimOptions(t *testing.T) {
	o := parseCmd(t, NewCmdSim, "mimic-taking", "--games", "50", "--seed", "7", "--workers", "3", "--seats", "greedy,random",
		"--players", "3", "--out", "r.jsonl", "--shard", "1/4", "--log", "g.jsonl", "--json", "--coverage")
	assert.Equal(t, "mimic-taking", o.Game)
	assert.Equal(t, batchFlags{Games: 50, Seed: 7, Workers: 3, Players: 3, Seats: "greedy,random", Log: "g.jsonl"}, withoutDefaults(o.Batch))
	assert.Equal(t, "r.jsonl", o.Results.Out)
	assert.Equal(t, "1/4", o.Results.Shard)
	assert.Equal(t, -1, o.Index)
	assert.True(t, o.Output.JSON)
	assert.True(t, o.Coverage)
	lo, err := o.labOptions()
	require.NoError(t, err)
	assert.Equal(t, 1, lo.Shard)
	assert.Equal(t, 4, lo.Shards)
	assert.Equal(t, "g.jsonl", lo.Log)

	d := parseCmd(t, NewCmdSim, "mimic-taking")
	assert.Equal(t, batchFlags{Games: 1000, Seed: 1, Workers: runtime.NumCPU(), Seats: "random"}, withoutDefaults(d.Batch))
}

func withoutDefaults(b batchFlags) batchFlags {
	b.d = batchDefaults{}
	return b
}

func TestSimValidation(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--games", "0"}, "--games must be at least 1"},
		{[]string{"--workers", "0"}, "--workers must be at least 1"},
		{[]string{"--workers", tooMany}, capMessage()},
		{[]string{"--report", "r.txt"}, "--report"},
		{[]string{"--shard", "3/2"}, `--shard "3/2": expected I/N with 0 <= I < N`},
		{[]string{"--resume"}, "--resume continues the results file of --out FILE: give --out"},
		{[]string{"--index", "10", "--games", "10"}, "--index 10: the batch has games 0..9"},
		{[]string{"--index", "1", "--out", "r"}, "--index plays one game of the batch (to reproduce it): it takes no --out or --shard"},
		{[]string{"--shard", "0/20", "--games", "10"}, "--shard 0/20: more shards than the 10 games"},
		{[]string{"--move-time", "0s"}, "--move-time 0s: must be positive"},
		{[]string{"--start-time", "0s"}, "--start-time 0s: must be positive"},
	} {
		o := parseCmd(t, NewCmdSim, append([]string{"g"}, c.args...)...)
		_, err := o.labOptions()
		require.Error(t, err, "%v", c.args)
		assert.Contains(t, err.Error(), c.want, "%v", c.args)
		assert.IsType(t, &UsageError{}, err, "%v", c.args)
	}
}

// validation runs each case's flags through a command's checks and wants the usage error's message.
func validation[O any](t *testing.T, newCmd func(*IO, func(*O) error) *cobra.Command, check func(*O) error,
	base []string, cases map[string][]string) {
	t.Helper()
	for want, args := range cases {
		o := parseCmd(t, newCmd, append(append([]string{}, base...), args...)...)
		err := check(o)
		require.Error(t, err, "%v", args)
		assert.Contains(t, err.Error(), want, "%v", args)
		assert.IsType(t, &UsageError{}, err, "%v", args)
	}
}

func TestCompareOptions(t *testing.T) {
	o := parseCmd(t, NewCmdCompare, "mimic-taking", "--variant", "base", "--variant", "short", "--games", "40",
		"--until-significant", "win.0", "--every", "10", "--csv", "--seats", "greedy")
	assert.Equal(t, []string{"base", "short"}, o.Variants)
	assert.Equal(t, "win.0", o.Until)
	assert.Equal(t, 10, o.Every)
	assert.True(t, o.Output.CSV)
	lo, err := o.labOptions()
	require.NoError(t, err)
	assert.Equal(t, 40, lo.Games)
	assert.Equal(t, "greedy", lo.Seats)
	assert.Equal(t, uint64(1), lo.Seed)

	validation(t, NewCmdCompare, func(o *CompareOptions) error { _, err := o.labOptions(); return err },
		[]string{"g", "--variant", "a"}, map[string][]string{
			"compare needs at least two --variant": nil,
			"--games must be at least 2":           {"--variant", "b", "--games", "1"},
			"--workers must be at least 1":         {"--variant", "b", "--workers", "0"},
			capMessage():                           {"--variant", "b", "--workers", tooMany},
			"--json and --csv: choose one":         {"--variant", "b", "--json", "--csv"},
		})
}

func TestSweepOptions(t *testing.T) {
	o := parseCmd(t, NewCmdSweep, "mimic-taking", "--set", "params.hand_size=4,5", "--set", "params.x=[1,2],[3]",
		"--target", "win.0=50%±5%", "--games", "20", "--measures", "moves")
	assert.Equal(t, 20, o.Batch.Games)
	lo, err := o.labOptions()
	require.NoError(t, err)
	require.Len(t, lo.Axes, 2)
	assert.Equal(t, []string{"4", "5"}, lo.Axes[0].Values)
	assert.Equal(t, []string{"[1,2]", "[3]"}, lo.Axes[1].Values)
	require.Len(t, lo.Targets, 1)
	assert.InDelta(t, 0.5, lo.Targets[0].Value, 1e-12)
	assert.InDelta(t, 0.05, lo.Targets[0].Tol, 1e-12)
	assert.Equal(t, "moves", lo.Measures)
	assert.Equal(t, 500, parseCmd(t, NewCmdSweep, "g").Batch.Games)

	validation(t, NewCmdSweep, func(o *SweepOptions) error { _, err := o.labOptions(); return err },
		[]string{"g"}, map[string][]string{
			"sweep needs at least one --set":  nil,
			"--games must be at least 1":      {"--set", "a=1", "--games", "0"},
			capMessage():                      {"--set", "a=1", "--workers", tooMany},
			"--json and --csv: choose one":    {"--set", "a=1", "--json", "--csv"},
			`--set "a": want key=v1,v2,...`:   {"--set", "a"},
			`--target "x": want measure=valu`: {"--set", "a=1", "--target", "x"},
		})
}

func TestTournamentOptions(t *testing.T) {
	o := parseCmd(t, NewCmdTournament, "mimic-taking", "--bots", "greedy,random", "--games", "12", "--ladder", "--rungs", "3",
		"--bootstrap", "50", "--log", "t.jsonl", "--seed", "9")
	lo, err := o.labOptions()
	require.NoError(t, err)
	assert.Equal(t, "greedy,random", lo.Bots)
	assert.Equal(t, 12, lo.Games)
	assert.True(t, lo.Ladder)
	assert.Equal(t, 3, lo.Rungs)
	assert.Equal(t, 50, lo.Boot)
	assert.Equal(t, uint64(9), lo.Seed)
	assert.Equal(t, "t.jsonl", lo.Log)
	assert.Equal(t, 100, parseCmd(t, NewCmdTournament, "g").Batch.Games)

	validation(t, NewCmdTournament, func(o *TournamentOptions) error { _, err := o.labOptions(); return err },
		[]string{"g"}, map[string][]string{
			"--games must be at least 1":                              {"--games", "0"},
			capMessage():                                              {"--workers", tooMany},
			"--json and --csv: choose one":                            {"--json", "--csv"},
			"--on-bot-error \"retry\": forfeit or random":             {"--on-bot-error", "retry"},
			"--bootstrap -1: must be 0 (no rating intervals) or more": {"--bootstrap", "-1"},
		})
}

func TestFuzzOptions(t *testing.T) {
	o := parseCmd(t, NewCmdFuzz, "mimic-taking", "--games", "30", "--players", "3", "--seats", "greedy", "--shrink-time", "2s", "--scenario", "f.yaml")
	lo, err := o.labOptions()
	require.NoError(t, err)
	assert.Equal(t, 30, lo.Games)
	assert.Equal(t, 3, lo.Players)
	assert.Equal(t, "greedy", lo.Seats)
	assert.Equal(t, "f.yaml", lo.Scenario)
	assert.Equal(t, "2s", lo.Shrink.String())
	d := parseCmd(t, NewCmdFuzz, "g")
	assert.Equal(t, "", d.Batch.Seats)
	assert.Equal(t, "fuzz-failure.yaml", d.Scenario)

	validation(t, NewCmdFuzz, func(o *FuzzOptions) error { _, err := o.labOptions(); return err },
		[]string{"g"}, map[string][]string{
			"--games must be at least 1":   {"--games", "0"},
			"--workers must be at least 1": {"--workers", "0"},
			capMessage():                   {"--workers", tooMany},
		})
}

func TestBenchOptions(t *testing.T) {
	o := parseCmd(t, NewCmdBench, "simino", "--variant", "whites", "--workers", "2", "--json", "--games", "5")
	lo, err := o.labOptions()
	require.NoError(t, err)
	assert.Equal(t, "whites", lo.Variant)
	assert.Equal(t, 2, lo.Workers)
	assert.Equal(t, 5, lo.Games)
	assert.True(t, o.Output.JSON)
	d := parseCmd(t, NewCmdBench, "g")
	assert.Equal(t, 1, d.Batch.Workers)
	assert.Equal(t, 200, d.Batch.Games)

	validation(t, NewCmdBench, func(o *BenchOptions) error { _, err := o.labOptions(); return err },
		[]string{"g"}, map[string][]string{
			"--games must be at least 1": {"--games", "0"},
			capMessage():                 {"--workers", tooMany},
		})
}
