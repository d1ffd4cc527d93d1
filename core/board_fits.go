package core

import "fmt"

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

// BackDir is the direction of a candidate's first cell from its second ('r' -> 'l', 'd' -> 'u').
func BackDir(dir byte) byte {
	if dir == 'r' {
		return 'l'
	}
	return 'u'
}

// Fits lists, for each piece (its two values) in order, every position and orientation on a floor
// that Dominoes offers and that passes opt.Match: the fast path of matching pieces by adjacency.
func (b *Board) Fits(floor int, pieces [][2]string, opt FitOptions) ([]Fit, error) {
	switch opt.Match {
	case "", "one", "all":
	default:
		return nil, fmt.Errorf("match must be one or all, not %q", opt.Match)
	}
	// the holes test is the dearest filter: it runs only on the candidates some piece takes, once each
	dopt := opt.DominoOptions
	dopt.Holes = ""
	if err := checkHoles(opt.Holes); err != nil {
		return nil, err
	}
	cands, _ := b.appendDominoes(b.scratch[:0], floor, dopt)
	b.scratch = cands
	h := lazyHoles{b: b, floor: floor, holes: opt.Holes, state: b.holeState[:0]}
	m := fitMatcher{match: opt.Match, wild: opt.Wild, values: b.values}
	out := make([]Fit, 0, 4*len(pieces)) // room for a typical turn's fits: few regrowths
	for pi, p := range pieces {
		free := opt.Free[pi]
		for k := range cands {
			d := &cands[k]
			first, second := m.lays(p, d, free && d.Corner)
			if (first || second) && h.leaves(k, d) {
				continue
			}
			if first {
				out = append(out, Fit{Piece: pi, R: d.R1, C: d.C1, Dir: d.Dir})
			}
			if second {
				out = append(out, Fit{Piece: pi, R: d.R2, C: d.C2, Dir: BackDir(d.Dir)})
			}
		}
	}
	b.holeState = h.state
	return out, nil
}

// lazyHoles applies DominoOptions.Holes to Fits' candidates when first needed, remembering each
// answer (state by candidate: 0 not tested yet, 1 passes, 2 leaves a hole).
type lazyHoles struct {
	b     *Board
	floor int
	holes string
	state []int8
	seen  []bool
}

// leaves reports whether candidate number k, d, leaves a hole the option forbids.
func (h *lazyHoles) leaves(k int, d *Domino) bool {
	if h.holes != "isolated" && h.holes != "parity" {
		return false
	}
	for len(h.state) <= k {
		h.state = append(h.state, 0)
	}
	if h.state[k] == 0 {
		h.state[k] = 1
		i1, i2 := h.b.at(h.floor, d.R1, d.C1), h.b.at(h.floor, d.R2, d.C2)
		if h.b.leavesHole(h.floor, i1, i2, h.holes == "parity", &h.seen) {
			h.state[k] = 2
		}
	}
	return h.state[k] == 2
}

// lays reports whether a piece with values p takes candidate d with its first value on d's first
// cell, and with it on d's second cell (never for a double). A free lay needs no match.
func (m fitMatcher) lays(p [2]string, d *Domino, free bool) (first, second bool) {
	first = free || m.ok(p[0], p[1], d)
	second = p[0] != p[1] && (free || m.ok(p[1], p[0], d))
	return first, second
}

// fitMatcher applies FitOptions.Match and Wild to a candidate's neighbour values (Domino.Adj, read
// from the unjoined near values).
type fitMatcher struct {
	match  string
	wild   []string
	values []string // the board's cell values, which near indexes
}

// ok reports whether values x and y, laid on d's first and second cell, pass the match.
func (m fitMatcher) ok(x, y string, d *Domino) bool {
	switch m.match {
	case "":
		return true
	case "one":
		return m.has(&d.near[0], x) || m.has(&d.near[1], y)
	}
	return (m.has(&d.near[0], x) || m.has(&d.near[1], y)) && m.all(&d.near[0], x) && m.all(&d.near[1], y)
}

// isWild reports whether v is a wild value.
func (m fitMatcher) isWild(v string) bool {
	for _, w := range m.wild {
		if w == v {
			return true
		}
	}
	return false
}

// has reports whether one of the neighbour values adj matches v.
func (m fitMatcher) has(adj *nearValues, v string) bool {
	if adj.n == 0 {
		return false
	}
	if m.isWild(v) {
		return true
	}
	for _, i := range adj.at[:adj.n] {
		if x := m.values[i]; x == v || m.isWild(x) {
			return true
		}
	}
	return false
}

// all reports whether every neighbour value in adj matches v.
func (m fitMatcher) all(adj *nearValues, v string) bool {
	if adj.n == 0 || m.isWild(v) {
		return true
	}
	for _, i := range adj.at[:adj.n] {
		if x := m.values[i]; x != v && !m.isWild(x) {
			return false
		}
	}
	return true
}
