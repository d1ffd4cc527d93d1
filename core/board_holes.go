package core

// leavesHole reports whether covering cells i1 and i2 (indices on floor) leaves, next to them, an
// empty cell with no empty neighbour, or (parity) an empty region of odd size.
func (b *Board) leavesHole(floor, i1, i2 int, parity bool, seen *[]bool) bool {
	R, C := b.Def.Rows, b.Def.Cols
	base := (floor - 1) * R * C
	empty := func(cell int) bool {
		i := base + cell
		return i != i1 && i != i2 && b.cells[i] == 0
	}
	if parity {
		if len(*seen) != R*C {
			*seen = make([]bool, R*C)
		} else {
			clear(*seen)
		}
	}
	var stack []int
	for _, i := range [2]int{i1, i2} {
		cell := i - base
		r, c := cell/C, cell%C
		for _, d := range dirs4 {
			nr, nc := r+d[0], c+d[1]
			if nr < 0 || nr >= R || nc < 0 || nc >= C || !empty(nr*C+nc) {
				continue
			}
			if !parity {
				free := false
				for _, e := range dirs4 {
					mr, mc := nr+e[0], nc+e[1]
					if mr >= 0 && mr < R && mc >= 0 && mc < C && empty(mr*C+mc) {
						free = true
						break
					}
				}
				if !free {
					return true
				}
				continue
			}
			start := nr*C + nc
			if (*seen)[start] {
				continue // a region already measured
			}
			size := 0
			stack = append(stack[:0], start)
			(*seen)[start] = true
			for len(stack) > 0 {
				x := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				size++
				xr, xc := x/C, x%C
				for _, e := range dirs4 {
					mr, mc := xr+e[0], xc+e[1]
					if mr < 0 || mr >= R || mc < 0 || mc >= C {
						continue
					}
					m := mr*C + mc
					if !(*seen)[m] && empty(m) {
						(*seen)[m] = true
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
