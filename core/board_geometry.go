package core

// In reports whether (floor, row, col) is a cell of the board.
func (b *Board) In(floor, r, c int) bool {
	return floor >= 1 && floor <= b.Def.Floors && r >= 0 && r < b.Def.Rows && c >= 0 && c < b.Def.Cols
}

func (b *Board) at(floor, r, c int) int { return ((floor-1)*b.Def.Rows+r)*b.Def.Cols + c }

// Neighbours returns the orthogonal neighbours of (r, c) inside the board: up, left, right, down.
func (b *Board) Neighbours(r, c int) [][2]int {
	var out [][2]int
	for _, d := range dirs4 {
		nr, nc := r+d[0], c+d[1]
		if nr >= 0 && nr < b.Def.Rows && nc >= 0 && nc < b.Def.Cols {
			out = append(out, [2]int{nr, nc})
		}
	}
	return out
}

var dirs4 = [4][2]int{{-1, 0}, {0, -1}, {0, 1}, {1, 0}}

// IsJunction reports whether two cells of a floor are both covered, by two different pieces.
func (b *Board) IsJunction(floor, r1, c1, r2, c2 int) bool {
	p1, _ := b.At(floor, r1, c1)
	p2, _ := b.At(floor, r2, c2)
	return p1 != 0 && p2 != 0 && p1 != p2
}

// IsCorner reports whether (r, c) is a corner cell of the grid.
func (b *Board) IsCorner(r, c int) bool {
	return (r == 0 || r == b.Def.Rows-1) && (c == 0 || c == b.Def.Cols-1)
}
