package core

import (
	"slices"
	"testing"
)

// Shuffle orders a zone by each card's key hashed from the draw's seed and the card's identity (the
// catalogue order breaking a tie): the same order whatever order the cards were in, for a deck sorted
// by insertion (36 cards) as for a larger one (72).
func TestShuffleOrdersByHashedKeys(t *testing.T) {
	for _, copies := range []string{"2", "4"} {
		t.Run(copies+" copies", func(t *testing.T) { testShuffleOrder(t, copies) })
	}
}

func testShuffleOrder(t *testing.T, copies string) {
	g := trickGame(t, "  - {kind: card, id: \"{color}{number}\", each: {color: [R, B, G], number: [1, 2, 3, 4, 5, 6]}, count: "+copies+"}\n", "trick")
	orders := map[string][]CardIdx{}
	for _, reversed := range []bool{false, true} {
		s := &State{Game: g, Players: 2, rng: seedStreams(4)}
		s.zoneBase = []int{0, 1, 3} // deck, hand (two seats), trick
		s.stride = len(g.Catalog.Cards)
		s.cards = make([]CardIdx, 4*s.stride)
		s.zlen = make([]int32, 4)
		s.seen = make([]uint64, s.stride)
		deck, _ := s.Zone("deck", -1)
		for i := range s.stride {
			c := CardIdx(i)
			if reversed {
				c = CardIdx(s.stride - 1 - i)
			}
			s.put(deck, c)
		}
		s.Handle().Shuffle(deck)
		got := slices.Clone(s.Cards(deck))
		// the order by definition: sorted by mix(seed ^ identity), ties by catalogue order
		fresh := seedStreams(4)
		seed := fresh.next(PurposeKey("shuffle", "deck") ^ mix(uint64(1)))
		want := slices.Clone(got)
		slices.SortStableFunc(want, func(a, b CardIdx) int {
			ka, kb := mix(seed^g.Catalog.identity[a]), mix(seed^g.Catalog.identity[b])
			if ka != kb {
				if ka < kb {
					return -1
				}
				return 1
			}
			return int(a) - int(b)
		})
		if !slices.Equal(got, want) {
			t.Fatalf("reversed %v: shuffled %v, want %v", reversed, got, want)
		}
		orders[map[bool]string{false: "catalogue", true: "reversed"}[reversed]] = got
	}
	if !slices.Equal(orders["catalogue"], orders["reversed"]) {
		t.Fatalf("the order depends on the cards' order before: %v and %v", orders["catalogue"], orders["reversed"])
	}
}
