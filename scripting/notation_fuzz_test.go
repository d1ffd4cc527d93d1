package scripting_test

import (
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/core/config"
	"github.com/ruleslab/ruleslab/scripting"
)

var (
	notationOnce    sync.Once
	notationEngines []*scripting.Engine
)

// notationGames loads every bundled game and variant once (their normalize hooks are the move-notation
// parsers).
func notationGames(t testing.TB) []*scripting.Engine {
	notationOnce.Do(func() {
		games, err := config.BundledGames()
		if err != nil {
			t.Fatal(err)
		}
		for _, g := range games {
			for _, v := range append([]string{""}, g.Variants...) {
				p, err := scripting.Load(g.ID, v)
				if err != nil {
					t.Fatal(err)
				}
				e, err := p.NewEngine(scripting.NewHost())
				if err != nil {
					t.Fatal(err)
				}
				notationEngines = append(notationEngines, e)
			}
		}
	})
	return notationEngines
}

// FuzzMoveNotation types any text as a move in a position of a bundled game (reached by a few random
// moves): matching it through the game's normalize hook and the engine's loose matching is a legal
// move or an error, never a panic; every legal move, as spelled, matches itself.
func FuzzMoveNotation(f *testing.F) {
	for _, s := range []string{"play O4", "PLAY  o4", "pass", "", "guess 2 3", "1", "place W1 a1 h", "\x00", "play 🂡"} {
		f.Add(uint8(0), uint64(1), uint8(3), s)
		f.Add(uint8(5), uint64(2), uint8(9), s)
	}
	f.Fuzz(func(t *testing.T, game uint8, seed uint64, moves uint8, text string) {
		engines := notationGames(t)
		e := engines[int(game)%len(engines)]
		cfg := e.Program().Game.Config
		s, err := e.NewState(cfg.Players.Default, seed, core.StateOptions{})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 7))
		for i := 0; i < int(moves%40) && !s.Over(); i++ {
			if err := s.ApplyIndex(e, rng.IntN(len(s.Legal()))); err != nil {
				t.Fatal(err)
			}
		}
		if s.Over() {
			return
		}
		legal := s.Legal()
		if i, err := s.Match(e, text); err == nil && (i < 0 || i >= len(legal)) {
			t.Fatalf("%q matched move %d of %d", text, i, len(legal))
		}
		for i, m := range legal {
			if j, err := s.Match(e, m); err != nil || j != i {
				t.Fatalf("legal move %q matched %d, %v", m, j, err)
			}
		}
	})
}
