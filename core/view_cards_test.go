package core

import (
	"slices"
	"testing"
)

// AppendCards hands the cards Zone spells, for every zone and seat (none where the seat does not see
// them), after what dst held.
func TestViewAppendCardsIsWhatZoneSpells(t *testing.T) {
	g := trickGame(t, "  - {kind: card, id: \"{color}{number}\", each: {color: [R, B], number: [1, 2, 3]}}\n", "trick")
	s, err := NewState(g, dealRules{}, 2, 1, StateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Apply(dealRules{}, s.Legal()[0]); err != nil { // a card on the trick, seen by both
		t.Fatal(err)
	}
	for seat := range 2 {
		v := s.ViewFor(seat)
		for _, z := range v.Zones() {
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
