package core

import (
	"fmt"
	"strings"
)

// RenderBoardTop draws a board view seen from above, in one grid whatever the number of floors: each
// cell shows the value of the highest piece covering it followed by that piece's floor ("R2"), on its
// ANSI colour when colors names one and color is true, or "." when empty; no line separates two cells
// of one piece, so the boundaries (and the junctions an upper floor needs) show.
func RenderBoardTop(v BoardView, colors map[string]string, color bool) string {
	cells := v.Rows * v.Cols
	piece := make([]int, cells) // the top piece of each cell, 1-based; 0 when empty
	floor := make([]int, cells)
	value := make([]string, cells)
	top := 0
	for k, p := range v.Pieces {
		for j, rc := range p.Cells {
			i := rc[0]*v.Cols + rc[1]
			if p.Floor > floor[i] {
				piece[i], floor[i], value[i] = k+1, p.Floor, p.Values[j]
			}
		}
		if p.Floor > top {
			top = p.Floor
		}
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "%s from above (%d pieces, top floor %d): each cell's top value and its floor\n", v.Name, len(v.Pieces), top)
	writePieceGrid(&sb, v.Rows, v.Cols, piece, "   ", func(i int) string {
		return colorCell(fmt.Sprintf(" %.1s%d", value[i], floor[i]), colors[value[i]], color)
	})
	return sb.String()
}
