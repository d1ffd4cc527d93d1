package core

import "testing"

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
