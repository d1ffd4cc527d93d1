package search

import (
	"errors"
	"fmt"
	"math"

	"github.com/ruleslab/ruleslab/core"
)

type mastStat struct {
	sum float64
	n   int
}

type mastMove struct {
	seat int
	move string
}

// playout plays the game to its end or to the horizon with the rollout policy.
func (b *ISMCTS) playout(s *core.State) error {
	for !s.Over() && !b.cut(s) {
		seat := s.ToAct()
		n := len(s.Legal())
		i := 0
		if b.rollout != nil {
			var err error
			if i, err = b.rollout[seat].Choose(s.ViewFor(seat)); err != nil {
				return policyError{fmt.Errorf("rollout bot %s: %w", b.cfg.Rollout, err)}
			}
			if i < 0 || i >= n {
				return policyError{fmt.Errorf("rollout bot %s chose move %d of %d", b.cfg.Rollout, i+1, n)}
			}
		} else if b.cfg.Rollout == "rules" {
			var err error
			if i, err = b.Policy(s, seat, b.rng); err != nil {
				return policyError{err}
			}
		} else if b.mast != nil {
			i = b.mastChoice(seat, s.Legal())
			b.mastMoves = append(b.mastMoves, mastMove{seat, s.Legal()[i]})
		} else if n > 1 {
			i = b.rng.IntN(n)
		}
		if err := s.ApplyIndex(b.rules, i); err != nil {
			return err
		}
	}
	return nil
}

// policyError is an error of a search policy (the rules' rollout hook, a rollout bot, the evaluation):
// it stops the search, since the policy would fail again in every iteration.
type policyError struct{ err error }

// mastChoice picks a playout move for seat among legal: at random with chance MASTEpsilon, else the
// move with the best mean reward for seat so far (a move never tried first; ties to the first).
func (b *ISMCTS) mastChoice(seat int, legal []string) int {
	if len(legal) < 2 {
		return 0
	}
	if b.rng.Float64() < MASTEpsilon {
		return b.rng.IntN(len(legal))
	}
	stats := b.mast[seat]
	best, bestV := 0, math.Inf(-1)
	for i, m := range legal {
		v := math.Inf(1)
		if st, ok := stats[m]; ok {
			v = st.sum / float64(st.n)
		}
		if v > bestV {
			best, bestV = i, v
		}
		if math.IsInf(v, 1) {
			break
		}
	}
	return best
}

func (e policyError) Error() string { return e.err.Error() }

func (e policyError) Unwrap() error { return e.err }

// unwrapPolicy is err without its policyError wrapper (the policy's own message).
func unwrapPolicy(err error) error {
	if pe := (policyError{}); errors.As(err, &pe) {
		return pe.err
	}
	return err
}
