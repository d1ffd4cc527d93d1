package search_test

import (
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/core/config"
	"github.com/ruleslab/ruleslab/core/search"
)

// A trick game whose rules are Go (goTricks), so a search of it measures the search's own work: the
// deals, the tree, the rewards, and the engine's trick mechanic, with no Lua.
const goTricksYAML = `id: go-tricks
title: Go tricks
players: {min: 4, max: 4, default: 4}
components:
  - kind: card
    id: "{color}{number}"
    each: {color: [O, B, P, G], number: [1, 2, 3, 4, 5, 6, 7, 8, 9]}
zones:
  deck: {visible: none}
  hand: {per_seat: true, visible: owner}
  won: {per_seat: true, visible: none}
  trick: {visible: all}
mechanics:
  trick: {hand: hand, table: trick, suit: color, follow: true}
script: go-tricks.lua
`

// goTricks deals 9 cards to each of 4 seats; the highest card of the lead suit wins a trick and a
// point, and the winner leads the next; most points wins.
type goTricks struct{}

func (goTricks) Setup(s *core.State) error {
	h := s.Handle()
	deck := zone(s, "deck", -1)
	h.Shuffle(deck)
	for seat := 0; seat < 4; seat++ {
		h.MoveTop(deck, zone(s, "hand", seat), 9)
	}
	return h.StartTrick(0)
}

func (goTricks) TrickWinner(s *core.State, t *core.Trick) (int, string, error) {
	cards := s.Game.Catalog.Cards
	lead := cards[t.Cards[t.Lead]]
	best := t.Lead
	for i, c := range t.Cards {
		if cards[c].Attrs["color"] == lead.Attrs["color"] &&
			cards[c].Attrs["number"].(float64) > cards[t.Cards[best]].Attrs["number"].(float64) {
			best = i
		}
	}
	return best, "", nil
}

func (goTricks) TrickDone(s *core.State, winner int) error {
	h := s.Handle()
	h.AddScore(winner, 1)
	h.MoveAll(zone(s, "trick", -1), zone(s, "won", winner))
	if s.Count(zone(s, "hand", winner)) > 0 {
		return h.StartTrick(winner)
	}
	var winners []int
	for seat, x := range s.Totals() {
		if len(winners) == 0 || x > s.Totals()[winners[0]] {
			winners = winners[:0]
		}
		if len(winners) == 0 || x == s.Totals()[winners[0]] {
			winners = append(winners, seat)
		}
	}
	s.Finish(winners)
	return nil
}

func (goTricks) OnMove(*core.State, int, string) error { return errors.New("every move is a play") }

func (goTricks) Normalize(_ *core.State, _ int, move string) (string, error) { return move, nil }

func (goTricks) CanPlay(*core.State, int, core.CardIdx) (bool, bool, error) { return false, false, nil }

func (goTricks) Stats(*core.State) (map[string][]float64, map[string]float64, error) {
	return nil, nil, nil
}

func zone(s *core.State, name string, seat int) core.ZoneRef {
	z, err := s.Zone(name, seat)
	if err != nil {
		panic(err)
	}
	return z
}

// goTricksDecision is a decision of a go-tricks game after 6 random plays (so some seats have shown
// voids or not, and the trick is part played).
func goTricksDecision(tb testing.TB) (core.View, core.Rules) {
	dir := tb.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "go-tricks.yaml"), []byte(goTricksYAML), 0o644); err != nil {
		tb.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "go-tricks.lua"), []byte("function setup(g) end\n"), 0o644); err != nil {
		tb.Fatal(err)
	}
	cfg, err := config.Load(filepath.Join(dir, "go-tricks.yaml"))
	if err != nil {
		tb.Fatal(err)
	}
	g, err := core.Compile(cfg)
	if err != nil {
		tb.Fatal(err)
	}
	rules := goTricks{}
	s, err := core.NewState(g, rules, 4, 11, core.StateOptions{NoHistory: true})
	if err != nil {
		tb.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 6; i++ {
		if err := s.ApplyIndex(rules, rng.IntN(len(s.Legal()))); err != nil {
			tb.Fatal(err)
		}
	}
	return s.ViewFor(s.ToAct()), rules
}

// BenchmarkISMCTSSearchOverhead: the search's own cost per iteration (deal, tree walk, playout through
// the engine's trick mechanic, rewards) in a game whose rules are Go: what every game pays on top of its
// hooks. One op is one decision of 50 iterations; iterations/s is reported.
func BenchmarkISMCTSSearchOverhead(b *testing.B) {
	v, rules := goTricksDecision(b)
	bot := search.New(search.Config{Iterations: 50}, rules, 1)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := bot.Analyse(v); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(50*b.N)/b.Elapsed().Seconds(), "iterations/s")
}

// The go-tricks game the overhead benchmark searches plays to its end, and a search of it is
// deterministic for a seed.
func TestISMCTSSearchesAGoRulesGame(t *testing.T) {
	v, rules := goTricksDecision(t)
	a1, err := search.New(search.Config{Iterations: 60}, rules, 5).Analyse(v)
	if err != nil {
		t.Fatal(err)
	}
	a2, err := search.New(search.Config{Iterations: 60}, rules, 5).Analyse(v)
	if err != nil {
		t.Fatal(err)
	}
	if a1.Iterations != 60 || a1.Failed != 0 {
		t.Fatalf("%d iterations, %d failed; want 60 and 0", a1.Iterations, a1.Failed)
	}
	if a1.Best != a2.Best || len(a1.Moves) != len(a2.Moves) {
		t.Fatalf("two searches with one seed differ: %+v and %+v", a1, a2)
	}
	for i := range a1.Moves {
		if a1.Moves[i].Visits != a2.Moves[i].Visits {
			t.Fatalf("two searches with one seed differ: %+v and %+v", a1, a2)
		}
	}
}
