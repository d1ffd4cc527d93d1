package scripting_test

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/core/search"
	"github.com/ruleslab/ruleslab/scripting"
)

// BenchmarkISMCTS: ismcts iterations (determinise, descend, expand, play out to the end or to the
// game's own horizon, YAML `ismcts:`) per second from a decision early in a game (random play first),
// per bundled game and variant at its default player count. One op is one decision of 50 iterations;
// iterations/s is reported.
func BenchmarkISMCTS(b *testing.B) { benchISMCTS(b, "ismcts:iterations=50") }

// BenchmarkISMCTSFullPlayouts is the same with every playout played to the end (horizon=none).
func BenchmarkISMCTSFullPlayouts(b *testing.B) { benchISMCTS(b, "ismcts:iterations=50,horizon=none") }

// BenchmarkISMCTSRandomPlayouts: the games' defaults with random playouts (against a game's own
// rollout=rules, Mito's default).
func BenchmarkISMCTSRandomPlayouts(b *testing.B) {
	benchISMCTS(b, "ismcts:iterations=50,rollout=random")
}

func benchISMCTS(b *testing.B, spec string) {
	for _, gv := range bundled(b) {
		b.Run(name(gv), func(b *testing.B) {
			p := loadProgram(b, gv.Game, gv.Variant)
			h := scripting.NewHost()
			defer h.Close()
			e, err := p.NewEngine(h)
			require.NoError(b, err)
			s := midGame(b, e, p.Game.Config.Players.Default, 3, 8)
			for s.Over() || len(s.Legal()) < 2 {
				s = midGame(b, e, p.Game.Config.Players.Default, uint64(b.N)+5, 8)
			}
			bot, err := newBot(e, spec, 1)
			require.NoError(b, err)
			v := s.ViewFor(s.ToAct())
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if _, err := bot.(*search.ISMCTS).Analyse(v); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(50*b.N)/b.Elapsed().Seconds(), "iterations/s")
		})
	}
}

// A game's YAML `ismcts:` sets what a bare `ismcts` plays; a spec's own options override it.
func TestISMCTSGameDefaults(t *testing.T) {
	mito := loadProgram(t, "mito", "")
	cfg, err := parseISMCTS(mito, "ismcts")
	require.NoError(t, err)
	require.Equal(t, search.Config{Horizon: 30, Margin: 0.5, Rollout: "rules"}, cfg)
	cfg, err = parseISMCTS(mito, "ismcts:horizon=none,iterations=7,margin=0.25,rollout=random")
	require.NoError(t, err)
	require.Equal(t, search.Config{Iterations: 7, Margin: 0.25, Rollout: "random"}, cfg)
	cfg, err = parseISMCTS(mito, "ismcts:observers=multi,reward=pairwise")
	require.NoError(t, err)
	require.Equal(t, search.Config{Horizon: 30, Margin: 0.5, Rollout: "rules", MultiObserver: true, Pairwise: true}, cfg)
	simino := loadProgram(t, "simino", "whites")
	cfg, err = parseISMCTS(simino, "ismcts:horizon=round+12")
	require.NoError(t, err)
	require.Equal(t, search.Config{Iterations: 100, Horizon: 12, HorizonRound: true}, cfg)
	for spec, msg := range map[string]string{
		"ismcts:horizon=round12": `horizon must be a number of moves, round, round+N or none, not "round12"`,
		"ismcts:horizon=-1":      `horizon must be a number of moves`,
		"ismcts:margin=1.5":      `margin must be a number from 0 to 1, not "1.5"`,
		"ismcts:observers=all":   `observers must be single or multi, not "all"`,
		"ismcts:reward=lead":     `reward must be win or pairwise, not "lead"`,
	} {
		_, err := parseISMCTS(mito, spec)
		require.ErrorContains(t, err, msg, spec)
	}
}

