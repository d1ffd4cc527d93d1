package core

// DealCounts deals counts[k] cards to the k-th seat dealt to (seat first+k),
// one card at a time around the table from seat first into each seat's instance of the per-seat zone
// def `to`, a seat that has its count being skipped on the later rounds (as a dealer gives the first
// seats one more card). It matches that sequence of MoveTop calls, stops when from runs out and returns
// how many cards moved. counts has one entry per seat.
func (h Handle) DealCounts(from ZoneRef, to, first int, counts []int) int {
	s := h.s
	most := 0
	for _, n := range counts {
		most = max(most, n)
	}
	src := s.slot(from) // looked up once: a deal moves a card per seat and round
	moved := 0
	for round := 0; round < most; round++ {
		for k, n := range counts {
			if round >= n {
				continue
			}
			if s.zlen[src] == 0 {
				return moved
			}
			s.zlen[src]--
			s.put(ZoneRef{Def: to, Seat: (first + k) % s.Players}, s.cards[src*s.stride+int(s.zlen[src])])
			moved++
		}
	}
	return moved
}
