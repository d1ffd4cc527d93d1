package bots_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/core/bots"
	"github.com/ruleslab/ruleslab/core/search"
	"github.com/ruleslab/ruleslab/scripting"
)

func TestSplit(t *testing.T) {
	for _, c := range []struct {
		list string
		want []string
		err  string
	}{
		{list: "greedy, random", want: []string{"greedy", "random"}},
		{list: "ismcts:iterations=20,rollout=greedy,random", want: []string{"ismcts:iterations=20,rollout=greedy", "random"}},
		{list: "cmd:python3 bot.py --seat=1", want: []string{"cmd:python3 bot.py --seat=1"}},
		{list: "greedy,,random", err: `"greedy,,random": empty bot name`},
		{list: "", err: `"": empty bot name`},
	} {
		got, err := bots.Split(c.list)
		if c.err != "" {
			require.EqualError(t, err, c.err, c.list)
			continue
		}
		require.NoError(t, err, c.list)
		require.Equal(t, c.want, got, c.list)
	}
}

func registry(t *testing.T) *bots.Registry {
	t.Helper()
	p, err := scripting.Load("mimic-taking", "")
	require.NoError(t, err)
	return bots.For(p, bots.ExtOptions{})
}

func TestCheck(t *testing.T) {
	reg := registry(t)
	for _, ok := range []string{"random", "greedy", "ismcts", "ismcts:iterations=5,rollout=greedy", "cmd:true"} {
		require.NoError(t, reg.Check(ok), ok)
	}
	for spec, msg := range map[string]string{
		"nope":             `unknown bot "nope" for mimic-taking (bots: random, greedy, lua:PATH, cmd:COMMAND, ismcts[:OPTIONS])`,
		"cmd: ":            `bot "cmd: ": give the command of an external bot (cmd:COMMAND)`,
		"lua:":             `bot "lua:": give the path of a Lua bot script (lua:PATH)`,
		"ismcts:foo=1":     `bot "ismcts:foo=1": unknown option "foo" (` + search.OptionsHelp + `)`,
		"ismcts:prior=bad": `bot "ismcts:prior=bad": no prior bot "bad" for mimic-taking (none or: greedy)`,
		// every option's value is checked: a NaN or infinite constant once chose move -1 of the root
		"ismcts:c=NaN":               `bot "ismcts:c=NaN": c must be a positive number, not "NaN"`,
		"ismcts:c=+Inf":              `bot "ismcts:c=+Inf": c must be a positive number, not "+Inf"`,
		"ismcts:c=-1":                `bot "ismcts:c=-1": c must be a positive number, not "-1"`,
		"ismcts:iterations=-5":       `bot "ismcts:iterations=-5": iterations must be a positive integer, not "-5"`,
		"ismcts:ms=99999999999999":   `bot "ismcts:ms=99999999999999": ms must be at most 86400000 (a day), not "99999999999999"`,
		"ismcts:margin=NaN":          `bot "ismcts:margin=NaN": margin must be a number from 0 to 1, not "NaN"`,
		"ismcts:prior_weight=NaN":    `bot "ismcts:prior_weight=NaN": prior_weight must be a positive number, not "NaN"`,
		"ismcts:horizon=-2":          `bot "ismcts:horizon=-2": horizon must be a number of moves, round, round+N or none, not "-2"`,
		"ismcts:rollout=ismcts":      `bot "ismcts:rollout=ismcts": rollout=ismcts: a search may not roll out with a search (it would recurse)`,
		"ismcts:prior=ismcts:it=5":   `bot "ismcts:prior=ismcts:it=5": prior=ismcts:it=5: a search may not be its own prior (it would recurse)`,
		"ismcts:rollout=ismcts:it=5": `bot "ismcts:rollout=ismcts:it=5": rollout=ismcts:it=5: a search may not roll out with a search (it would recurse)`,
	} {
		require.EqualError(t, reg.Check(spec), msg, spec)
	}
	require.Equal(t, []string{"random", "greedy"}, reg.Names())
}

// Every kind of spec makes its kind of bot, on the worker's engine.
func TestNew(t *testing.T) {
	reg := registry(t)
	h := scripting.NewHost()
	defer h.Close()
	e, err := reg.Program().NewEngine(h)
	require.NoError(t, err)
	for spec, want := range map[string]any{
		"random":              &core.RandomBot{},
		"greedy":              &scripting.LuaBot{},
		"ismcts:iterations=3": &search.ISMCTS{},
		"cmd:true":            &bots.ExtBot{},
	} {
		b, err := reg.New(e, spec, 1)
		require.NoError(t, err, spec)
		require.IsType(t, want, b, spec)
	}
	seated, err := reg.NewSeats(e, []string{"random", "greedy", "random", "greedy"}, 7)
	require.NoError(t, err)
	require.Len(t, seated, 4)
	bots.End(seated, nil)
	_, err = reg.New(e, "nope", 1)
	require.ErrorContains(t, err, `unknown bot "nope"`)
}

// An ismcts spec's options go over the game's own defaults (YAML `ismcts:`).
func TestISMCTSOverGameDefaults(t *testing.T) {
	p, err := scripting.Load("mito", "")
	require.NoError(t, err)
	reg := bots.For(p, bots.ExtOptions{})
	def, err := reg.ISMCTS("ismcts")
	require.NoError(t, err)
	require.Equal(t, "rules", def.Rollout, "Mito's default playouts")
	cfg, err := reg.ISMCTS("ismcts:rollout=random,iterations=9")
	require.NoError(t, err)
	require.Equal(t, "random", cfg.Rollout)
	require.Equal(t, 9, cfg.Iterations)
	require.Equal(t, def.Horizon, cfg.Horizon, "options not named keep the game's default")
}

// Reseat restarts the last game's Lua bots in their own memory (the same bots) and makes the others
// anew; a game played by restarted bots equals the game played by new ones.
func TestReseatRestartsLuaBots(t *testing.T) {
	p, err := scripting.Load("zoomies", "")
	require.NoError(t, err)
	reg := bots.For(p, bots.ExtOptions{})
	h := scripting.NewHost()
	defer h.Close()
	e, err := reg.Program().NewEngine(h)
	require.NoError(t, err)
	seats := []string{"greedy", "random", "greedy", "greedy"}
	play := func(seated []core.Bot, seed uint64) []string {
		s, err := e.NewState(len(seats), seed, core.StateOptions{})
		require.NoError(t, err)
		require.NoError(t, core.PlayOut(s, e, seated, seats))
		return s.Moves()
	}
	last, err := reg.NewSeats(e, seats, 1)
	require.NoError(t, err)
	play(last, 1)
	again, err := reg.Reseat(e, seats, 2, last)
	require.NoError(t, err)
	for i, name := range seats {
		require.Equal(t, name == "greedy", again[i] == last[i], "seat %d (%s)", i, name)
	}
	reseated := play(again, 2)
	fresh, err := reg.NewSeats(e, seats, 2)
	require.NoError(t, err)
	require.Equal(t, play(fresh, 2), reseated)
}
