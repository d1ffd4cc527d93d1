package tests

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/scripting"
	"github.com/stretchr/testify/require"
)

// Common random numbers (core/random.go): each purpose draws from its own stream, and a shuffle's order
// is a function of the cards in the zone, so variants whose components match deal the same hands.

func newGameState(t *testing.T, game, variant string, players int, seed uint64) *core.State {
	t.Helper()
	p, err := scripting.Load(game, variant)
	require.NoError(t, err)
	h := scripting.NewHost()
	t.Cleanup(h.Close)
	e, err := p.NewEngine(h)
	require.NoError(t, err)
	s, err := e.NewState(players, seed, core.StateOptions{})
	require.NoError(t, err)
	return s
}

// gatherInto moves every card of the game into zone to, then puts it in catalogue order, reversed when
// reverse is set: two states whose zone holds the same cards in different orders.
func gatherInto(t *testing.T, s *core.State, to core.ZoneRef, reverse bool) {
	t.Helper()
	for _, z := range s.ZoneRefs() {
		s.Handle().MoveAll(z, to)
	}
	require.Equal(t, len(s.Game.Catalog.Cards), s.Count(to))
	s.Handle().Sort(to)
	if reverse {
		slices.Reverse(s.Cards(to))
	}
}

func TestShuffleOrdersTheSameCardsAlikeWhateverTheirOrder(t *testing.T) {
	a := newGameState(t, "mimic-taking", "", 4, 7)
	deck, err := a.Zone("deck", -1)
	require.NoError(t, err)
	b := a.Clone()
	gatherInto(t, a, deck, false)
	gatherInto(t, b, deck, true)
	require.NotEqual(t, a.Cards(deck), b.Cards(deck))

	// a draw for another purpose in between does not shift the deck's stream
	a.Handle().RandomFor(core.PurposeKey("purpose", "dice"), 6)
	a.Handle().FloatFor(core.PurposeKey("hook", "on_move"))
	a.Handle().Shuffle(deck)
	b.Handle().Shuffle(deck)
	require.Equal(t, a.Cards(deck), b.Cards(deck), "the same cards under the same key")
	first := slices.Clone(a.Cards(deck))

	// the zone's next shuffle is another key: another order, again the same in both states
	a.Handle().Shuffle(deck)
	b.Handle().Shuffle(deck)
	require.Equal(t, a.Cards(deck), b.Cards(deck))
	require.NotEqual(t, first, a.Cards(deck))

	// another game seed is another key
	c := newGameState(t, "mimic-taking", "", 4, 8)
	gatherInto(t, c, deck, false)
	c.Handle().Shuffle(deck)
	c.Handle().Shuffle(deck)
	c.Handle().Shuffle(deck)
	require.NotEqual(t, a.Cards(deck), c.Cards(deck))

	// a sampled world's streams are reseeded: its next shuffle does not reveal the true one
	d := a.Clone()
	d.Reseed(1, 2)
	a.Handle().Shuffle(deck)
	d.Handle().Shuffle(deck)
	require.NotEqual(t, a.Cards(deck), d.Cards(deck))
}

func TestPurposeStreamsDoNotShiftEachOther(t *testing.T) {
	a := newGameState(t, "mimic-taking", "", 4, 3)
	b := a.Clone()
	first, other := core.PurposeKey("purpose", "first_player"), core.PurposeKey("hook", "setup")
	for range 5 {
		a.Handle().RandomFor(other, 1000)
	}
	for range 10 {
		require.Equal(t, b.Handle().RandomFor(first, 1_000_000), a.Handle().RandomFor(first, 1_000_000))
	}
	require.NotEqual(t, core.PurposeKey("purpose", "setup"), other, "a named purpose is not a hook's stream")
	// Reseed changes every stream
	c, d := a.Clone(), a.Clone()
	d.Reseed(9, 9)
	same := 0
	for range 20 {
		if c.Handle().RandomFor(first, 1_000_000) == d.Handle().RandomFor(first, 1_000_000) {
			same++
		}
	}
	require.Less(t, same, 2)
}