// horizonSearch searches a mid-game decision of game with spec and records every position its
// evaluation scored (the playouts it cut) and the root's move count and rounds.
func horizonSearch(t *testing.T, game, spec string) (cuts []*core.State, rootMoves, rootRounds int, a *search.Analysis) {
	p := loadProgram(t, game, "")
	h := scripting.NewHost()
	t.Cleanup(h.Close)
	e, err := p.NewEngine(h)
	require.NoError(t, err)
	s := midGame(t, e, p.Game.Config.Players.Default, 3, 12)
	for seed := uint64(4); s.Over() || len(s.Legal()) < 2; seed++ {
		s = midGame(t, e, p.Game.Config.Players.Default, seed, 12)
	}
	bot, err := newBot(e, spec, 1)
	require.NoError(t, err)
	b := bot.(*search.ISMCTS)
	eval := b.Evaluate
	b.Evaluate = func(st *core.State) ([]float64, error) {
		if !st.Over() {
			cuts = append(cuts, st.Clone())
		}
		if eval == nil {
			v := make([]float64, st.Players)
			for i, x := range st.Totals() {
				v[i] = float64(x)
			}
			return v, nil
		}
		return eval(st)
	}
	a, err = b.Analyse(s.ViewFor(s.ToAct()))
	require.NoError(t, err)
	return cuts, s.MoveCount(), len(s.RoundTotals()), a
}

// horizon=N cuts every unfinished playout exactly N moves after the searched decision and scores it
// with the game's evaluate hook; the search stays deterministic for a seed.
func TestISMCTSHorizonCutsPlayoutsAtNMoves(t *testing.T) {
	cuts, root, _, a := horizonSearch(t, "mito", "ismcts:iterations=40,horizon=9")
	require.NotEmpty(t, cuts)
	for _, c := range cuts {
		require.Equal(t, root+9, c.MoveCount())
	}
	_, _, _, again := horizonSearch(t, "mito", "ismcts:iterations=40,horizon=9")
	require.Equal(t, a, again)
}

// horizon=round cuts every unfinished playout right after the round in progress ends (the move that
// logged its round_end), scored by the totals when the game has no evaluate hook.
func TestISMCTSHorizonCutsPlayoutsAtRoundEnd(t *testing.T) {
	cuts, root, rounds, _ := horizonSearch(t, "simino", "ismcts:iterations=20,horizon=round")
	require.NotEmpty(t, cuts)
	for _, c := range cuts {
		require.Greater(t, c.MoveCount(), root)
		require.Len(t, c.RoundTotals(), rounds+1)
		// the cut came at once: the next round's box is still empty (Simino clears it between rounds)
		b, err := c.Handle().Board("main")
		require.NoError(t, err)
		require.Empty(t, b.Pieces(), "a tile was placed after the round ended")
	}
}

// Jiji's sample_ok: the real game is always a world its seats could be in, and some of the worlds
// View.Sample deals are not (a shared card that the sampled Lost Jiji's rule forbids); the search deals
// those again, so every sample it plays passes.
func TestISMCTSDealsAgainWhatSampleOKRejects(t *testing.T) {
	p := loadProgram(t, "jiji", "")
	h := scripting.NewHost()
	defer h.Close()
	e, err := p.NewEngine(h)
	require.NoError(t, err)
	require.True(t, e.HasSampleOK())
	rejected, searched, allPassed, allFallbacks := 0, 0, 0, 0
	playGreedy(t, e, 6, func() bool { return false }, func(s *core.State, seed uint64, seat int) {
		ok, err := e.SampleOK(s, seat)
		require.NoError(t, err)
		require.Equal(t, 1.0, ok, "the real game is always plausible (seed %d, move %d)", seed, s.MoveCount())
		if len(s.Legal()) > 1 && s.MoveCount()%5 == 0 {
			bot, err := newBot(e, "ismcts:iterations=10", seed)
			require.NoError(t, err)
			b := bot.(*search.ISMCTS)
			passed, fallbacks, inARow := 0, 0, 0
			b.Plausible = func(st *core.State, seat int) (float64, error) {
				ok, err := e.SampleOK(st, seat)
				if ok == 1 {
					passed++
					inARow = 0
				} else {
					rejected++
					if inARow++; inARow == search.PlausibleTries-1 {
						fallbacks++ // the next deal is kept unchecked
						inARow = 0
					}
				}
				return ok, err
			}
			a, err := b.Analyse(s.ViewFor(seat))
			require.NoError(t, err)
			require.Equal(t, a.Iterations+a.Failed, passed+fallbacks, "every sample searched passed sample_ok, or was the last of PlausibleTries deals")
			allFallbacks += fallbacks
			allPassed += passed
			searched++
		}
	})
	require.Positive(t, searched)
	require.Positive(t, rejected, "no sample was ever rejected: the check is not exercised")
	require.Less(t, allFallbacks, allPassed/20, "most searched samples pass")
}

