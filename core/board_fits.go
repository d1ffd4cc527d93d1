package core

import (
	"fmt"
	"strings"
)

// FitOptions say which two-value pieces fit a floor-level position (see Fit).
type FitOptions struct {
	DominoOptions
	// Match: "" accepts every free position; "one" needs a cell next to a covered same-floor cell of
	// its value; "all" also needs every covered neighbour of each cell to show that cell's value.
	Match string
	// Wild values match any value (either side) for Match.
	Wild []string
	// Free pieces (by index) may also take any position covering a corner cell, without Match.
	Free map[int]bool
}

// Fit is one way to lay piece number Piece (index into the pieces given): its first value on (R, C),
// its second on the neighbour in direction Dir ('r', 'l', 'd', 'u'). A piece with two equal values is
// laid only from its upper-left cell ('r' or 'd').
type Fit struct {
	Piece int
	R, C  int
	Dir   byte
}

var backDir = map[byte]byte{'r': 'l', 'd': 'u'}

// Fits lists, for each piece (its two values) in order, every position and orientation on a floor
// that Dominoes offers and that passes opt.Match: the fast path of matching pieces by adjacency.
func (b *Board) Fits(floor int, pieces [][2]string, opt FitOptions) ([]Fit, error) {
	switch opt.Match {
	case "", "one", "all":
	default:
		return nil, fmt.Errorf("match must be one or all, not %q", opt.Match)
	}
	cands, err := b.Dominoes(floor, opt.DominoOptions)
	if err != nil {
		return nil, err
	}
	wild := func(v string) bool {
		for _, w := range opt.Wild {
			if w == v {
				return true
			}
		}
		return false
	}
	has := func(adj, v string) bool {
		if adj == "" {
			return false
		}
		if wild(v) {
			return true
		}
		for _, x := range strings.Split(adj, ",") {
			if x == v || wild(x) {
				return true
			}
		}
		return false
	}
	all := func(adj, v string) bool {
		if adj == "" || wild(v) {
			return true
		}
		for _, x := range strings.Split(adj, ",") {
			if x != v && !wild(x) {
				return false
			}
		}
		return true
	}
	ok := func(x, y string, d *Domino) bool {
		switch opt.Match {
		case "":
			return true
		case "one":
			return has(d.Adj[0], x) || has(d.Adj[1], y)
		}
		return (has(d.Adj[0], x) || has(d.Adj[1], y)) && all(d.Adj[0], x) && all(d.Adj[1], y)
	}
	var out []Fit
	for pi, p := range pieces {
		for k := range cands {
			d := &cands[k]
			free := opt.Free[pi] && d.Corner
			if free || ok(p[0], p[1], d) {
				out = append(out, Fit{Piece: pi, R: d.R1, C: d.C1, Dir: d.Dir})
			}
			if p[0] != p[1] && (free || ok(p[1], p[0], d)) {
				out = append(out, Fit{Piece: pi, R: d.R2, C: d.C2, Dir: backDir[d.Dir]})
			}
		}
	}
	return out, nil
}
