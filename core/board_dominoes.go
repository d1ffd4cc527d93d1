package core

import (
	"fmt"
	"strings"
)

// Domino is a candidate placement of a two-cell piece: cells (R1,C1) and (R2,C2), the second to the
// right of (Dir 'r') or below (Dir 'd') the first.
type Domino struct {
	R1, C1, R2, C2 int
	Dir            byte
	// Below are the values of the cells beneath on floor-1 (empty on floor 1).
	Below [2]string
	// Adj are the distinct values of the covered same-floor orthogonal neighbours of each cell (the
	// partner cell excluded), in up, left, right, down order, joined by ",".
	Adj [2]string
	// Corner is true when one of the cells is a corner cell of the grid (the piece is then flush with
	// both sides of that corner).
	Corner bool
	// near are Adj before joining: what Fits matches against, without a string built per candidate
	near [2]nearValues
}

// nearValues are the distinct values of a cell's covered same-floor neighbours, in up, left, right,
// down order (at most four), as the board indices of cells showing them: no string copied per
// candidate.
type nearValues struct {
	at [4]int32
	n  int32
	// bits has bit k set when a neighbour shows value number k (Board.codes), for k < valueBits
	bits uint64
}

// joined spells the values as Domino.Adj does.
func (n *nearValues) joined(b *Board) string {
	switch n.n {
	case 0:
		return ""
	case 1:
		return b.values[n.at[0]]
	}
	vals := make([]string, n.n)
	for k := range vals {
		vals[k] = b.values[n.at[k]]
	}
	return strings.Join(vals, ",")
}

// DominoOptions filter Dominoes.
type DominoOptions struct {
	// Holes: "" keeps every candidate; "isolated" drops those leaving an empty cell of the floor with
	// no empty orthogonal neighbour next to the piece; "parity" also drops those leaving an empty
	// region of odd size next to the piece.
	Holes string
	// Adjacent keeps only candidates with at least one covered same-floor neighbour.
	Adjacent bool
	// Corners keeps only candidates covering a corner cell.
	Corners bool
	// noNear skips the neighbour values (AppendJunctions: nobody reads them there)
	noNear bool
}

// Dominoes enumerates every position of a two-cell piece on a floor: both cells free and, above
// floor 1, both cells beneath covered by two different pieces (a junction). Each unordered pair of
// cells appears once (Dir 'r' or 'd').
func (b *Board) Dominoes(floor int, opt DominoOptions) ([]Domino, error) {
	out, err := b.appendDominoes(nil, floor, opt)
	for i := range out {
		out[i].Adj = [2]string{out[i].near[0].joined(b), out[i].near[1].joined(b)}
	}
	return out, err
}

// AppendJunctions appends to buf the positions Dominoes offers on a floor >= 2 (Adj left empty): the
// allocation-free path for callers that search the junctions on every turn with a buffer of their own.
func (b *Board) AppendJunctions(buf []Domino, floor int) []Domino {
	out, _ := b.appendDominoes(buf, floor, DominoOptions{noNear: true}) // no holes option: never an error
	return out
}

// appendDominoes appends Dominoes' candidates to out (Adj left empty: near holds the values).
func (b *Board) appendDominoes(out []Domino, floor int, opt DominoOptions) ([]Domino, error) {
	if floor < 1 || floor > b.Def.Floors {
		return out, nil
	}
	if err := checkHoles(opt.Holes); err != nil {
		return out, err
	}
	var seen []bool // the holes check's scratch space, shared by every candidate
	rows, cols := b.Def.Rows, b.Def.Cols
	first, area := b.at(floor, 0, 0), rows*cols
	near := b.cellsNear(floor, opt.noNear)
	for cell := 0; cell < area; cell++ {
		i1 := first + cell
		// most cells of a busy floor are taken, most of an upper floor has nothing beneath: no
		// candidate starts there
		if b.cells[i1] != 0 || floor > 1 && b.cells[i1-area] == 0 {
			continue
		}
		r, c := cell/cols, cell%cols
		if c+1 < cols && b.standing(floor, i1, i1+1) {
			out = b.appendCandidate(out, floor, r, c, 0, 1, 'r', opt, &seen, &near)
		}
		if r+1 < rows && b.standing(floor, i1, i1+cols) {
			out = b.appendCandidate(out, floor, r, c, 1, 0, 'd', opt, &seen, &near)
		}
	}
	return out, nil
}

