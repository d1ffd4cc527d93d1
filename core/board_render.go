package core

import (
	"fmt"
	"strings"
)

// ansiBackground maps colour names (config `boards.<name>.colors`) to ANSI background+foreground
// codes; a number 0..255 is taken as a 256-colour code.
var ansiBackground = map[string]string{
	"black":   "40;97",
	"red":     "41;97",
	"green":   "42;30",
	"yellow":  "43;30",
	"blue":    "44;97",
	"magenta": "45;97",
	"purple":  "45;97",
	"cyan":    "46;30",
	"white":   "107;30",
	"grey":    "100;97",
	"gray":    "100;97",
	"orange":  "48;5;208;30",
}

func ansiCode(name string) string {
	if c, ok := ansiBackground[name]; ok {
		return c
	}
	var n int
	if _, err := fmt.Sscanf(name, "%d", &n); err == nil && n >= 0 && n < 256 {
		return fmt.Sprintf("48;5;%d;30", n)
	}
	return ""
}

// RenderBoard draws a board view as text, one grid per floor (floors 1 to the highest with a piece):
// each cell shows its value (coloured with ANSI codes when colors names one and color is true) or "."
// when empty; the lines between two cells of one piece are left out, so piece boundaries show.
func RenderBoard(v BoardView, colors map[string]string, color bool) string {
	top := 1
	for _, p := range v.Pieces {
		if p.Floor > top {
			top = p.Floor
		}
	}
	var sb strings.Builder
	for f := 1; f <= top; f++ {
		piece := make([]int, v.Rows*v.Cols)
		value := make([]string, v.Rows*v.Cols)
		n := 0
		for k, p := range v.Pieces {
			if p.Floor != f {
				continue
			}
			n++
			for j, rc := range p.Cells {
				piece[rc[0]*v.Cols+rc[1]] = k + 1
				value[rc[0]*v.Cols+rc[1]] = p.Values[j]
			}
		}
		fmt.Fprintf(&sb, "%s floor %d (%d pieces)\n", v.Name, f, n)
		writePieceGrid(&sb, v.Rows, v.Cols, piece, "    ", func(i int) string {
			return colorCell(fmt.Sprintf("%-3s", " "+value[i]), colors[value[i]], color)
		})
	}
	return sb.String()
}

// writePieceGrid draws a rows x cols grid under a header of column numbers, each row led by its number:
// piece holds each cell's piece (1-based; 0 when empty, drawn "."), and no line is drawn between two
// cells of one piece, so piece boundaries show; cell spells a cell that holds a piece.
func writePieceGrid(sb *strings.Builder, rows, cols int, piece []int, indent string, cell func(i int) string) {
	sb.WriteString(indent)
	for c := 0; c < cols; c++ {
		fmt.Fprintf(sb, " %2d ", c)
	}
	sb.WriteString("\n")
	at := func(r, c int) int {
		if r < 0 || r >= rows || c < 0 || c >= cols {
			return 0
		}
		return piece[r*cols+c]
	}
	label := indent[:len(indent)-3] + "%2d "
	for r := 0; r <= rows; r++ {
		// the horizontal line above row r
		sb.WriteString(indent)
		for c := 0; c < cols; c++ {
			if a := at(r-1, c); a != 0 && a == at(r, c) {
				sb.WriteString("+   ")
			} else {
				sb.WriteString("+---")
			}
		}
		sb.WriteString("+\n")
		if r == rows {
			break
		}
		fmt.Fprintf(sb, label, r)
		for c := 0; c < cols; c++ {
			if a := at(r, c-1); c > 0 && a != 0 && a == at(r, c) {
				sb.WriteString(" ")
			} else {
				sb.WriteString("|")
			}
			if piece[r*cols+c] == 0 {
				sb.WriteString(" . ")
				continue
			}
			sb.WriteString(cell(r*cols + c))
		}
		sb.WriteString("|\n")
	}
}

// colorCell cuts a cell's text to 3 characters and, when color is on and name is a colour, paints it.
func colorCell(text, name string, color bool) string {
	if len(text) > 3 {
		text = text[:3]
	}
	if code := ansiCode(name); color && code != "" {
		text = "\x1b[" + code + "m" + text + "\x1b[0m"
	}
	return text
}
