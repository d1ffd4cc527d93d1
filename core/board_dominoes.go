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
}

// Dominoes enumerates every position of a two-cell piece on a floor: both cells free and, above
// floor 1, both cells beneath covered by two different pieces (a junction). Each unordered pair of
// cells appears once (Dir 'r' or 'd').
func (b *Board) Dominoes(floor int, opt DominoOptions) ([]Domino, error) {
	if floor < 1 || floor > b.Def.Floors {
		return nil, nil
	}
	switch opt.Holes {
	case "", "none", "isolated", "parity":
	default:
		return nil, fmt.Errorf("holes must be none, isolated or parity, not %q", opt.Holes)
	}
	var out []Domino
	R, C := b.Def.Rows, b.Def.Cols
	var seen []bool
	for r := 0; r < R; r++ {
		for c := 0; c < C; c++ {
			for _, d := range [2][3]int{{0, 1, 'r'}, {1, 0, 'd'}} {
				r2, c2 := r+d[0], c+d[1]
				if r2 >= R || c2 >= C {
					continue
				}
				i1, i2 := b.at(floor, r, c), b.at(floor, r2, c2)
				if b.cells[i1] != 0 || b.cells[i2] != 0 {
					continue
				}
				dm := Domino{R1: r, C1: c, R2: r2, C2: c2, Dir: byte(d[2])}
				if floor > 1 {
					j1, j2 := b.at(floor-1, r, c), b.at(floor-1, r2, c2)
					if b.cells[j1] == 0 || b.cells[j2] == 0 || b.cells[j1] == b.cells[j2] {
						continue
					}
					dm.Below = [2]string{b.values[j1], b.values[j2]}
				}
				dm.Corner = b.IsCorner(r, c) || b.IsCorner(r2, c2)
				if opt.Corners && !dm.Corner {
					continue
				}
				dm.Adj[0] = b.adjValues(floor, r, c, r2, c2)
				dm.Adj[1] = b.adjValues(floor, r2, c2, r, c)
				if opt.Adjacent && dm.Adj[0] == "" && dm.Adj[1] == "" {
					continue
				}
				if opt.Holes == "isolated" || opt.Holes == "parity" {
					if b.leavesHole(floor, i1, i2, opt.Holes == "parity", &seen) {
						continue
					}
				}
				out = append(out, dm)
			}
		}
	}
	return out, nil
}

func (b *Board) adjValues(floor, r, c, pr, pc int) string {
	var vals [4]string
	n := 0
	for _, d := range dirs4 {
		nr, nc := r+d[0], c+d[1]
		if nr < 0 || nr >= b.Def.Rows || nc < 0 || nc >= b.Def.Cols || (nr == pr && nc == pc) {
			continue
		}
		i := b.at(floor, nr, nc)
		if b.cells[i] == 0 {
			continue
		}
		v := b.values[i]
		dup := false
		for _, x := range vals[:n] {
			if x == v {
				dup = true
			}
		}
		if !dup {
			vals[n] = v
			n++
		}
	}
	switch n {
	case 0:
		return ""
	case 1:
		return vals[0]
	}
	return strings.Join(vals[:n], ",")
}