// appendCandidate appends the position from (r, c) to (r+dr, c+dc) of a floor, both cells standing,
// when it passes opt's filters.
func (b *Board) appendCandidate(out []Domino, floor, r, c, dr, dc int, dir byte, opt DominoOptions, seen *[]bool, near *cellsNear) []Domino {
	i1 := b.at(floor, r, c)
	i2 := i1 + dr*b.Def.Cols + dc
	// built in place: a Domino is large, and most candidates are kept
	out = append(out, Domino{R1: r, C1: c, R2: r + dr, C2: c + dc, Dir: dir})
	dm := &out[len(out)-1]
	if floor > 1 {
		dm.Below = [2]string{b.values[b.below(i1)], b.values[b.below(i2)]}
	}
	if !b.keep(dm, floor, i1, i2, opt, seen, near) {
		out = out[:len(out)-1]
	}
	return out
}

// checkHoles checks a DominoOptions.Holes value.
func checkHoles(holes string) error {
	switch holes {
	case "", "none", "isolated", "parity":
		return nil
	}
	return fmt.Errorf("holes must be none, isolated or parity, not %q", holes)
}

// standing reports whether the free cell at index i1 and the on-grid cell at index i2 of a floor are
// both free and, above floor 1, stand on a junction.
func (b *Board) standing(floor, i1, i2 int) bool {
	if b.cells[i2] != 0 {
		return false
	}
	if floor == 1 {
		return true
	}
	p1, p2 := b.cells[b.below(i1)], b.cells[b.below(i2)]
	return p1 != 0 && p2 != 0 && p1 != p2
}

// below is the index of the cell beneath the cell at index i (on a floor above 1).
func (b *Board) below(i int) int { return i - b.Def.Rows*b.Def.Cols }

// keep fills in dm's corner and neighbour values (from near) and reports whether it passes opt's
// filters (the cheap ones first).
func (b *Board) keep(dm *Domino, floor, i1, i2 int, opt DominoOptions, seen *[]bool, near *cellsNear) bool {
	dm.Corner = b.IsCorner(dm.R1, dm.C1) || b.IsCorner(dm.R2, dm.C2)
	if opt.Corners && !dm.Corner {
		return false
	}
	if opt.noNear {
		return true // AppendJunctions: no other filter applies
	}
	dm.near[0], dm.near[1] = near.of(i1), near.of(i2)
	if opt.Adjacent && dm.near[0].n == 0 && dm.near[1].n == 0 {
		return false
	}
	if opt.Holes == "isolated" || opt.Holes == "parity" {
		return !b.leavesHole(floor, i1, i2, opt.Holes == "parity", seen)
	}
	return true
}

// cellsNear are the neighbour values of a floor's free cells, each found at its first use and shared
// by the up to four candidates covering the cell: a cell's covered neighbours are the same in each
// (its partner cell is free).
type cellsNear struct {
	b     *Board
	floor int
	first int          // board index of the floor's first cell
	near  []nearValues // by cell of the floor
	known []bool
}

// cellsNear returns the floor's neighbour values, in the board's scratch space (none with skip: the
// candidates' neighbour values are not wanted).
func (b *Board) cellsNear(floor int, skip bool) cellsNear {
	if skip {
		return cellsNear{}
	}
	area := b.Def.Rows * b.Def.Cols
	if len(b.nearScratch) != area {
		b.nearScratch, b.nearKnown = make([]nearValues, area), make([]bool, area)
	} else {
		clear(b.nearKnown)
	}
	return cellsNear{b: b, floor: floor, first: b.at(floor, 0, 0), near: b.nearScratch, known: b.nearKnown}
}

// of returns the neighbour values of the free cell at board index i.
func (n *cellsNear) of(i int) nearValues {
	cell := i - n.first
	if !n.known[cell] {
		n.known[cell] = true
		n.b.nearValues(&n.near[cell], n.floor, cell/n.b.Def.Cols, cell%n.b.Def.Cols)
	}
	return n.near[cell]
}

// nearValues sets into the distinct values of the covered neighbours of (r, c) on a floor.
func (b *Board) nearValues(into *nearValues, floor, r, c int) {
	into.n, into.bits = 0, 0
	for _, d := range dirs4 {
		nr, nc := r+d[0], c+d[1]
		if nr < 0 || nr >= b.Def.Rows || nc < 0 || nc >= b.Def.Cols {
			continue
		}
		i := b.at(floor, nr, nc)
		if b.cells[i] == 0 {
			continue
		}
		dup := false
		for _, x := range into.at[:into.n] {
			if b.codes[x] == b.codes[i] { // one number per value: the same as comparing the strings
				dup = true
			}
		}
		if !dup {
			into.at[into.n] = int32(i)
			into.n++
			if code := b.codes[i]; code < valueBits {
				into.bits |= 1 << code
			}
		}
	}
}

// BelowNumbers returns the value numbers (indices into ValueNames) of the two cells beneath a
// position AppendJunctions found on a floor >= 2, whose cells beneath are both covered.
func (b *Board) BelowNumbers(floor int, d *Domino) (int32, int32) {
	return b.codes[b.at(floor-1, d.R1, d.C1)], b.codes[b.at(floor-1, d.R2, d.C2)]
}
