package tui

import (
	"fmt"

	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/core/bots"
	"github.com/ruleslab/ruleslab/core/search"
	"github.com/ruleslab/ruleslab/scripting"
)

// A hint's budget: searchesPerMove iterations for each legal move, at least the search bot's default
// and at most hintMaxIterations. With the default alone a decision of 80 placements (Simino) gave each
// move 3 or 4 searches, and a win estimate of 0% that meant nothing.
const (
	searchesPerMove   = 40
	hintMaxIterations = 4000
)

// hintSpec is the search bot a hint runs for a decision of n legal moves.
func hintSpec(n int) string {
	return fmt.Sprintf("%s:iterations=%d", search.Prefix, min(max(search.DefaultIterations, searchesPerMove*n), hintMaxIterations))
}

// showHint prints what the ismcts bot would play from the seat's view, the only thing it sees.
func (hs *Seat) showHint(v core.View) error {
	lines, err := hintLines(hs.bots, hs.e, v, hs.seed)
	for _, l := range lines {
		fmt.Fprintln(hs.t.out, l)
	}
	return err
}

// hintLines runs the ismcts bot on the view and words its analysis: the move it would play, then every
// move with its win estimate (the mean reward of the searches through it: a share of wins) and its
// number of searches, in aligned columns.
func hintLines(reg *bots.Registry, e *scripting.Engine, v core.View, seed uint64) ([]string, error) {
	b, err := reg.New(e, hintSpec(v.NumLegal()), seed)
	if err != nil {
		return nil, err
	}
	bot := b.(*search.ISMCTS)
	a, err := bot.Analyse(v)
	if err != nil {
		return nil, err
	}
	width := len("move")
	for _, m := range a.Moves {
		width = max(width, len(m.Move))
	}
	lines := []string{fmt.Sprintf("ismcts (%d iterations) would play: %s", a.Iterations, a.Moves[a.Best].Move)}
	if a.Prior != "" {
		lines = append(lines, fmt.Sprintf("(its search favoured %s, the move of its prior bot %s)", a.Prior, bot.Config().Prior))
	}
	lines = append(lines, fmt.Sprintf("      %-*s  %5s  %8s", width, "move", "win", "searches")) // under " * 2) "
	for i, m := range a.Moves {
		est := "n/a"
		if m.Visits > 0 {
			est = fmt.Sprintf("%.0f%%", 100*m.Value)
		}
		mark := " "
		if i == a.Best {
			mark = "*"
		}
		lines = append(lines, fmt.Sprintf(" %s%2d) %-*s  %5s  %8d", mark, i+1, width, m.Move, est, m.Visits))
	}
	return lines, nil
}
