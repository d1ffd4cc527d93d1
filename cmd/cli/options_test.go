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
	assert.Equal(t, batchFlags{Games: 50, Seed: 7, Workers: 3, Players: 3, Seats: "greedy,random"}, withoutDefaults(o.Batch))
	assert.Equal(t, "r.jsonl", o.Out)
	assert.Equal(t, "1/4", o.Shard)
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
	} {
		o := parseCmd(t, NewCmdSim, append([]string{"g"}, c.args...)...)
		_, err := o.labOptions()
		require.Error(t, err, "%v", c.args)
		assert.Contains(t, err.Error(), c.want, "%v", c.args)
		assert.IsType(t, &UsageError{}, err, "%v", c.args)
	}
}
