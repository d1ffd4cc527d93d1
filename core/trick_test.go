package core

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/ruleslab/ruleslab/core/config"
)

// dealRules deals the whole deck from its top, two cards to each seat in turn (so copies, next to each
// other in the catalogue, land in one hand), and starts a trick led by seat 0; its leader wins it.
type dealRules struct{}

func (dealRules) Setup(s *State) error {
	h := s.Handle()
	deck, _ := s.Zone("deck", -1)
	for i := 0; s.Count(deck) > 0; i++ {
		hand, _ := s.Zone("hand", i%s.Players)
		h.MoveTop(deck, hand, 2)
	}
	return h.StartTrick(0)
}

func (dealRules) OnMove(*State, int, string) error                    { return nil }
func (dealRules) Normalize(_ *State, _ int, m string) (string, error) { return m, nil }
func (dealRules) TrickWinner(*State, *Trick) (int, string, error)     { return 0, "", nil }
func (dealRules) TrickDone(s *State, _ int) error                     { s.Finish([]int{0}); return nil }
func (dealRules) CanPlay(*State, int, CardIdx) (bool, bool, error)    { return false, false, nil }
func (dealRules) Stats(*State) (map[string][]float64, map[string]float64, error) {
	return nil, nil, nil
}

// trickGame compiles a two-seat trick game of the given components, the table zone named table.
func trickGame(t *testing.T, components, table string) *Game {
	t.Helper()
	yaml := "id: tricks\ntitle: Tricks\nplayers: {min: 2, max: 2, default: 2}\ncomponents:\n" + components +
		"zones:\n  deck: {visible: none}\n  hand: {per_seat: true, visible: owner}\n  " + table + ": {visible: all}\n" +
		"mechanics:\n  trick: {hand: hand, table: " + table + ", suit: color, follow: true}\nscript: tricks.lua\n"
	dir := t.TempDir()
	for name, text := range map[string]string{"tricks.yaml": yaml, "tricks.lua": "function setup(g) end\n"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cfg, err := config.Load(filepath.Join(dir, "tricks.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	g, err := Compile(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// The trick mechanic's plays: each card id of the hand once (two copies of a card are one play), in
// hand order, and a play moves the card to the table, wherever the zones lie in the game's list.
func TestTrickPlaysSpellEachIDOnce(t *testing.T) {
	for _, tc := range []struct {
		name, components, table string
		want                    []string
	}{
		{"no copies", "  - {kind: card, id: \"{color}{number}\", each: {color: [R, B], number: [1, 2, 3]}}\n", "trick",
			[]string{"play B3", "play B2", "play R2", "play R1"}},
		{"copies", "  - {kind: card, id: \"{color}{number}\", each: {color: [R, B], number: [1, 2]}, count: 2}\n", "trick",
			[]string{"play B2", "play R2"}}, // the hand holds each twice
		{"table first", "  - {kind: card, id: \"{color}{number}\", each: {color: [R, B], number: [1, 2, 3]}}\n", "atable",
			[]string{"play B3", "play B2", "play R2", "play R1"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := trickGame(t, tc.components, tc.table)
			s, err := NewState(g, dealRules{}, 2, 1, StateOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if got := s.Legal(); !slices.Equal(got, tc.want) {
				t.Fatalf("seat 0 may play %v, want %v", got, tc.want)
			}
			if err := s.Apply(dealRules{}, tc.want[0]); err != nil {
				t.Fatal(err)
			}
			table, _ := s.Zone(tc.table, -1)
			if got := s.IDs(s.Cards(table)); !slices.Equal(got, []string{tc.want[0][5:]}) {
				t.Fatalf("the table holds %v after %s", got, tc.want[0])
			}
		})
	}
}

// canPlayRules is dealRules whose can_play hook, when defined, refuses every card numbered 1; it counts
// the calls.
type canPlayRules struct {
	dealRules
	defined bool
	calls   *int
}

func (r canPlayRules) CanPlay(s *State, _ int, c CardIdx) (bool, bool, error) {
	*r.calls++
	if !r.defined {
		return false, false, nil
	}
	return s.Game.Catalog.Cards[c].ID[1:] != "1", true, nil
}

// The trick mechanic asks the can_play hook about each card it would offer, and keeps only the cards
// the hook allows; a game without the hook (defined false) is asked once per decision, not per card.
func TestTrickPlaysAskCanPlayOnlyWhenDefined(t *testing.T) {
	g := trickGame(t, "  - {kind: card, id: \"{color}{number}\", each: {color: [R, B], number: [1, 2, 3]}}\n", "trick")
	for _, tc := range []struct {
		defined bool
		want    []string
		calls   int
	}{
		{true, []string{"play B3", "play B2", "play R2"}, 4},
		{false, []string{"play B3", "play B2", "play R2", "play R1"}, 1},
	} {
		calls := 0
		s, err := NewState(g, canPlayRules{defined: tc.defined, calls: &calls}, 2, 1, StateOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if got := s.Legal(); !slices.Equal(got, tc.want) || calls != tc.calls {
			t.Fatalf("defined %v: seat 0 may play %v after %d can_play calls, want %v after %d", tc.defined, got, calls, tc.want, tc.calls)
		}
	}
}
