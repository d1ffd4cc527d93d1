package core

import (
	"slices"
	"testing"
)

// A state given its worker's last game's history count starts its log and move list with room for a
// little more (no doubling copies for a game of the same length); without a history, none.
func TestHistoryHintReservesTheLog(t *testing.T) {
	g := trickGame(t, "  - {kind: card, id: \"{color}{number}\", each: {color: [R, B], number: [1, 2, 3]}}\n", "trick")
	hint := History{Events: 80, Moves: 40}
	s, err := NewState(g, dealRules{}, 2, 1, StateOptions{HistoryHint: hint})
	if err != nil {
		t.Fatal(err)
	}
	if c, m := cap(s.events), cap(s.moves); c < hint.Events || m < hint.Moves {
		t.Errorf("room for %d events and %d moves, want at least %+v", c, m, hint)
	}
	if got := s.KeptHistory(); got.Moves != len(s.Moves()) || got.Events != len(s.Events()) {
		t.Errorf("KeptHistory %+v, want the log's lengths", got)
	}
	s, err = NewState(g, dealRules{}, 2, 1, StateOptions{NoHistory: true, HistoryHint: hint})
	if err != nil {
		t.Fatal(err)
	}
	if cap(s.events) != 0 || cap(s.moves) != 0 {
		t.Error("a state without a history reserved a log")
	}
}

// A state recycling a finished game's takes over its event log and move list, emptied (the finished
// state keeps none of them), and plays exactly as a state with a history of its own.
func TestRecycledHistoryPlaysAsAFreshOne(t *testing.T) {
	g := trickGame(t, "  - {kind: card, id: \"{color}{number}\", each: {color: [R, B], number: [1, 2, 3]}}\n", "trick")
	play := func(opts StateOptions) *State {
		s, err := NewState(g, dealRules{}, 2, 1, opts)
		if err != nil {
			t.Fatal(err)
		}
		if err := PlayOut(s, dealRules{}, []Bot{NewRandomBot(1), NewRandomBot(2)}, []string{"a", "b"}); err != nil {
			t.Fatal(err)
		}
		return s
	}
	last := play(StateOptions{})
	log := &last.events[:cap(last.events)][0]
	s := play(StateOptions{Recycle: last})
	if last.events != nil || last.moves != nil {
		t.Error("the recycled state kept its history")
	}
	if &s.events[:1][0] != log {
		t.Error("the new state allocated its own log")
	}
	fresh := play(StateOptions{})
	if !slices.Equal(s.Moves(), fresh.Moves()) || len(s.Events()) != len(fresh.Events()) {
		t.Errorf("recycled: %v, %d events; fresh: %v, %d events", s.Moves(), len(s.Events()), fresh.Moves(), len(fresh.Events()))
	}
	for i, e := range fresh.Events() {
		if got := s.Events()[i]; got.Type != e.Type || got.Move != e.Move || got.Seat != e.Seat {
			t.Errorf("event %d: %+v, want %+v", i, got, e)
		}
	}
}
