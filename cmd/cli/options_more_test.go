package cli

import (
	"bytes"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ruleslab/ruleslab/core/bots"
)

// argsError runs a command line whose arguments the command refuses: runF must not run.
func argsError[O any](t *testing.T, newCmd func(*IO, func(*O) error) *cobra.Command, args ...string) error {
	t.Helper()
	ran := false
	cmd := newCmd(&IO{In: strings.NewReader(""), Out: io.Discard, Err: io.Discard}, func(*O) error { ran = true; return nil })
	cmd.SetArgs(args)
	cmd.SetOut(io.Discard)
	cmd.SetErr(io.Discard)
	err := cmd.Execute()
	assert.False(t, ran, "runF ran for %v", args)
	return err
}

func TestGamesOptions(t *testing.T) {
	o := parseCmd(t, NewCmdGames, "--json")
	assert.True(t, o.JSON)
	assert.NotNil(t, o.IO)
	assert.False(t, parseCmd(t, NewCmdGames).JSON)
}

func TestVersionOptions(t *testing.T) {
	o := parseCmd(t, NewCmdVersion)
	require.NotNil(t, o.IO)
	var out bytes.Buffer
	require.NoError(t, runVersion(&VersionOptions{IO: &IO{Out: &out}}))
	assert.Equal(t, "ruleslab "+Version()+"\n", out.String())
}

func TestShowOptions(t *testing.T) {
	o := parseCmd(t, NewCmdShow, "mimic-taking", "--variant", "face-up")
	assert.Equal(t, "mimic-taking", o.Game)
	assert.Equal(t, "face-up", o.Variant)
	d := parseCmd(t, NewCmdShow, "jiji.yaml")
	assert.Equal(t, ShowOptions{IO: d.IO, Game: "jiji.yaml"}, *d)
	p := parseCmd(t, NewCmdShow, "simino", "--params", "--json")
	assert.True(t, p.Params)
	assert.True(t, p.JSON)
	j := parseCmd(t, NewCmdShow, "simino", "--json")
	assert.Equal(t, ShowOptions{IO: j.IO, Game: "simino", JSON: true}, *j)
}

func TestValidateOptions(t *testing.T) {
	o := parseCmd(t, NewCmdValidate, "house.yaml", "house.lua", "--json")
	assert.Equal(t, []string{"house.yaml", "house.lua"}, o.Paths)
	assert.True(t, o.JSON)
	d := parseCmd(t, NewCmdValidate, "one.yaml")
	assert.Equal(t, []string{"one.yaml"}, d.Paths)
	assert.False(t, d.JSON)
}

func TestRunOptions(t *testing.T) {
	o := parseCmd(t, NewCmdRun, "s.yaml", "--json", "--seats", "ismcts:iterations=5,depth=2,random", "--observe", "1", "--check")
	assert.Equal(t, "s.yaml", o.Scenario)
	assert.True(t, o.JSON)
	assert.Equal(t, 1, o.Observe)
	assert.True(t, o.Check)
	r, err := o.runner()
	require.NoError(t, err)
	assert.Equal(t, []string{"ismcts:iterations=5,depth=2", "random"}, r.Finish)
	require.NotNil(t, r.Observe)
	assert.Equal(t, 1, *r.Observe)
	assert.NotNil(t, r.Check)

	d := parseCmd(t, NewCmdRun, "s.yaml")
	assert.Equal(t, RunOptions{IO: d.IO, Scenario: "s.yaml", Observe: -1}, *d)
	r, err = d.runner()
	require.NoError(t, err)
	assert.Nil(t, r.Finish)
	assert.Nil(t, r.Observe)
	assert.Nil(t, r.Check)

	validation(t, NewCmdRun, func(o *RunOptions) error { _, err := o.runner(); return err },
		[]string{"s.yaml"}, map[string][]string{
			"--observe -3: not a seat":                       {"--observe", "-3"},
			`--seats "greedy,,random": empty bot name`:       {"--seats", "greedy,,random"},
			"--observe -2: not a seat":                       {"--observe", "-2", "--check"},
			`--seats "cmd:x,,random": empty bot name`:        {"--seats", "cmd:x,,random"},
			`--seats "ismcts:iterations=5,": empty bot name`: {"--seats", "ismcts:iterations=5,"},
		})
}

