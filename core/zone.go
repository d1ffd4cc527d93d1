package core

import (
	"fmt"
	"slices"
)

// ZoneRef addresses one zone instance: a zone def and, for per-seat zones, a seat.
type ZoneRef struct {
	Def  int
	Seat int // -1 for shared zones
}

// Zone resolves a zone name and seat; seat is ignored (and must be -1) for shared zones.
func (s *State) Zone(name string, seat int) (ZoneRef, error) {
	i, ok := s.Game.ZoneIndex(name)
	if !ok {
		return ZoneRef{}, fmt.Errorf("no zone %q", name)
	}
	return s.ZoneAt(i, seat)
}

// ZoneAt is Zone for a zone already resolved to its index i (a caller that remembers names' indices).
func (s *State) ZoneAt(i, seat int) (ZoneRef, error) {
	if s.Game.Zones[i].PerSeat {
		if seat < 0 || seat >= s.Players {
			return ZoneRef{}, fmt.Errorf("zone %q is per seat: give a seat 0..%d", s.Game.Zones[i].Name, s.Players-1)
		}
		return ZoneRef{Def: i, Seat: seat}, nil
	}
	return ZoneRef{Def: i, Seat: -1}, nil
}

func (s *State) slot(z ZoneRef) int {
	if z.Seat < 0 {
		return s.zoneBase[z.Def]
	}
	return s.zoneBase[z.Def] + z.Seat
}

func (s *State) slotCards(slot int) []CardIdx {
	off := slot * s.stride
	return s.cards[off : off+int(s.zlen[slot]) : off+s.stride]
}

// Cards returns a zone's cards, bottom first. The slice belongs to the state: do not keep or change it.
func (s *State) Cards(z ZoneRef) []CardIdx { return s.slotCards(s.slot(z)) }

// Count returns how many cards a zone holds.
func (s *State) Count(z ZoneRef) int { return int(s.zlen[s.slot(z)]) }

// find returns the position in a zone of the topmost card with this id, or -1.
func (s *State) find(z ZoneRef, id string) int {
	cards := s.Cards(z)
	for i := len(cards) - 1; i >= 0; i-- {
		if s.Game.Catalog.Cards[cards[i]].ID == id {
			return i
		}
	}
	return -1
}

// takeAt removes and returns the card at position i of a zone, keeping the order of the rest.
func (s *State) takeAt(z ZoneRef, i int) CardIdx {
	slot := s.slot(z)
	cards := s.slotCards(slot)
	c := cards[i]
	copy(cards[i:], cards[i+1:])
	s.zlen[slot]--
	return c
}

// put adds a card on top of a zone; every seat that sees the zone has now seen the card.
func (s *State) put(z ZoneRef, c CardIdx) {
	slot := s.slot(z)
	s.cards[slot*s.stride+int(s.zlen[slot])] = c
	s.zlen[slot]++
	s.seen[c] |= s.seersOf(z)
	s.handFilled(z)
}

// seersOf is the set of seats (a bit per seat) that see a zone's contents.
func (s *State) seersOf(z ZoneRef) uint64 {
	switch s.Game.Zones[z.Def].Visible {
	case VisibleAll:
		return 1<<uint(s.Players) - 1
	case VisibleOwner:
		return 1 << uint(z.Seat)
	}
	return 0
}

// SeenBy reports whether seat has ever seen this card face up: whether it has lain in a zone that seat
// sees. It is the ground truth for hidden-information tests, for Resample and for bots that track what
// is known.
func (s *State) SeenBy(c CardIdx, seat int) bool { return s.seen[c]&(1<<uint(seat)) != 0 }

// MoveCard moves the topmost card with this id from one zone to another.
func (h Handle) MoveCard(id string, from, to ZoneRef) error {
	s := h.s
	i := s.find(from, id)
	if i < 0 {
		return fmt.Errorf("card %s is not in %s", id, s.ZoneName(from))
	}
	s.put(to, s.takeAt(from, i))
	return nil
}

// MoveTop moves up to n cards one by one from the top of a zone; it returns how many moved.
func (h Handle) MoveTop(from, to ZoneRef, n int) int {
	s := h.s
	moved := 0
	for ; moved < n && s.Count(from) > 0; moved++ {
		s.put(to, s.takeAt(from, s.Count(from)-1))
	}
	return moved
}

// MoveAll moves every card, keeping their order.
func (h Handle) MoveAll(from, to ZoneRef) {
	s := h.s
	fs, ts := s.slot(from), s.slot(to)
	if fs == ts {
		return
	}
	seers := s.seersOf(to)
	src := s.slotCards(fs)
	for _, c := range src {
		s.seen[c] |= seers
	}
	copy(s.cards[ts*s.stride+int(s.zlen[ts]):], src)
	s.zlen[ts] += int32(len(src))
	s.zlen[fs] = 0
	if len(src) > 0 {
		s.handFilled(to)
	}
}

// Sort puts a zone in catalogue order.
func (h Handle) Sort(z ZoneRef) {
	s := h.s
	slices.Sort(s.Cards(z))
}

// ZoneName spells a zone instance for messages: "hand[2]" or "deck".
func (s *State) ZoneName(z ZoneRef) string {
	if z.Seat < 0 {
		return s.Game.Zones[z.Def].Name
	}
	return fmt.Sprintf("%s[%d]", s.Game.Zones[z.Def].Name, z.Seat)
}

// ZoneRefs lists every zone instance in def order (per-seat zones seat by seat).
func (s *State) ZoneRefs() []ZoneRef {
	out := make([]ZoneRef, 0, len(s.zlen))
	for d, def := range s.Game.Zones {
		if !def.PerSeat {
			out = append(out, ZoneRef{Def: d, Seat: -1})
			continue
		}
		for i := 0; i < s.Players; i++ {
			out = append(out, ZoneRef{Def: d, Seat: i})
		}
	}
	return out
}