// A bad `ismcts:` in a game's YAML is an error when the game loads, naming the file, line and column.
func TestISMCTSBadGameDefaults(t *testing.T) {
	path := filepath.Join(t.TempDir(), "house.yaml")
	require.NoError(t, os.WriteFile(path, []byte("extends: mito\nismcts: depth=3\n"), 0o644))
	_, err := scripting.Load(path, "")
	require.ErrorContains(t, err, "house.yaml:2:9: ismcts: unknown option \"depth\"")
}

// Mito's sample_ok: the Keeper about to reply keeps a sampled world with the chance of the signal she
// got in it (a cheat in the sleeve or none), scaled so the likelier case is always kept; every other
// decision keeps every world.
func TestISMCTSMitoWeighsTheSignal(t *testing.T) {
	p := loadProgram(t, "mito", "")
	h := scripting.NewHost()
	defer h.Close()
	e, err := p.NewEngine(h)
	require.NoError(t, err)
	sleeve, ok := p.Game.ZoneIndex("sleeve")
	require.True(t, ok)
	seen := map[[2]bool]int{} // (signal, cheat in the sleeve) -> replies checked
	// a false alarm (a signal, no cheat: 5%) is rare: play seeds until every case came up
	playGreedy(t, e, 300, func() bool { return len(seen) == 4 }, func(s *core.State, seed uint64, seat int) {
		chance, err := e.SampleOK(s, seat)
		require.NoError(t, err)
		if legal := s.Legal(); legal[0] != "accuse" {
			require.Equal(t, 1.0, chance, "only the reply weighs worlds (seed %d, move %d)", seed, s.MoveCount())
		} else {
			signal, _ := s.Handle().Get("signal")
			turn, _ := s.Handle().Get("turn")
			cheat := s.Count(core.ZoneRef{Def: sleeve, Seat: int(turn.Num)}) > 0
			want := map[[2]bool]float64{{true, true}: 1, {true, false}: 0.05 / 0.35, {false, true}: 0.65 / 0.95,
				{false, false}: 1}[[2]bool{signal.Num != 0, cheat}]
			require.InDelta(t, want, chance, 1e-12, "signal %v, cheat %v", signal.Num, cheat)
			seen[[2]bool{signal.Num != 0, cheat}]++
		}
	})
	require.Len(t, seen, 4, "every pair of signal and guilt came up: %v", seen)
}

// A chance from sample_ok keeps a sampled world that often: at 1/4 the search deals about four worlds
// per iteration.
func TestISMCTSKeepsSamplesWithTheirChance(t *testing.T) {
	p := loadProgram(t, "mito", "")
	h := scripting.NewHost()
	defer h.Close()
	e, err := p.NewEngine(h)
	require.NoError(t, err)
	s := midGame(t, e, 4, 3, 8)
	require.Greater(t, len(s.Legal()), 1)
	bot, err := newBot(e, "ismcts:iterations=400", 1)
	require.NoError(t, err)
	b := bot.(*search.ISMCTS)
	deals := 0
	b.Plausible = func(*core.State, int) (float64, error) { deals++; return 0.25, nil }
	a, err := b.Analyse(s.ViewFor(s.ToAct()))
	require.NoError(t, err)
	perIteration := float64(deals) / float64(a.Iterations+a.Failed)
	require.InDelta(t, 4, perIteration, 0.6, "worlds dealt per iteration")
}

