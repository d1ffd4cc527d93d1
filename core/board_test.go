package core

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/ruleslab/ruleslab/core/config"
)

func testBoard(rows, cols, floors int) *Board {
	return newBoard(&BoardDef{Name: "b", Rows: rows, Cols: cols, Floors: floors})
}

func mustPlace(t *testing.T, b *Board, id string, floor int, cells [][2]int, values ...string) int {
	t.Helper()
	n, err := b.Place(id, floor, cells, values)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func TestBoardPlaceAndRead(t *testing.T) {
	b := testBoard(3, 4, 2)
	n := mustPlace(t, b, "AB", 1, [][2]int{{0, 0}, {0, 1}}, "A", "B")
	if n != 1 {
		t.Fatalf("first piece is number %d", n)
	}
	if p, v := b.At(1, 0, 1); p != 1 || v != "B" {
		t.Fatalf("At(1,0,1) = %d %q", p, v)
	}
	if p, _ := b.At(2, 0, 1); p != 0 {
		t.Fatal("floor 2 should be empty")
	}
	if p, _ := b.At(1, 9, 9); p != 0 {
		t.Fatal("outside the board reads as empty")
	}
	if _, err := b.Place("X", 1, [][2]int{{0, 1}, {1, 1}}, []string{"x", "x"}); err == nil {
		t.Fatal("placing on a covered cell must fail")
	}
	if _, err := b.Place("X", 1, [][2]int{{2, 3}, {2, 4}}, []string{"x", "x"}); err == nil {
		t.Fatal("placing off the board must fail")
	}
	if _, err := b.Place("X", 3, [][2]int{{0, 0}}, []string{"x"}); err == nil {
		t.Fatal("placing on a floor that does not exist must fail")
	}
	mustPlace(t, b, "CD", 1, [][2]int{{0, 2}, {0, 3}}, "C", "D")
	if !b.IsJunction(1, 0, 1, 0, 2) || b.IsJunction(1, 0, 0, 0, 1) || b.IsJunction(1, 0, 3, 1, 3) {
		t.Fatal("IsJunction: two covered cells of different pieces only")
	}
	if got := len(b.Neighbours(0, 0)); got != 2 {
		t.Fatalf("corner has %d neighbours", got)
	}
	if got := len(b.Neighbours(1, 1)); got != 4 {
		t.Fatalf("inner cell has %d neighbours", got)
	}
	if !b.IsCorner(2, 3) || b.IsCorner(1, 0) {
		t.Fatal("IsCorner")
	}
	mustPlace(t, b, "BC", 2, [][2]int{{0, 1}, {0, 2}}, "B", "C")
	if b.Top() != 2 || b.Count(0) != 3 || b.Count(1) != 2 || b.Count(2) != 1 {
		t.Fatalf("Top %d Count %d/%d/%d", b.Top(), b.Count(0), b.Count(1), b.Count(2))
	}
	v := b.View()
	if len(v.Pieces) != 3 || v.Pieces[2].Floor != 2 || v.Pieces[2].Cells[1] != [2]int{0, 2} {
		t.Fatalf("View: %+v", v)
	}
	b.Clear()
	if b.Top() != 0 || b.Count(0) != 0 {
		t.Fatal("Clear")
	}
}

func TestBoardCloneIsIndependent(t *testing.T) {
	b := testBoard(2, 2, 1)
	mustPlace(t, b, "AB", 1, [][2]int{{0, 0}, {0, 1}}, "A", "B")
	c := b.clone()
	mustPlace(t, c, "CD", 1, [][2]int{{1, 0}, {1, 1}}, "C", "D")
	if p, _ := b.At(1, 1, 0); p != 0 || b.Count(0) != 1 {
		t.Fatal("a clone's placement leaked into the original")
	}
	if c.Count(0) != 2 {
		t.Fatal("clone lost its piece")
	}
}

func TestDominoesFloorOne(t *testing.T) {
	b := testBoard(2, 3, 2)
	ds, err := b.Dominoes(1, DominoOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(ds) != 7 { // 2 rows x 2 horizontal + 3 vertical
		t.Fatalf("%d candidates on an empty 2x3 floor, want 7", len(ds))
	}
	corners := 0
	for _, d := range ds {
		if d.Corner {
			corners++
		}
	}
	if corners != 6 { // every position but the middle vertical one touches a corner
		t.Fatalf("%d corner candidates, want 6", corners)
	}
	mustPlace(t, b, "AB", 1, [][2]int{{0, 0}, {0, 1}}, "A", "B")
	ds, _ = b.Dominoes(1, DominoOptions{Adjacent: true})
	for _, d := range ds {
		if d.R1 == 1 && d.C1 == 0 && d.Dir == 'r' {
			if d.Adj[0] != "A" || d.Adj[1] != "B" {
				t.Fatalf("adjacent values %q %q", d.Adj[0], d.Adj[1])
			}
			return
		}
	}
	t.Fatal("(1,0)-(1,1) missing")
}

func TestDominoesJunctions(t *testing.T) {
	b := testBoard(2, 3, 3)
	mustPlace(t, b, "AB", 1, [][2]int{{0, 0}, {0, 1}}, "A", "B")
	mustPlace(t, b, "CD", 1, [][2]int{{0, 2}, {1, 2}}, "C", "D")
	ds, _ := b.Dominoes(2, DominoOptions{})
	// only (0,1)-(0,2) is covered by two different pieces; (0,0)-(0,1) is one piece
	if len(ds) != 1 || ds[0].R1 != 0 || ds[0].C1 != 1 || ds[0].Dir != 'r' || ds[0].Below != [2]string{"B", "C"} {
		t.Fatalf("floor-2 candidates: %+v", ds)
	}
	if ds, _ := b.Dominoes(3, DominoOptions{}); len(ds) != 0 {
		t.Fatal("floor 3 has nothing to stand on")
	}
}

func TestDominoesHoles(t *testing.T) {
	// 1x3: covering (0,0)-(0,1) leaves (0,2) alone
	b := testBoard(1, 3, 1)
	ds, _ := b.Dominoes(1, DominoOptions{Holes: "isolated"})
	if len(ds) != 0 {
		t.Fatalf("every position on 1x3 isolates a cell: %+v", ds)
	}
	// 1x5: (0,1)-(0,2) isolates (0,0); (0,0)-(0,1) leaves a region of 3 (odd: parity only)
	b = testBoard(1, 5, 1)
	iso, _ := b.Dominoes(1, DominoOptions{Holes: "isolated"})
	par, _ := b.Dominoes(1, DominoOptions{Holes: "parity"})
	none, _ := b.Dominoes(1, DominoOptions{})
	if len(none) != 4 || len(iso) != 2 || len(par) != 0 {
		t.Fatalf("1x5: none %d isolated %d parity %d, want 4 2 0", len(none), len(iso), len(par))
	}
	if _, err := b.Dominoes(1, DominoOptions{Holes: "odd"}); err == nil {
		t.Fatal("unknown holes option must fail")
	}
}

func TestFits(t *testing.T) {
	b := testBoard(3, 3, 1)
	mustPlace(t, b, "AB", 1, [][2]int{{0, 0}, {0, 1}}, "A", "B")
	pieces := [][2]string{{"A", "C"}, {"C", "C"}, {"D", "E"}}
	fits, err := b.Fits(1, pieces, FitOptions{Match: "one"})
	if err != nil {
		t.Fatal(err)
	}
	has := func(fits []Fit, p, r, c int, dir byte) bool {
		for _, f := range fits {
			if f.Piece == p && f.R == r && f.C == c && f.Dir == dir {
				return true
			}
		}
		return false
	}
	if !has(fits, 0, 1, 0, 'd') || has(fits, 0, 2, 0, 'u') || has(fits, 0, 1, 1, 'l') {
		t.Fatalf("A next to A only: %+v", fits)
	}
	for _, f := range fits {
		if f.Piece != 0 {
			t.Fatalf("CC and DE match nothing: %+v", f)
		}
	}
	// BC with B at (1,1) touches the B above and, once AG stands at (1,0)-(2,0), an A on its left:
	// legal for match one, not for match all; B at (0,2) touches only the B of AB: legal for both
	c := b.clone()
	mustPlace(t, c, "AG", 1, [][2]int{{1, 0}, {2, 0}}, "A", "G")
	bc := [][2]string{{"B", "C"}}
	one, _ := c.Fits(1, bc, FitOptions{Match: "one"})
	all, _ := c.Fits(1, bc, FitOptions{Match: "all"})
	if !has(one, 0, 1, 1, 'r') || has(all, 0, 1, 1, 'r') || !has(all, 0, 0, 2, 'd') {
		t.Fatalf("match one %+v / all %+v", one, all)
	}
	wild, _ := b.Fits(1, pieces, FitOptions{Match: "one", Wild: []string{"B"}})
	if !has(wild, 2, 0, 2, 'd') {
		t.Fatalf("a wild neighbour matches anything: %+v", wild)
	}
	free, _ := b.Fits(1, pieces, FitOptions{Match: "one", Free: map[int]bool{2: true}})
	if !has(free, 2, 2, 2, 'u') || has(free, 2, 1, 1, 'r') {
		t.Fatalf("a free piece takes corner positions only: %+v", free)
	}
	// doubles only from their upper-left half
	cc, _ := b.Fits(1, [][2]string{{"B", "B"}}, FitOptions{Match: "one"})
	for _, f := range cc {
		if f.Dir != 'r' && f.Dir != 'd' {
			t.Fatalf("double laid from its lower-right half: %+v", f)
		}
	}
}

func TestCompileBoardsFromParams(t *testing.T) {
	cfg := &config.Game{Params: map[string]any{"board": map[string]any{"size": 8}},
		Boards: map[string]config.Board{"main": {Rows: "board.size", Cols: 5, Floors: nil}}}
	defs, err := compileBoards(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(defs) != 1 || defs[0].Rows != 8 || defs[0].Cols != 5 || defs[0].Floors != 1 {
		t.Fatalf("%+v", defs)
	}
	cfg.Boards["main"] = config.Board{Rows: "no.such", Cols: 5}
	if _, err := compileBoards(cfg); err == nil {
		t.Fatal("a missing param must fail")
	}
	cfg.Boards["main"] = config.Board{Rows: 0, Cols: 5}
	if _, err := compileBoards(cfg); err == nil {
		t.Fatal("0 rows must fail")
	}
}

func TestRenderBoard(t *testing.T) {
	b := testBoard(2, 2, 2)
	mustPlace(t, b, "AB", 1, [][2]int{{0, 0}, {0, 1}}, "A", "B")
	got := RenderBoard(b.View(), map[string]string{"A": "red"}, false)
	want := "b floor 1 (1 pieces)\n      0   1 \n    +---+---+\n  0 | A   B |\n    +---+---+\n  1 | . | . |\n    +---+---+\n"
	if got != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
	if col := RenderBoard(b.View(), map[string]string{"A": "red"}, true); col == got {
		t.Fatal("colour rendering added no ANSI codes")
	}
}

// AppendJunctions offers what Dominoes does on an upper floor (positions and the values beneath),
// appended to the buffer given.
func TestAppendJunctionsMatchesDominoes(t *testing.T) {
	bd := benchBoard(t)
	want, err := bd.Dominoes(2, DominoOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(want) == 0 {
		t.Fatal("the bench board has junctions on floor 2")
	}
	buf := []Domino{{R1: -1}}
	got := bd.AppendJunctions(buf, 2)
	if len(got) != len(want)+1 || got[0].R1 != -1 {
		t.Fatalf("AppendJunctions appends after the buffer's %d entries: got %d for %d", len(buf), len(got), len(want))
	}
	for i, w := range want {
		g := got[i+1]
		if g.R1 != w.R1 || g.C1 != w.C1 || g.R2 != w.R2 || g.C2 != w.C2 || g.Dir != w.Dir || g.Below != w.Below {
			t.Errorf("junction %d: got %+v, want %+v", i, g, w)
		}
	}
	if got, all := bd.AppendJunctions(nil, 1), bd.mustDominoesWith(t, DominoOptions{}); len(got) != len(all) {
		t.Errorf("floor 1: %d positions, Dominoes has %d", len(got), len(all))
	}
}

// Fits tests holes only on the positions some piece takes: it offers exactly the fits without the
// option whose position Dominoes keeps with it.
func TestFitsHolesAsDominoes(t *testing.T) {
	bd := benchBoard(t)
	hand := [][2]string{{"R", "G"}, {"B", "B"}, {"Y", "W"}, {"G", "R"}, {"W", "W"}, {"B", "Y"}}
	for _, holes := range []string{"isolated", "parity"} {
		kept := map[[3]int]bool{}
		for _, d := range bd.mustDominoesWith(t, DominoOptions{Holes: holes}) {
			kept[[3]int{d.R1, d.C1, int(d.Dir)}] = true
		}
		all, err := bd.Fits(1, hand, FitOptions{Match: "one"})
		if err != nil {
			t.Fatal(err)
		}
		var want []Fit
		for _, f := range all {
			r, c, dir := f.R, f.C, f.Dir
			if dir == 'l' || dir == 'u' { // the position as Dominoes lists it: from its first cell
				r, c, dir = r-map[byte]int{'l': 0, 'u': 1}[dir], c-map[byte]int{'l': 1, 'u': 0}[dir], map[byte]byte{'l': 'r', 'u': 'd'}[dir]
			}
			if kept[[3]int{r, c, int(dir)}] {
				want = append(want, f)
			}
		}
		got, err := bd.Fits(1, hand, FitOptions{Match: "one", DominoOptions: DominoOptions{Holes: holes}})
		if err != nil {
			t.Fatal(err)
		}
		if len(want) == len(all) {
			t.Fatalf("%s: the bench board has fits that leave holes", holes)
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%s: got %v, want %v", holes, got, want)
		}
	}
	if _, err := bd.Fits(1, hand, FitOptions{DominoOptions: DominoOptions{Holes: "odd"}}); err == nil {
		t.Error("an unknown holes option is an error")
	}
}

func (b *Board) mustDominoesWith(t *testing.T, opt DominoOptions) []Domino {
	t.Helper()
	ds, err := b.Dominoes(1, opt)
	if err != nil {
		t.Fatal(err)
	}
	return ds
}

// Each candidate's Adj lists the distinct values of its cells' covered neighbours (up, left, right,
// down), the same for a cell in every candidate covering it, and a later search on a changed board
// finds the new ones.
func TestDominoesAdjacentValues(t *testing.T) {
	b := testBoard(3, 3, 1)
	mustPlace(t, b, "p", 1, [][2]int{{0, 0}, {0, 1}}, "A", "B")
	mustPlace(t, b, "q", 1, [][2]int{{2, 0}, {2, 1}}, "A", "A")
	adj := func() map[[3]int][2]string {
		out := map[[3]int][2]string{}
		for _, d := range b.mustDominoesWith(t, DominoOptions{}) {
			out[[3]int{d.R1, d.C1, int(d.Dir)}] = d.Adj
		}
		return out
	}
	want := map[[3]int][2]string{
		{1, 0, 'r'}: {"A", "B,A"}, // (1,0): A above and below, once; (1,1): B above, A below
		{1, 1, 'r'}: {"B,A", ""},  // (1,2): nothing covered next to it
		{0, 2, 'd'}: {"B", ""},    // (0,2): B on its left
		{1, 2, 'd'}: {"", "A"},    // (2,2): A on its left
	}
	if got := adj(); !reflect.DeepEqual(got, want) {
		t.Errorf("Adj by candidate %v, want %v", got, want)
	}
	mustPlace(t, b, "r", 1, [][2]int{{0, 2}, {1, 2}}, "C", "C")
	if got := adj(); !reflect.DeepEqual(got, map[[3]int][2]string{{1, 0, 'r'}: {"A", "B,C,A"}}) {
		t.Errorf("after a placement next to it: Adj by candidate %v", got)
	}
}
