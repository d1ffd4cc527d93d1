package core

import (
	"slices"
	"testing"
)

// askState is a started two-seat game of the trick test deck, its decision replaced by the caller's.
func askState(t *testing.T) *State {
	t.Helper()
	g := trickGame(t, "  - {kind: card, id: \"{color}{number}\", each: {color: [R, B], number: [1, 2, 3]}}\n", "trick")
	s, err := NewState(g, dealRules{}, 2, 1, StateOptions{NoHistory: true})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// buildAsk asks seat among moves, built in the state's own room.
func buildAsk(t *testing.T, s *State, seat int, moves ...string) {
	t.Helper()
	room := append(s.Handle().LegalRoom(), moves...)
	if err := s.Handle().AskBuilt(seat, room); err != nil {
		t.Fatal(err)
	}
}

// Moves built in the state's room (AskBuilt) are the decision's, and a clone keeps its own copy: the
// original's next decision, built in the same room, leaves the clone's moves as they were.
func TestAskBuiltClonesKeepTheirMoves(t *testing.T) {
	s := askState(t)
	buildAsk(t, s, 1, "a", "b", "c")
	if got := s.Legal(); !slices.Equal(got, []string{"a", "b", "c"}) || s.ToAct() != 1 {
		t.Fatalf("legal %v, to act %d", got, s.ToAct())
	}
	c := s.Clone()
	buildAsk(t, s, 0, "x", "y")
	if got := c.Legal(); !slices.Equal(got, []string{"a", "b", "c"}) {
		t.Fatalf("the clone's moves changed under it: %v", got)
	}
	if got := s.Legal(); !slices.Equal(got, []string{"x", "y"}) {
		t.Fatalf("the original's new moves: %v", got)
	}
	// and the clone builds in its own room
	buildAsk(t, c, 1, "p")
	if got := s.Legal(); !slices.Equal(got, []string{"x", "y"}) {
		t.Fatalf("the clone's decision reached the original: %v", got)
	}
	// a plain Ask after a built one keeps its list as given
	given := []string{"q", "r"}
	if err := s.Handle().Ask(0, given); err != nil {
		t.Fatal(err)
	}
	buildAsk(t, c, 1, "s", "t", "u")
	if got := s.Legal(); !slices.Equal(got, given) {
		t.Fatalf("a given list: %v", got)
	}
	if err := s.Handle().AskBuilt(0, s.Handle().LegalRoom()); err == nil {
		t.Fatal("asking with no moves is an error")
	}
}

// A decision built in the room allocates nothing once the room is as long.
func TestAskBuiltAllocatesNothing(t *testing.T) {
	s := askState(t)
	moves := []string{"a", "b", "c", "d"}
	ask := func() {
		room := append(s.Handle().LegalRoom(), moves...)
		if err := s.Handle().AskBuilt(1, room); err != nil {
			t.Fatal(err)
		}
	}
	ask()
	if n := testing.AllocsPerRun(20, ask); n != 0 {
		t.Fatalf("%v allocations per decision", n)
	}
}
