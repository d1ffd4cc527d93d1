package core

// Deal deals n cards to every seat's instance of the per-seat zone def `to` from the top of `from`,
// one card at a time around the table starting at seat first, as a dealer does (so it matches n rounds
// of MoveTop, seat by seat); it stops when from runs out and returns how many cards moved.
func (h Handle) Deal(from ZoneRef, to, n, first int) int {
	s := h.s
	moved := 0
	for k := 0; k < n; k++ {
		for i := 0; i < s.Players; i++ {
			if s.Count(from) == 0 {
				return moved
			}
			seat := (first + i) % s.Players
			s.put(ZoneRef{Def: to, Seat: seat}, s.takeAt(from, s.Count(from)-1))
			moved++
		}
	}
	return moved
}