func TestPlayOptions(t *testing.T) {
	o := parseCmd(t, NewCmdPlay, "mimic-taking", "--variant", "face-up", "--seats", "human,greedy", "--seed", "42",
		"--players", "3", "--move-time", "2s", "--start-time", "3s", "--on-bot-error", "random")
	assert.Equal(t, "mimic-taking", o.Game)
	assert.Equal(t, "face-up", o.Variant)
	assert.Equal(t, "human,greedy", o.Seats)
	assert.Equal(t, uint64(42), o.Seed)
	assert.False(t, o.ClockSeed)
	assert.Equal(t, 3, o.Players)
	assert.Equal(t, extBotFlags{MoveTime: 2 * time.Second, StartTime: 3 * time.Second, OnBotError: bots.OnBotErrorRandom}, o.Ext)
	require.NoError(t, o.Ext.check())

	d := parseCmd(t, NewCmdPlay, "jiji")
	assert.Equal(t, PlayOptions{IO: d.IO, Game: "jiji", Seats: "human", ClockSeed: true,
		Ext: extBotFlags{MoveTime: bots.DefaultMoveTime, StartTime: bots.DefaultStartTime, OnBotError: bots.OnBotErrorForfeit}}, *d)
	zero := parseCmd(t, NewCmdPlay, "jiji", "--seed", "0")
	assert.False(t, zero.ClockSeed, "--seed 0 is a given seed")
	assert.Equal(t, uint64(0), zero.Seed)

	validation(t, NewCmdPlay, func(o *PlayOptions) error { return o.Ext.check() },
		[]string{"jiji"}, map[string][]string{
			"--move-time 0s: must be positive":           {"--move-time", "0s"},
			"--move-time -1s: must be positive":          {"--move-time", "-1s", "--on-bot-error", "random"},
			`--on-bot-error "retry": forfeit or random`:  {"--on-bot-error", "retry"},
			`--on-bot-error "Random": forfeit or random`: {"--on-bot-error", "Random", "--seed", "3"},
		})
}

func TestMergeOptions(t *testing.T) {
	o := parseCmd(t, NewCmdMerge, "shard0.jsonl", "shard1.jsonl", "--json")
	assert.Equal(t, []string{"shard0.jsonl", "shard1.jsonl"}, o.Files)
	assert.True(t, o.Output.JSON)
	d := parseCmd(t, NewCmdMerge, "all.jsonl")
	assert.Equal(t, MergeOptions{IO: d.IO, Files: []string{"all.jsonl"}}, *d)
}

func TestReplayOptions(t *testing.T) {
	o := parseCmd(t, NewCmdReplay, "three.jsonl", "--variant", "face-up", "--json")
	assert.Equal(t, ReplayOptions{IO: o.IO, File: "three.jsonl", Variant: "face-up", JSON: true}, *o)
	d := parseCmd(t, NewCmdReplay, "three.jsonl")
	assert.Equal(t, ReplayOptions{IO: d.IO, File: "three.jsonl"}, *d)
}

// TestArgumentChecks: each command refuses a wrong number of arguments with a usage error, before runF.
func TestArgumentChecks(t *testing.T) {
	for _, c := range []struct {
		err  error
		want string
	}{
		{argsError(t, NewCmdGames, "x"), "games needs no arguments"},
		{argsError(t, NewCmdVersion, "x"), "version needs no arguments"},
		{argsError(t, NewCmdShow), "show needs a GAME (bundled id or YAML path)"},
		{argsError(t, NewCmdShow, "a", "b"), "show needs a GAME (bundled id or YAML path)"},
		{argsError(t, NewCmdValidate), "validate needs at least one PATH"},
		{argsError(t, NewCmdRun), "run needs a SCENARIO.yaml"},
		{argsError(t, NewCmdRun, "a.yaml", "b.yaml"), "run needs a SCENARIO.yaml"},
		{argsError(t, NewCmdPlay), "play needs a GAME (bundled id or YAML path)"},
		{argsError(t, NewCmdMerge), "merge needs the results FILE of every shard"},
		{argsError(t, NewCmdReplay), "replay needs a FILE.jsonl written by sim --log"},
		{argsError(t, NewCmdReplay, "a.jsonl", "b.jsonl"), "replay needs a FILE.jsonl written by sim --log"},
	} {
		require.Error(t, c.err, c.want)
		assert.Equal(t, c.want, c.err.Error())
		assert.IsType(t, &UsageError{}, c.err, c.want)
	}
}
