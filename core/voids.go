package core

import "math/rand/v2"

// Void facts: what the seats' earlier plays proved about their hands, kept as public data in the state
// so that a sampled world never contradicts them.
//
// With the trick mechanic's follow rule, a seat that plays a (non-wild) card of another suit than the
// effective lead card's holds no (non-wild) card of the lead suit: every seat saw it, so every seat
// knows it. The fact lasts until a card enters that seat's hand again (a new deal): from then on the
// hand may hold the suit again. Only the Go mechanic's own rule is recorded; a can_play hook only
// narrows the follow rule, so it never makes a fact wrong.

// noteVoid records that seat holds no card of suit (called by the trick mechanic).
func (s *State) noteVoid(seat int, suit int16) {
	if suit < 0 || suit >= 64 {
		return
	}
	if s.voids == nil {
		if cap(s.voidBuf) >= s.Players {
			s.voids = s.voidBuf[:s.Players]
			clear(s.voids)
		} else {
			s.voids = make([]uint64, s.Players)
		}
		s.voidBuf = nil // the array is voids now
	}
	s.voids[seat] |= 1 << uint(suit)
}

// handFilled forgets a seat's void facts when a card enters its trick hand.
func (s *State) handFilled(z ZoneRef) {
	if s.voids != nil && z.Seat >= 0 && z.Def == s.Game.trickHand && s.voids[z.Seat] != 0 {
		s.voids[z.Seat] = 0
	}
}

// VoidSuits returns, for a seat, the suits (by the trick mechanic's `suit` attribute value) it is known
// to hold none of, from its own earlier plays. Public: every seat knows the same.
func (s *State) VoidSuits(seat int) []string {
	if s.voids == nil || s.voids[seat] == 0 {
		return nil
	}
	var out []string
	for i, name := range s.Game.suitNames {
		if s.voids[seat]&(1<<uint(i)) != 0 {
			out = append(out, name)
		}
	}
	return out
}

// InTrick reports whether the pending decision is a play to a trick of the trick mechanic.
func (s *State) InTrick() bool { return !s.over && s.pending.trick }

// forbidden reports whether card c may not lie in slot (a seat's trick hand whose seat is void in c's
// suit).
func (s *State) forbidden(slot int, c CardIdx) bool {
	g := s.Game
	if s.voids == nil || g.trick == nil || g.wild[c] || g.suit[c] < 0 {
		return false
	}
	base := s.zoneBase[g.trickHand]
	seat := slot - base
	if seat < 0 || seat >= s.Players {
		return false
	}
	return s.voids[seat]&(1<<uint(g.suit[c])) != 0
}

// hasVoids reports whether any seat other than seat has a void fact (the only constraint a sample for
// seat must respect beyond zone sizes and seen cards).
func (s *State) hasVoids(seat int) bool {
	for q, v := range s.voids {
		if q != seat && v != 0 {
			return true
		}
	}
	return false
}

// sampleTries is how many uniform redeals Resample tries before it repairs one by swaps.
const sampleTries = 30

// dealHidden deals the redealt cards (hidden, in catalogue order) to the places (slots, in zone order)
// at random, respecting the void facts: it draws uniform deals until one respects them (so the accepted
// deal is uniform among the consistent ones) and, after sampleTries failures, repairs the last draw by
// swapping each misplaced card with a random partner that can take it (close to uniform; never wrong).
// It returns the deal, aligned with places.
func (s *State) dealHidden(hidden []CardIdx, places []int, rng *rand.Rand) []CardIdx {
	shuffle := func() {
		rng.Shuffle(len(hidden), func(i, j int) { hidden[i], hidden[j] = hidden[j], hidden[i] })
	}
	ok := func() bool {
		for k, slot := range places {
			if s.forbidden(slot, hidden[k]) {
				return false
			}
		}
		return true
	}
	shuffle()
	if s.voids == nil {
		return hidden
	}
	for try := 1; try < sampleTries && !ok(); try++ {
		shuffle()
	}
	// repair: every misplaced card trades places with a card that may stand at its place and whose
	// place may take it; candidates are scanned from a random start, so no place is favoured.
	for pass := 0; pass < 4 && !ok(); pass++ {
		n := len(places)
		for k := 0; k < n; k++ {
			if !s.forbidden(places[k], hidden[k]) {
				continue
			}
			start := rng.IntN(n)
			for d := 0; d < n; d++ {
				j := (start + d) % n
				if j != k && !s.forbidden(places[k], hidden[j]) && !s.forbidden(places[j], hidden[k]) {
					hidden[k], hidden[j] = hidden[j], hidden[k]
					break
				}
			}
		}
	}
	return hidden
}