// playGreedy plays 4-player games of greedy bots on seeds 1 to maxSeed (until done says so), calling
// visit before each decision.
func playGreedy(t *testing.T, e *scripting.Engine, maxSeed uint64, done func() bool, visit func(s *core.State, seed uint64, seat int)) {
	t.Helper()
	for seed := uint64(1); seed <= maxSeed && !done(); seed++ {
		s, err := e.NewState(4, seed, core.StateOptions{})
		require.NoError(t, err)
		g, err := newBot(e, "greedy", seed)
		require.NoError(t, err)
		for !s.Over() {
			seat := s.ToAct()
			visit(s, seed, seat)
			i, err := g.Choose(s.ViewFor(seat))
			require.NoError(t, err)
			require.NoError(t, s.ApplyIndex(e, i))
		}
	}
}

// rollout=mast plays its playouts by the moves' mean rewards in the search so far: a search of every
// bundled game runs with it, and the same seed makes the same search (-short: each game's base rules).
func TestISMCTSMASTRollouts(t *testing.T) {
	for _, gv := range bundledShort(t) {
		p := loadProgram(t, gv.Game, gv.Variant)
		t.Run(name(gv), func(t *testing.T) {
			_, _, a1 := searchDecision(t, p, "ismcts:rollout=mast,iterations=60", 6)
			_, _, a2 := searchDecision(t, p, "ismcts:rollout=mast,iterations=60", 6)
			require.Equal(t, a1, a2)
			require.Equal(t, 60, a1.Iterations+a1.Failed)
			_, _, random := searchDecision(t, p, "ismcts:rollout=random,iterations=60", 6)
			require.NotEqual(t, random.Moves, a1.Moves, "the playouts' policy changed nothing")
		})
	}
}

// prior=BOT: the root favours the move the game's bot would play from the seat's view. With a weight
// far above any reward the search plays that move; the prior never lowers its visits. -short searches
// each game's base rules only.
func TestISMCTSPriorFavoursTheBotsMove(t *testing.T) {
	raised := 0
	for _, gv := range bundledShort(t) {
		p := loadProgram(t, gv.Game, gv.Variant)
		if p.Bots["greedy"] == nil {
			continue
		}
		t.Run(name(gv), func(t *testing.T) {
			_, s, heavy := searchDecision(t, p, "ismcts:iterations=60,prior=greedy,prior_weight=1000", 6)
			require.NotEmpty(t, heavy.Prior)
			require.Equal(t, heavy.Prior, heavy.Moves[heavy.Best].Move, "a heavy prior's move is the one played")
			require.Contains(t, s.Legal(), heavy.Prior)
			_, _, plain := searchDecision(t, p, "ismcts:iterations=60,prior=none", 6)
			require.Empty(t, plain.Prior)
			_, _, light := searchDecision(t, p, "ismcts:iterations=60,prior=greedy", 6)
			require.Equal(t, heavy.Prior, light.Prior, "the same bot and seed choose the same prior move")
			visits := func(a *search.Analysis) int {
				for _, m := range a.Moves {
					if m.Move == heavy.Prior {
						return m.Visits
					}
				}
				return 0
			}
			require.GreaterOrEqual(t, visits(heavy), visits(plain))
			if visits(heavy) > visits(plain) {
				raised++
			}
		})
	}
	require.Positive(t, raised, "the prior raised no move's visits")
}

func TestISMCTSPriorOptions(t *testing.T) {
	p := loadProgram(t, "mito", "")
	cfg, err := parseISMCTS(p, "ismcts:prior=greedy,prior_weight=2")
	require.NoError(t, err)
	require.Equal(t, "greedy", cfg.Prior)
	require.Equal(t, 2.0, cfg.PriorWeight)
	for spec, msg := range map[string]string{
		"ismcts:prior=nobody":       `no prior bot "nobody" for mito (none or: greedy)`,
		"ismcts:prior_weight=0":     `prior_weight must be a positive number, not "0"`,
		"ismcts:prior_weight=heavy": `prior_weight must be a positive number, not "heavy"`,
	} {
		_, err := parseISMCTS(p, spec)
		require.ErrorContains(t, err, msg, spec)
	}
}

