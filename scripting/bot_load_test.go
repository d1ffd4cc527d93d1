package scripting_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/core/lab"
	"github.com/ruleslab/ruleslab/scripting"
)

// addTestBots adds bots of testdata/bots to p, each under its file's name.
func addTestBots(t *testing.T, p *scripting.Program, names ...string) {
	t.Helper()
	for _, n := range names {
		chunk, err := scripting.CompileFile("testdata/bots/" + n + ".lua")
		require.NoError(t, err)
		p.Bots[n] = chunk
	}
}

// botLoads plays games of the tiny game with bot in both seats on one worker and returns each game's
// result as JSON and how many times the bot's script ran.
func botLoads(t *testing.T, p *scripting.Program, bot string, games int) ([]string, int) {
	t.Helper()
	w, err := newWorker(p, 2, []string{bot, bot}, true)
	require.NoError(t, err)
	defer w.Close()
	w.Host().Profile = map[string]*scripting.HookCost{}
	var out []string
	for i := 0; i < games; i++ {
		out = append(out, resultJSON(t, w.Play(i, core.GameSeed(2, i))))
	}
	c := w.Host().Profile["(loading testdata/bots/"+bot+".lua)"]
	require.NotNil(t, c, "the bot never loaded")
	return out, c.Calls
}

func resultJSON(t *testing.T, r core.Result) string {
	t.Helper()
	require.Empty(t, r.Error)
	return gameJSON(t, r)
}

// A Lua bot's script runs once per engine, and every seat of every game starts with a memory of its
// own as the script left it: memory.lua fails its game when its first decision sees a table, a
// module-level local, a global, an alias or a removed key's place changed by another seat or game, or
// when its closures stop sharing their variable.
func TestBotLoadsOnceAndEachSeatStartsAsLoaded(t *testing.T) {
	p := loadProgram(t, "testdata/tiny.yaml", "")
	addTestBots(t, p, "memory")
	_, loads := botLoads(t, p, "memory", 8)
	require.Equal(t, 1, loads)
}

// A bot whose load draws a random number (from the game's stream), or keeps a Go function or a
// function of the rules made while it loaded (a string.gmatch iterator keeps its place, a closure a
// rules helper made its own variable) is loaded again for every seat and game, as
// before bots were copied: once more than the seats of all games (the first load, tried as the
// template, is not used).
func TestBotLoadsAgainWhenItCannotBeCopied(t *testing.T) {
	const games = 5
	for bot, game := range map[string]string{"load-random": "tiny", "load-gmatch": "tiny", "load-closure": "rules-closure"} {
		t.Run(bot, func(t *testing.T) {
			p := loadProgram(t, "testdata/"+game+".yaml", "")
			addTestBots(t, p, bot)
			results, loads := botLoads(t, p, bot, games)
			require.Equal(t, 1+2*games, loads)
			// each game as on a fresh engine, where every seat's load was its first
			for i := 0; i < games; i++ {
				fresh, _ := botLoadsFrom(t, p, bot, i)
				require.Equal(t, fresh, results[i], "game %d", i)
			}
		})
	}
}

// When the rules keep state between games (loaded again for each game, so RULES changes), a bot is
// loaded again for every seat and game too.
func TestBotLoadsAgainWhenRulesKeepState(t *testing.T) {
	p := loadProgram(t, "testdata/module-counter.yaml", "")
	require.NotEmpty(t, p.KeptState())
	addTestBots(t, p, "memory")
	_, loads := botLoads(t, p, "memory", 3)
	require.Equal(t, 2*3, loads) // no template tried
}

// A bot whose script fails while it loads fails every game it is seated in with its script's message.
func TestBotLoadErrorEveryTime(t *testing.T) {
	p := loadProgram(t, "testdata/tiny.yaml", "")
	addTestBots(t, p, "load-error")
	h := scripting.NewHost()
	defer h.Close()
	e, _, err := startGame(p, h, 2, 1)
	require.NoError(t, err)
	for i := 0; i < 2; i++ {
		_, err := newBot(e, "load-error", uint64(i))
		require.ErrorContains(t, err, "testdata/bots/load-error.lua:3: attempt to index a non-table object(nil) with key 'missing'")
	}
}

// botLoadsFrom plays game i alone on a fresh worker.
func botLoadsFrom(t *testing.T, p *scripting.Program, bot string, i int) (string, error) {
	t.Helper()
	w, err := newWorker(p, 2, []string{bot, bot}, true)
	require.NoError(t, err)
	defer w.Close()
	return resultJSON(t, w.Play(i, core.GameSeed(2, i))), nil
}

// Copied bots whose choices follow their memory and their own random numbers give the same results
// for any number of workers, equal to a fresh engine per game.
func TestCopiedBotsSameForAnyWorkers(t *testing.T) {
	p := loadProgram(t, "testdata/tiny.yaml", "")
	addTestBots(t, p, "memory")
	const games = 16
	play := func(workers int) []string {
		batch := lab.Batch{Games: games, Seed: 2, Workers: workers, NewWorker: func() (lab.Worker, error) {
			return newWorker(p, 2, []string{"memory", "memory"}, true)
		}}
		var out []string
		_, err := batch.Run(context.Background(), func(r core.Result) { out = append(out, resultJSON(t, r)) })
		require.NoError(t, err)
		return out
	}
	one := play(1)
	require.Equal(t, one, play(2))
	lengths := map[int]bool{}
	for i := 0; i < games; i++ {
		fresh, _ := botLoadsFrom(t, p, "memory", i)
		require.Equal(t, fresh, one[i], "game %d differs from the same game on a fresh engine", i)
		var r core.Result
		require.NoError(t, json.Unmarshal([]byte(one[i]), &r))
		lengths[r.Length()] = true
	}
	require.Greater(t, len(lengths), 1, "the bots' random stops never changed a game")
}
