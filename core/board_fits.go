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
	// room for a typical turn's fits: few regrowths
	return b.AppendFits(make([]Fit, 0, 4*len(pieces)), floor, pieces, opt)
}

// AppendFits is Fits appending to out: a caller that keeps its list from turn to turn allocates
// nothing once it has seen a turn as large.
func (b *Board) AppendFits(out []Fit, floor int, pieces [][2]string, opt FitOptions) ([]Fit, error) {
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
	m := b.fitMatcher(opt)
	matching := opt.Match != ""
	for pi, p := range pieces {
		free := opt.Free[pi]
		fp := m.piece(b, p, opt.Wild)
		for k := range cands {
			d := &cands[k]
			if matching && d.near[0].n == 0 && d.near[1].n == 0 && !(free && d.Corner) {
				continue // no neighbour to match, no free corner: most of a sparse floor, skipped unasked
			}
			first, second := m.lays(&fp, d, free && d.Corner)
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

// fitPiece is a piece's two values as Fits matches them: their numbers on the board (-1 for a value
// no cell shows), whether each is wild, the bits of the neighbour values that match each (see
// nearValues.bits: its own, the wild ones, all of them for a wild value), and whether the piece is a
// double.
type fitPiece struct {
	code   [2]int32
	wild   [2]bool
	match  [2]uint64
	double bool
}

// piece numbers a piece's values p for Fits.
func (m fitMatcher) piece(b *Board, p [2]string, wild []string) fitPiece {
	fp := fitPiece{
		code:   [2]int32{b.knownCode(p[0]), b.knownCode(p[1])},
		wild:   [2]bool{isWildValue(wild, p[0]), isWildValue(wild, p[1])},
		double: p[0] == p[1],
	}
	for x, code := range fp.code {
		switch {
		case fp.wild[x]:
			fp.match[x] = ^uint64(0) // a wild value matches every neighbour
		case code >= 0 && code < valueBits:
			fp.match[x] = m.wildBits | 1<<code
		default:
			fp.match[x] = m.wildBits
		}
	}
	return fp
}

// valueBits is how many value numbers nearValues.bits holds: a board showing more values matches by
// comparing numbers one by one.
const valueBits = 64

// fitMatcher makes the matcher of opt's Match and Wild on b's values as they are.
func (b *Board) fitMatcher(opt FitOptions) fitMatcher {
	m := fitMatcher{match: opt.Match, codes: b.codes, byBits: len(b.names) <= valueBits}
	b.wildScratch = b.wildScratch[:0]
	for k, name := range b.names {
		w := isWildValue(opt.Wild, name)
		b.wildScratch = append(b.wildScratch, w)
		if w && k < valueBits {
			m.wildBits |= 1 << k
		}
	}
	m.wild = b.wildScratch
	return m
}

// isWildValue reports whether v is one of the wild values.
func isWildValue(wild []string, v string) bool {
	for _, w := range wild {
		if w == v {
			return true
		}
	}
	return false
}

// lays reports whether piece p takes candidate d with its first value on d's first cell, and with it
// on d's second cell (never for a double). A free lay needs no match.
func (m fitMatcher) lays(p *fitPiece, d *Domino, free bool) (first, second bool) {
	if m.byBits && !free && m.match != "" {
		return m.laysByBits(p, d)
	}
	first = free || m.ok(p, 0, 1, d)
	second = !p.double && (free || m.ok(p, 1, 0, d))
	return first, second
}

// laysByBits is lays by bit tests (fitMatcher.byBits), for a match: a cell's neighbours match a
// value when they show one of its bits (fitPiece.match), and all of them when they show no other.
func (m fitMatcher) laysByBits(p *fitPiece, d *Domino) (first, second bool) {
	b0, b1 := d.near[0].bits, d.near[1].bits
	m0, m1 := p.match[0], p.match[1]
	first = b0&m0 != 0 || b1&m1 != 0
	second = !p.double && (b0&m1 != 0 || b1&m0 != 0)
	if m.match == "all" {
		first = first && b0&^m0 == 0 && b1&^m1 == 0
		second = second && b0&^m1 == 0 && b1&^m0 == 0
	}
	return first, second
}

// fitMatcher applies FitOptions.Match and Wild to a candidate's neighbour values (Domino.Adj, read
// from the unjoined near values) by their numbers.
type fitMatcher struct {
	match string
	codes []int32 // the board's cell value numbers, which near indexes
	wild  []bool  // by value number
	// byBits: every value number fits in nearValues.bits, so lays tests bits, not each neighbour
	byBits   bool
	wildBits uint64 // the bits of the wild values
}

// ok reports whether piece p's values number x and y, laid on d's first and second cell, pass the
// match.
func (m fitMatcher) ok(p *fitPiece, x, y int, d *Domino) bool {
	switch m.match {
	case "":
		return true
	case "one":
		return m.has(&d.near[0], p, x) || m.has(&d.near[1], p, y)
	}
	return (m.has(&d.near[0], p, x) || m.has(&d.near[1], p, y)) && m.all(&d.near[0], p, x) && m.all(&d.near[1], p, y)
}

// has reports whether one of the neighbour values adj matches piece p's value number x.
func (m fitMatcher) has(adj *nearValues, p *fitPiece, x int) bool {
	if adj.n == 0 {
		return false
	}
	if p.wild[x] {
		return true
	}
	v := p.code[x]
	for _, i := range adj.at[:adj.n] {
		if x := m.codes[i]; x == v || m.wild[x] {
			return true
		}
	}
	return false
}

// all reports whether every neighbour value in adj matches piece p's value number x.
func (m fitMatcher) all(adj *nearValues, p *fitPiece, x int) bool {
	if adj.n == 0 || p.wild[x] {
		return true
	}
	v := p.code[x]
	for _, i := range adj.at[:adj.n] {
		if x := m.codes[i]; x != v && !m.wild[x] {
			return false
		}
	}
	return true
}
