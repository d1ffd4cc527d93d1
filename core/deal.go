package core

// Deal deals n cards to every seat's instance of the per-seat zone def `to` from the top of `from`,
// one card at a time around the table starting at seat first, as a dealer does (so it matches n rounds
// of MoveTop, seat by seat); it stops when from runs out and returns how many cards moved.
func (h Handle) Deal(from ZoneRef, to, n, first int) int {
	counts := make([]int, h.s.Players)
	for i := range counts {
		counts[i] = n
	}
	return h.DealCounts(from, to, first, counts)
}
