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
	sb.WriteString("   ")
	for c := 0; c < v.Cols; c++ {
		fmt.Fprintf(&sb, " %2d ", c)
	}
	sb.WriteString("\n")
	at := func(r, c int) int {
		if r < 0 || r >= v.Rows || c < 0 || c >= v.Cols {
			return 0
		}
		return piece[r*v.Cols+c]
	}
	for r := 0; r <= v.Rows; r++ {
		sb.WriteString("   ")
		for c := 0; c < v.Cols; c++ {
			if a := at(r-1, c); a != 0 && a == at(r, c) {
				sb.WriteString("+   ")
			} else {
				sb.WriteString("+---")
			}
		}
		sb.WriteString("+\n")
		if r == v.Rows {
			break
		}
		fmt.Fprintf(&sb, "%2d ", r)
		for c := 0; c < v.Cols; c++ {
			if a := at(r, c-1); c > 0 && a != 0 && a == at(r, c) {
				sb.WriteString(" ")
			} else {
				sb.WriteString("|")
			}
			i := r*v.Cols + c
			if piece[i] == 0 {
				sb.WriteString(" . ")
				continue
			}
			cell := fmt.Sprintf(" %.1s%d", value[i], floor[i])
			if len(cell) > 3 {
				cell = cell[:3]
			}
			if code := ansiCode(colors[value[i]]); color && code != "" {
				cell = "\x1b[" + code + "m" + cell + "\x1b[0m"
			}
			sb.WriteString(cell)
		}
		sb.WriteString("|\n")
	}
	return sb.String()
}