// rollout=rules plays the playouts by the game's own `rollout(g, seat, legal)` hook: Mito's searches
// the same way for the same seed, and differently from random playouts.
func TestISMCTSRulesRollouts(t *testing.T) {
	p := loadProgram(t, "mito", "")
	_, _, a1 := searchDecision(t, p, "ismcts:rollout=rules,iterations=60", 6)
	_, _, a2 := searchDecision(t, p, "ismcts:rollout=rules,iterations=60", 6)
	require.Equal(t, a1, a2)
	require.Equal(t, 60, a1.Iterations)
	_, _, random := searchDecision(t, p, "ismcts:rollout=random,iterations=60", 6)
	require.NotEqual(t, random.Moves, a1.Moves, "the playouts' policy changed nothing")

	// a tiny game whose hook always stops: every playout ends at the first move past the tree
	e, s := tinyGame(t, "testdata/rollout-stop.yaml")
	i, err := e.Rollout(s, 0, nil)
	require.NoError(t, err)
	require.Equal(t, "stop", s.Legal()[i])
}

// A rollout hook that answers no legal move, answers nothing, or changes the game is reported with
// the hook's name; a game without the hook cannot use rollout=rules.
func TestISMCTSRulesRolloutErrors(t *testing.T) {
	for mode, msg := range map[string]string{
		"illegal": `hook rollout returned "fly", not one of seat`,
		"nothing": "hook rollout returned number, not a move",
		"mutate":  "g:move_top changes the game: rollout may only read it",
	} {
		t.Run(mode, func(t *testing.T) {
			e, s := tinyGame(t, "testdata/rollout-"+mode+".yaml")
			require.NoError(t, s.ApplyIndex(e, 0)) // seat 0 draws: seat 1 to act
			_, err := e.Rollout(s, 1, nil)
			require.ErrorContains(t, err, msg)
			bot, err := newBot(e, "ismcts:rollout=rules,iterations=5", 1)
			require.NoError(t, err)
			_, err = bot.Choose(s.ViewFor(1))
			require.ErrorContains(t, err, msg)
		})
	}
	e, _ := tinyGame(t, "testdata/tiny.yaml")
	_, err := newBot(e, "ismcts:rollout=rules", 1)
	require.ErrorContains(t, err, "rollout=rules needs a `rollout(g, seat, legal)` hook in tiny's rules")
}

// tinyGame starts a two-seat game of a test game on an engine of its own.
func tinyGame(t *testing.T, path string) (*scripting.Engine, *core.State) {
	t.Helper()
	h := scripting.NewHost()
	t.Cleanup(h.Close)
	e, s, err := startGame(loadProgram(t, path, ""), h, 2, 1)
	require.NoError(t, err)
	return e, s
}

// A search hook that fails (here `evaluate`, stuck in an endless loop until its budget stops it) is
// not called again in that search: the decision fails at once, naming the hook, instead of retrying
// it in each of the 300 iterations.
func TestISMCTSStopsAtAFailedHook(t *testing.T) {
	e, s := tinyGame(t, "testdata/evaluate-loop.yaml")
	bot, err := newBot(e, "ismcts:iterations=300,horizon=1", 1)
	require.NoError(t, err)
	e.Host().Profile = map[string]*scripting.HookCost{}
	_, err = bot.Choose(s.ViewFor(0))
	require.ErrorContains(t, err, "hook evaluate was stopped: it did more than 20 ms of work")
	require.Equal(t, 1, e.Host().Profile["evaluate"].Calls)
}

// An interrupted host (Ctrl-C, SIGTERM) stops a search whatever its budget: the decision fails with
// search.ErrInterrupted instead of running a billion iterations whose hooks all fail.
func TestISMCTSStopsWhenInterrupted(t *testing.T) {
	e, s := tinyGame(t, "testdata/tiny.yaml")
	bot, err := newBot(e, "ismcts:iterations=1000000000", 1)
	require.NoError(t, err)
	e.Host().Interrupt()
	done := make(chan error, 1)
	go func() {
		_, err := bot.Choose(s.ViewFor(0))
		done <- err
	}()
	select {
	case err := <-done:
		require.ErrorContains(t, err, "interrupted")
	case <-time.After(20 * time.Second): // only a search that ignores the interruption gets here
		t.Fatal("the search ignored the interruption")
	}
}
