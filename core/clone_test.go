package core

import (
	"slices"
	"testing"
)

// A world dealt into the buffers of the last one (cloneInto) allocates nothing, even when its
// playout ends the game and shows a void; and the winners of each state are its own: a clone of a
// finished game keeps them when the state it was cloned from is reused.
func TestRecycledWorldsAllocateNothing(t *testing.T) {
	g := trickGame(t, "  - {kind: card, id: \"{color}{number}\", each: {color: [R, B], number: [1, 2, 3]}}\n", "trick")
	s, err := NewState(g, dealRules{}, 2, 1, StateOptions{NoHistory: true})
	if err != nil {
		t.Fatal(err)
	}
	world := s.Clone()
	world.noteVoid(1, 0)
	world.Finish([]int{0})
	kept := world.Clone() // a clone of the finished world, kept
	allocs := testing.AllocsPerRun(20, func() {
		world = s.cloneInto(world)
		world.noteVoid(1, 0)
		world.Finish([]int{1})
	})
	if allocs != 0 {
		t.Errorf("a recycled world allocates %v times", allocs)
	}
	if got := kept.Winners(); !slices.Equal(got, []int{0}) {
		t.Errorf("the kept clone's winners are %v after its original was reused, want [0]", got)
	}
	if world.VoidSuits(1) == nil || world.VoidSuits(0) != nil || s.VoidSuits(1) != nil {
		t.Errorf("voids: world %v/%v, the real game %v", world.VoidSuits(0), world.VoidSuits(1), s.VoidSuits(1))
	}
	if world.Finish(nil); world.Winners() == nil {
		t.Error("a game ended with no winners has nil winners, want an empty list")
	}
}
