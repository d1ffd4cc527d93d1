package scripting_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/core/lab"
	"github.com/ruleslab/ruleslab/scripting"
)

// playBatch plays games of p with random seats on the given number of workers and returns each game's
// result as JSON, in game order.
func playBatch(t *testing.T, p *scripting.Program, games, workers int) []string {
	t.Helper()
	seats := []string{"random", "random"}
	batch := lab.Batch{Games: games, Seed: 7, Workers: workers, NewWorker: func() (lab.Worker, error) {
		return newWorker(p, 2, seats, true)
	}}
	var out []string
	_, err := batch.Run(context.Background(), func(r core.Result) {
		require.Empty(t, r.Error)
		b, err := json.Marshal(r)
		require.NoError(t, err)
		out = append(out, string(b))
	})
	require.NoError(t, err)
	return out
}

// Rules that keep state in module-level locals or tables, or in closures made at load (found by the
// static check, so loaded again for every game) give the same results for any number of workers, equal
// to a fresh engine per game.
func TestModuleStateStaysInItsGame(t *testing.T) {
	for _, file := range []string{"testdata/module-state.yaml", "testdata/module-counter.yaml", "testdata/module-closure.yaml"} {
		t.Run(file, func(t *testing.T) {
			p := loadProgram(t, file, "")
			require.NotEmpty(t, p.KeptState())
			const games = 12
			one := playBatch(t, p, games, 1)
			require.Equal(t, one, playBatch(t, p, games, 2))
			for i := 0; i < games; i++ {
				w, err := newWorker(p, 2, []string{"random", "random"}, true)
				require.NoError(t, err)
				r := w.Play(i, core.GameSeed(7, i))
				w.Close()
				b, err := json.Marshal(r)
				require.NoError(t, err)
				require.Equal(t, string(b), one[i], "game %d differs from the same game on a fresh engine", i)
			}
		})
	}
}

// Rules that keep a library's Go function made at load (a gmatch iterator keeps its place), which no
// name written shows, are found once loaded and loaded again for every game: each game reads the first
// word, on any number of workers.
func TestLibraryFunctionKeptFromLoadStaysInItsGame(t *testing.T) {
	p := loadProgram(t, "testdata/module-gmatch.yaml", "")
	require.Empty(t, p.KeptState())
	const games = 6
	one := playBatch(t, p, games, 1)
	require.Equal(t, one, playBatch(t, p, games, 2))
	for i, r := range one {
		require.Contains(t, r, `"type":"word","word":"a"`, "game %d", i)
	}
}

// Rules that keep no state are loaded once per engine; rules that do are loaded for every game.
func TestScriptsLoadOncePerEngineUnlessTheyKeepState(t *testing.T) {
	for file, loads := range map[string]int{"mimic-taking": 1, "testdata/module-counter.yaml": 3} {
		p := loadProgram(t, file, "")
		h := scripting.NewHost()
		h.Profile = map[string]*scripting.HookCost{}
		e, err := p.NewEngine(h)
		require.NoError(t, err)
		for i := 0; i < 3; i++ {
			_, err := e.NewState(p.Game.Config.Players.Default, uint64(i), core.StateOptions{})
			require.NoError(t, err)
		}
		c := h.Profile["(loading "+p.Chunks[len(p.Chunks)-1].Path+")"]
		require.NotNil(t, c, file)
		require.Equal(t, loads, c.Calls, file)
		h.Close()
	}
}

// A module-level table written through an alias (which the static check cannot see) is read-only once
// the scripts are loaded, as is a table a closure made at load holds: the write stops the game with a
// message naming the table.
func TestModuleTablesAreFrozenAfterLoading(t *testing.T) {
	p := loadProgram(t, "testdata/module-alias.yaml", "")
	require.Empty(t, p.KeptState())
	h := scripting.NewHost()
	defer h.Close()
	_, _, err := startGame(p, h, 2, 1)
	require.ErrorContains(t, err, "hook setup: ")
	require.ErrorContains(t, err, "module-alias.lua:7: module-level table `memory` is read-only (assigning games)")

	// the same through a closure a function made at load (its upvalue is that function's local)
	p = loadProgram(t, "testdata/module-closure-alias.yaml", "")
	require.Empty(t, p.KeptState())
	_, _, err = startGame(p, h, 2, 1)
	require.ErrorContains(t, err, "module-closure-alias.lua:7: module-level table `seen` is read-only (assigning 1)")
}

// g:memo keeps a table (of numbers, strings, booleans) for every later game, read-only; a cycle is
// refused.
func TestMemoKeepsReadOnlyTables(t *testing.T) {
	p := loadProgram(t, "testdata/memo-table.yaml", "")
	h := scripting.NewHost()
	defer h.Close()
	e, err := p.NewEngine(h)
	require.NoError(t, err)
	for i, fresh := range []bool{true, false} {
		s, err := e.NewState(2, uint64(i), core.StateOptions{})
		require.NoError(t, err)
		f := s.Events()[0].Fields
		require.Equal(t, fresh, f["fresh"])
		require.Equal(t, float64(1), f["a1"])
		require.Equal(t, "x", f["b"])
		require.Contains(t, f["write"], "memo t is read-only (assigning 1)")
		require.Equal(t, float64(2), f["n"])
		if fresh {
			require.Contains(t, f["own"], "memo t is read-only (assigning b)")
		} else {
			require.Equal(t, "nil", f["own"]) // this game's table was not stored
		}
		require.Contains(t, f["cycle"], "memo values must be numbers, strings, booleans or tables of them (no cycles)")
	}
}

// A search's playout skips the rules' events, rule marks and statistics, and plays exactly the same
// game: same moves, totals and winners, in every bundled game.
func TestPlayoutSkipsWhatNobodyReads(t *testing.T) {
	for _, gv := range bundledShort(t) {
		t.Run(name(gv), func(t *testing.T) {
			p := loadProgram(t, gv.Game, gv.Variant)
			h := scripting.NewHost()
			defer h.Close()
			e, err := p.NewEngine(h)
			require.NoError(t, err)
			s := midGame(t, e, p.Game.Config.Players.Default, 11, 6)
			full, playout := s.Clone(), s.Clone()
			full.DropHistory()
			playout.StartPlayout()
			marks := fmt.Sprint(playout.Rules())
			rng := rand.New(rand.NewPCG(3, 4))
			for steps := 0; !full.Over(); steps++ {
				require.Less(t, steps, 100000)
				require.Equal(t, full.Legal(), playout.Legal())
				i := rng.IntN(len(full.Legal()))
				require.NoError(t, full.ApplyIndex(e, i))
				require.NoError(t, playout.ApplyIndex(e, i))
			}
			require.True(t, playout.Over())
			require.Equal(t, full.Winners(), playout.Winners())
			require.Equal(t, full.Totals(), playout.Totals())
			require.Equal(t, marks, fmt.Sprint(playout.Rules()), "a playout counted rule marks")
			require.NotEqual(t, marks, fmt.Sprint(full.Rules()))
			require.True(t, playout.Playout())
			require.False(t, full.Playout())
		})
	}
}
