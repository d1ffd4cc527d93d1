package scripting_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/core/bots"
	"github.com/ruleslab/ruleslab/core/config"
	"github.com/ruleslab/ruleslab/core/lab"
	"github.com/ruleslab/ruleslab/core/search"
	"github.com/ruleslab/ruleslab/scripting"
)

// startGame starts a game of p on a new engine on h.
func startGame(p *scripting.Program, h *scripting.Host, players int, seed uint64) (*scripting.Engine, *core.State, error) {
	e, err := p.NewEngine(h)
	if err != nil {
		return nil, nil, err
	}
	s, err := e.NewState(players, seed, core.StateOptions{})
	return e, s, err
}

func loadProgram(t testing.TB, game, variant string) *scripting.Program {
	t.Helper()
	p, err := scripting.Load(game, variant)
	require.NoError(t, err)
	return p
}

// bundled lists every bundled game and variant as (game, variant) pairs.
func bundled(t testing.TB) []config.RuleSet {
	t.Helper()
	sets, err := config.BundledRuleSets()
	require.NoError(t, err)
	return sets
}

// bundledShort is bundled, or under -short only each bundled game's base rules: for the searches that
// cost a second or so per game and variant (the variants mostly share their base game's code).
func bundledShort(t testing.TB) []config.RuleSet {
	t.Helper()
	all := bundled(t)
	if !testing.Short() {
		return all
	}
	var out []config.RuleSet
	for _, gv := range all {
		if gv.Variant == "" {
			out = append(out, gv)
		}
	}
	return out
}

func name(gv config.RuleSet) string {
	if gv.Variant == "" {
		return gv.Game
	}
	return gv.Game + "/" + gv.Variant
}

func TestWorkerPlaysWholeGames(t *testing.T) {
	p := loadProgram(t, "testdata/tiny.yaml", "")
	w, err := newWorker(p, 3, []string{"random", "random", "random"}, true)
	require.NoError(t, err)
	defer w.Close()
	for i := 0; i < 20; i++ {
		r := w.Play(i, core.GameSeed(1, i))
		require.Empty(t, r.Error)
		require.Len(t, r.Winners, 1)
		require.Equal(t, "game_end", r.Events[len(r.Events)-1].Type)
	}
}

// BenchmarkRandomGames plays whole games with random bots, one sub-benchmark per bundled game and
// variant at its default player count, and reports the time per move.
func BenchmarkRandomGames(b *testing.B) { benchGames(b, "random", 1) }

// BenchmarkGreedyGames is the same with the game's greedy bot in every seat (the aim: at most 3x random).
func BenchmarkGreedyGames(b *testing.B) { benchGames(b, "greedy", 1) }

// BenchmarkTwoWorkers plays the random games on two workers (lab.Batch): compare its ns/move with
// BenchmarkRandomGames' for the speed-up (target: at least 1.8x on two cores).
func BenchmarkTwoWorkers(b *testing.B) { benchGames(b, "random", 2) }

func benchGames(b *testing.B, bot string, workers int) {
	// the collector tuned as sim and bench tune it (lab.TuneGC), or two workers measure its defaults
	defer lab.TuneGC()()
	for _, gv := range bundled(b) {
		b.Run(name(gv), func(b *testing.B) {
			p := loadProgram(b, gv.Game, gv.Variant)
			if p.Bots[bot] == nil && bot != "random" {
				b.Skipf("no %s bot", bot)
			}
			players := p.Game.Config.Players.Default
			seats := make([]string, players)
			for i := range seats {
				seats[i] = bot
			}
			moves := 0
			batch := lab.Batch{Games: b.N, Seed: 1, Workers: workers, NewWorker: func() (lab.Worker, error) {
				return newWorker(p, players, seats, false)
			}}
			b.ReportAllocs()
			b.ResetTimer()
			_, err := batch.Run(context.Background(), func(r core.Result) {
				if r.Error != "" {
					b.Fatal(r.Error)
				}
				moves += r.Length()
			})
			require.NoError(b, err)
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(moves), "ns/move")
			b.ReportMetric(float64(moves)/float64(b.N), "moves/game")
		})
	}
}

// newBot makes a bot of e's game from its spec, through the bot registry.
func newBot(e *scripting.Engine, spec string, seed uint64) (core.Bot, error) {
	return bots.For(e.Program(), bots.ExtOptions{}).New(e, spec, seed)
}

// newBots makes the bots of a game's seats, through the bot registry.
func newBots(e *scripting.Engine, seats []string, seed uint64) ([]core.Bot, error) {
	return bots.For(e.Program(), bots.ExtOptions{}).NewSeats(e, seats, seed)
}

// parseISMCTS reads an ismcts spec for p's game, through the bot registry.
func parseISMCTS(p *scripting.Program, spec string) (search.Config, error) {
	return bots.For(p, bots.ExtOptions{}).ISMCTS(spec)
}

// newWorker makes a batch worker for p's game.
func newWorker(p *scripting.Program, players int, seats []string, events bool) (*lab.EngineWorker, error) {
	return lab.NewEngineWorker(bots.For(p, bots.ExtOptions{}), players, seats, events)
}
