package tui

import (
	"fmt"

	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/core/search"
)

// showHint runs the ismcts bot (default budget) on the seat's view, the only thing it sees, and prints
// every move with its win estimate (the mean reward of the searches through it: a share of wins).
func (hs *Seat) showHint(v core.View) error {
	if hs.hint == nil {
		b, err := hs.bots.New(hs.e, search.Prefix, hs.seed)
		if err != nil {
			return err
		}
		hs.hint = b.(*search.ISMCTS)
	}
	a, err := hs.hint.Analyse(v)
	if err != nil {
		return err
	}
	w := hs.t.out
	fmt.Fprintf(w, "ismcts (%d iterations) would play: %s\n", a.Iterations, a.Moves[a.Best].Move)
	if a.Prior != "" {
		fmt.Fprintf(w, "(its search favoured %s, the move of its prior bot %s)\n", a.Prior, hs.hint.Config().Prior)
	}
	for i, m := range a.Moves {
		est := "  n/a"
		if m.Visits > 0 {
			est = fmt.Sprintf("%4.0f%%", 100*m.Value)
		}
		mark := " "
		if i == a.Best {
			mark = "*"
		}
		fmt.Fprintf(w, " %s%2d) %-16s win %s  (%d searches)\n", mark, i+1, m.Move, est, m.Visits)
	}
	return nil
}
