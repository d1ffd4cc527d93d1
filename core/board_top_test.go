package core

import (
	"strings"
	"testing"
)

// The top view: one grid for every floor, each cell its top piece's value and floor, boundaries between
// different top pieces only.
func TestRenderBoardTop(t *testing.T) {
	v := BoardView{Name: "main", Rows: 2, Cols: 3, Floors: 3, Pieces: []PieceView{
		{ID: "YR", Floor: 1, Cells: [][2]int{{0, 0}, {0, 1}}, Values: []string{"Y", "R"}},
		{ID: "BB", Floor: 1, Cells: [][2]int{{1, 0}, {1, 1}}, Values: []string{"B", "B"}},
		{ID: "RB", Floor: 2, Cells: [][2]int{{0, 1}, {1, 1}}, Values: []string{"R", "B"}},
	}}
	want := "main from above (3 pieces, top floor 2): each cell's top value and its floor\n" +
		"     0   1   2 \n" +
		"   +---+---+---+\n" +
		" 0 | Y1| R2| . |\n" +
		"   +---+   +---+\n" +
		" 1 | B1| B2| . |\n" +
		"   +---+---+---+\n"
	if got := RenderBoardTop(v, nil, false); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if got := RenderBoardTop(v, map[string]string{"R": "red"}, true); !strings.Contains(got, "\x1b[41;97m R2\x1b[0m") {
		t.Errorf("no red R2 cell:\n%q", got)
	}
}