// The order a shuffle gives is uniform: each card lands in each place about equally often.
func TestShuffleIsUniform(t *testing.T) {
	s := newGameState(t, "mimic-taking", "", 4, 1)
	deck, err := s.Zone("deck", -1)
	require.NoError(t, err)
	gatherInto(t, s, deck, false)
	n := s.Count(deck)
	const trials = 8000
	counts := make([]int, n) // where card 0 ends
	for i := range trials {
		c := s.Clone()
		c.Reseed(uint64(i), 77)
		c.Handle().Shuffle(deck)
		counts[slices.Index(c.Cards(deck), 0)]++
	}
	want := trials / n
	for place, got := range counts {
		require.InDelta(t, want, got, float64(want)*0.4, "card 0 at place %d: %d times of %d", place, got, trials)
	}
}

// Two variants with the same components deal the same hands and choose the same first player.
func TestVariantsWithTheSameComponentsDealAlike(t *testing.T) {
	for g := range 20 {
		seed := core.GameSeed(1, g)
		base := newGameState(t, "mimic-taking", "", 4, seed)
		faceUp := newGameState(t, "mimic-taking", "face-up", 4, seed)
		require.Equal(t, base.ToAct(), faceUp.ToAct(), "game %d: the leader", g)
		for seat := range 4 {
			hb, err := base.Zone("hand", seat)
			require.NoError(t, err)
			require.Equal(t, base.Cards(hb), faceUp.Cards(hb), "game %d: hand %d", g, seat)
		}

		// Simino with whites deals 4 tiles a hand instead of 5 from the same shuffled reserve: seat 0's
		// 4 are among its 5, and every tile whites deals is one classic deals
		classic := newGameState(t, "simino", "", 3, seed)
		whites := newGameState(t, "simino", "whites", 3, seed)
		require.Equal(t, classic.ToAct(), whites.ToAct(), "game %d: the first player", g)
		var dealtC, dealtW []core.CardIdx
		for seat := range 3 {
			h, err := classic.Zone("hand", seat)
			require.NoError(t, err)
			dealtC = append(dealtC, classic.Cards(h)...)
			dealtW = append(dealtW, whites.Cards(h)...)
			if seat == 0 {
				require.Subset(t, classic.Cards(h), whites.Cards(h), "game %d: seat 0's hand", g)
			}
		}
		require.Len(t, dealtW, 12)
		require.Subset(t, dealtC, dealtW, "game %d", g)
	}
}

// compare's paired interval is narrower than the unpaired one for every measure that varies, on
// variants that play alike (Mimic Taking face-up changes only what the seats see).
func TestComparePairedNarrowerWhereVariantsPlayAlike(t *testing.T) {
	t.Setenv("RULESLAB_HOME", repoRoot(t))
	r := execute("compare", "mimic-taking", "--variant", "base", "--variant", "face-up", "--games", "100",
		"--seats", "greedy,random", "--json")
	require.Equal(t, 0, r.code, r.err)
	var res struct {
		Measures []struct {
			Name  string
			Diffs []struct {
				Paired, Unpaired struct{ Low, High *float64 }
			}
		}
	}
	require.NoError(t, json.Unmarshal([]byte(r.out), &res))
	checked := 0
	for _, m := range res.Measures {
		for _, d := range m.Diffs {
			if d.Unpaired.Low == nil || *d.Unpaired.High-*d.Unpaired.Low == 0 {
				continue // a measure that never varies (tricks per game)
			}
			require.NotNil(t, d.Paired.Low, m.Name)
			require.Less(t, *d.Paired.High-*d.Paired.Low, *d.Unpaired.High-*d.Unpaired.Low, m.Name)
			checked++
		}
	}
	require.Greater(t, checked, 15)
}
