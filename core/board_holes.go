package core

// holeScan is one leavesHole question: which cells of a floor stay empty once cells i1 and i2 (board
// indices) are covered.
type holeScan struct {
	cells      []int32
	base       int // index of the floor's first cell
	i1, i2     int
	rows, cols int
	seen       []bool // parity: cells of the floor already counted in a region
}

// in reports whether (r, c) is a cell of the grid.
func (h *holeScan) in(r, c int) bool { return r >= 0 && r < h.rows && c >= 0 && c < h.cols }

// empty reports whether a cell of the floor (row*cols+col) stays empty.
func (h *holeScan) empty(cell int) bool {
	i := h.base + cell
	return i != h.i1 && i != h.i2 && h.cells[i] == 0
}

// leavesHole reports whether covering cells i1 and i2 (indices on floor) leaves, next to them, an
// empty cell with no empty neighbour, or (parity) an empty region of odd size.
func (b *Board) leavesHole(floor, i1, i2 int, parity bool, seen *[]bool) bool {
	R, C := b.Def.Rows, b.Def.Cols
	h := holeScan{cells: b.cells, base: (floor - 1) * R * C, i1: i1, i2: i2, rows: R, cols: C}
	if !parity {
		return h.leavesIsolatedCell()
	}
	h.seen = resetSeen(seen, R*C)
	return h.leavesOddRegion()
}

// resetSeen makes *seen n cells long, all false, reusing it when it has that size already.
func resetSeen(seen *[]bool, n int) []bool {
	if len(*seen) != n {
		*seen = make([]bool, n)
	} else {
		clear(*seen)
	}
	return *seen
}

// leavesIsolatedCell reports whether an empty neighbour of the two covered cells has no empty
// neighbour left.
func (h *holeScan) leavesIsolatedCell() bool {
	C := h.cols
	for _, i := range [2]int{h.i1, h.i2} {
		cell := i - h.base
		r, c := cell/C, cell%C
		for _, d := range dirs4 {
			nr, nc := r+d[0], c+d[1]
			if h.in(nr, nc) && h.empty(nr*C+nc) && h.isolated(nr, nc) {
				return true
			}
		}
	}
	return false
}

// isolated reports whether the empty cell (r, c) has no empty neighbour.
func (h *holeScan) isolated(r, c int) bool {
	for _, e := range dirs4 {
		mr, mc := r+e[0], c+e[1]
		if h.in(mr, mc) && h.empty(mr*h.cols+mc) {
			return false
		}
	}
	return true
}

// leavesOddRegion measures the empty regions next to the two covered cells (each once) and reports
// whether one has an odd size. The flood fill stays in this one function so its stack is a local
// slice the compiler keeps off the heap while it is small.
func (h *holeScan) leavesOddRegion() bool {
	C := h.cols
	var stack []int
	for _, i := range [2]int{h.i1, h.i2} {
		cell := i - h.base
		r, c := cell/C, cell%C
		for _, d := range dirs4 {
			start := (r+d[0])*C + c + d[1]
			if !h.in(r+d[0], c+d[1]) || !h.empty(start) || h.seen[start] {
				continue // no empty cell, or a region already measured
			}
			size := 0
			stack = append(stack[:0], start)
			h.seen[start] = true
			for len(stack) > 0 {
				x := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				size++
				xr, xc := x/C, x%C
				for _, e := range dirs4 {
					mr, mc := xr+e[0], xc+e[1]
					if m := mr*C + mc; h.in(mr, mc) && !h.seen[m] && h.empty(m) {
						h.seen[m] = true
						stack = append(stack, m)
					}
				}
			}
			if size%2 == 1 {
				return true
			}
		}
	}
	return false
}
