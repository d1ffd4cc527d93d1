package core

import "fmt"

// Deal deals cards as a dealer does by hand: one at a time from the top of from, round the table
// clockwise from seat first, into each seat's instance of the per-seat zone `to`; counts[k] is how
// many the k-th seat dealt to (seat first+k) receives, and a seat that has its count is skipped on the
// later rounds. The cards land exactly where the same sequence of MoveTop calls would put them. When
// from holds fewer cards than the counts add up to, nothing moves and the error says so.
func (h Handle) Deal(from ZoneRef, to string, first int, counts []int) error {
	s := h.s
	if len(counts) != s.Players {
		return fmt.Errorf("deal: %d counts for %d seats", len(counts), s.Players)
	}
	if first < 0 || first >= s.Players {
		return fmt.Errorf("deal: no seat %d to deal to first", first)
	}
	targets := make([]ZoneRef, s.Players)
	total, most := 0, 0
	for k, n := range counts {
		z, err := s.Zone(to, (first+k)%s.Players)
		if err != nil {
			return fmt.Errorf("deal: %v", err)
		}
		if z.Seat < 0 {
			return fmt.Errorf("deal: zone %q is not per seat", to)
		}
		if n < 0 {
			return fmt.Errorf("deal: a negative count (%d) for seat %d", n, z.Seat)
		}
		targets[k] = z
		total, most = total+n, max(most, n)
	}
	if s.Count(from) < total {
		return fmt.Errorf("deal: %s holds %d cards, %d are dealt", s.ZoneName(from), s.Count(from), total)
	}
	for round := 0; round < most; round++ {
		for k, z := range targets {
			if round < counts[k] {
				s.put(z, s.takeAt(from, s.Count(from)-1))
			}
		}
	}
	return nil
}
