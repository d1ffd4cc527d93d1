package core

import (
	"slices"
	"testing"
)

// AppendCards hands the cards Zone spells, for every zone and seat (none where the seat does not see
// them), after what dst held.
func TestViewAppendCardsIsWhatZoneSpells(t *testing.T) {
	g := trickGame(t, "  - {kind: card, id: \"{color}{number}\", each: {color: [R, B], number: [1, 2, 3]}}\n", "trick")
	s := &State{Game: g, Players: 2, rng: seedStreams(4)}
	s.zoneBase = []int{0, 1, 3} // deck, hand (two seats), trick
	s.stride = len(g.Catalog.Cards)
	s.cards = make([]CardIdx, 4*s.stride)
	s.zlen = make([]int32, 4)
	s.seen = make([]uint64, s.stride)
	deck, _ := s.Zone("deck", -1)
	hand0, _ := s.Zone("hand", 0)
	hand1, _ := s.Zone("hand", 1)
	trick, _ := s.Zone("trick", -1)
	for c, z := range []ZoneRef{deck, hand0, hand0, hand1, trick, trick} {
		s.put(z, CardIdx(c))
	}
	for seat := range 2 {
		v := s.ViewFor(seat)
		for _, z := range []ZoneRef{deck, hand0, hand1, trick} {
			got, ok := v.AppendCards([]CardIdx{99}, z)
			zv := v.Zone(z)
			if ok != zv.Visible {
				t.Fatalf("seat %d, zone %v: sees %v, Zone says %v", seat, z, ok, zv.Visible)
			}
			if got[0] != 99 || !slices.Equal(s.ids(got[1:]), append([]string{}, zv.Cards...)) {
				t.Fatalf("seat %d, zone %v: %v, Zone spells %v", seat, z, got, zv.Cards)
			}
		}
	}
}
