package search

import (
	"fmt"
	"math"

	"github.com/ruleslab/ruleslab/core"
)

// standing is what the end of a playout tells its rewards: whether the game finished, its winners and
// every seat's score total.
type standing struct {
	over    bool
	winners []int
	totals  []int
}

func standingOf(s *core.State) standing { return standing{s.Over(), s.Winners(), s.Totals()} }

// rewards fills r with each seat's reward of the playout, finished or cut at the horizon:
//   - a finished game: the win, 1 shared among the winners (in a one-player game the final score);
//   - a cut game: the win as if the game ended there, 1 shared among the seats Evaluate (else the score
//     totals) ranks first (in a one-player game the seat's value);
//   - with Margin m: (1-m)·that + m·lead, the lead over the best other seat by those values, scaled to
//     0..1 by the largest lead seen in this search (0.5: level with the best other).
func (b *ISMCTS) rewards(s *core.State, r []float64, solo bool) error {
	return b.rewardsOf(standingOf(s), s, r, solo)
}

// rewardsOf is rewards from the playout's standing (s is only handed to Evaluate).
func (b *ISMCTS) rewardsOf(st standing, s *core.State, r []float64, solo bool) error {
	clear(r)
	var vals []float64
	if !st.over || b.cfg.Margin > 0 || b.cfg.Pairwise {
		var err error
		if vals, err = b.values(st, s); err != nil {
			return err
		}
	}
	switch {
	case solo && st.over:
		r[0] = float64(st.totals[0])
		return nil
	case solo:
		r[0] = vals[0]
		return nil
	case b.cfg.Pairwise:
		pairwiseShares(r, st, vals, scratch(&b.won, len(r)))
	case st.over:
		for _, seat := range st.winners {
			r[seat] += 1 / float64(len(st.winners))
		}
	default:
		leaderShares(r, vals)
	}
	if m := b.cfg.Margin; m > 0 {
		b.mixLeads(r, vals, m)
	}
	return nil
}

// pairwiseShares gives each seat the share of the other seats it stands ahead of (ties half): the
// winners of a finished game ahead of the rest, the others by their values. won is a cleared buffer
// of one flag per seat.
func pairwiseShares(r []float64, st standing, vals []float64, won []bool) {
	if st.over {
		for _, seat := range st.winners {
			won[seat] = true
		}
	}
	for i := range r {
		for j := range r {
			switch {
			case i == j:
			case won[i] != won[j]:
				if won[i] {
					r[i]++
				}
			case vals[i] > vals[j]:
				r[i]++
			case vals[i] == vals[j]:
				r[i] += 0.5
			}
		}
		r[i] /= float64(len(r) - 1)
	}
}

// leaderShares shares 1 among the seats with the best value.
func leaderShares(r []float64, vals []float64) {
	best, k := math.Inf(-1), 0
	for _, x := range vals {
		if x > best {
			best, k = x, 1
		} else if x == best {
			k++
		}
	}
	for i, x := range vals {
		if x == best {
			r[i] = 1 / float64(k)
		}
	}
}

// mixLeads makes each reward (1-m)·reward + m·lead, the lead over the best other seat scaled to 0..1
// by the largest lead seen in this search.
func (b *ISMCTS) mixLeads(r []float64, vals []float64, m float64) {
	leads := scratch(&b.leads, len(r))
	for i := range r {
		leads[i] = math.Inf(1)
		for j, x := range vals {
			if j != i {
				leads[i] = math.Min(leads[i], vals[i]-x)
			}
		}
		b.spread = math.Max(b.spread, math.Abs(leads[i]))
	}
	for i, lead := range leads {
		share := 0.5
		if b.spread > 0 {
			share += lead / (2 * b.spread)
		}
		r[i] = (1-m)*r[i] + m*share
	}
}

// values returns every seat's standing: Evaluate's values of s, else the score totals.
func (b *ISMCTS) values(st standing, s *core.State) ([]float64, error) {
	if b.Evaluate != nil {
		v, err := b.Evaluate(s)
		if err != nil {
			return nil, policyError{err}
		}
		if len(v) != len(st.totals) {
			return nil, policyError{fmt.Errorf("ismcts: the evaluation gave %d values for %d seats", len(v), len(st.totals))}
		}
		return v, nil
	}
	v := scratch(&b.totals, len(st.totals))
	for i, x := range st.totals {
		v[i] = float64(x)
	}
	return v, nil
}

// cut reports whether the playout has reached the search's horizon (a move count or a round's end).
func (b *ISMCTS) cut(s *core.State) bool {
	if b.cfg.Horizon > 0 && s.MoveCount()-b.rootMoves >= b.cfg.Horizon {
		return true
	}
	return b.cfg.HorizonRound && len(s.RoundTotals()) > b.rootRounds
}

// scratch is *buf cleared and resized to n, its array reused from one iteration to the next (a
// playout's rewards need a few slices of one entry per seat).
func scratch[T any](buf *[]T, n int) []T {
	if cap(*buf) < n {
		*buf = make([]T, n)
	}
	*buf = (*buf)[:n]
	clear(*buf)
	return *buf
}
