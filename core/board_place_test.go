package core

import (
	"reflect"
	"testing"
)

// piecesOf spells a board's pieces (id, floor, cells, values) for comparison.
func piecesOf(b *Board) []Piece {
	var out []Piece
	for _, p := range b.Pieces() {
		out = append(out, Piece{ID: p.ID, Floor: p.Floor, Cells: append([]int(nil), p.Cells...),
			Values: append([]string(nil), p.Values...)})
	}
	return out
}

// The pieces' cells and values share one buffer per board (Place's arena): a clone and its original
// placing after the clone, a reader appending to a piece's cells, and a Clear of the original leave
// every other piece as it was placed.
func TestPlacedPiecesStayApartInTheArena(t *testing.T) {
	b := testBoard(3, 3, 1)
	mustPlace(t, b, "AB", 1, [][2]int{{0, 0}, {0, 1}}, "A", "B")
	c := b.clone()
	mustPlace(t, b, "CD", 1, [][2]int{{1, 0}, {1, 1}}, "C", "D")
	mustPlace(t, c, "EF", 1, [][2]int{{2, 1}, {2, 2}}, "E", "F")
	wantB := []Piece{{"AB", 1, []int{0, 1}, []string{"A", "B"}}, {"CD", 1, []int{3, 4}, []string{"C", "D"}}}
	wantC := []Piece{{"AB", 1, []int{0, 1}, []string{"A", "B"}}, {"EF", 1, []int{7, 8}, []string{"E", "F"}}}
	if got := piecesOf(b); !reflect.DeepEqual(got, wantB) {
		t.Fatalf("original %+v, want %+v", got, wantB)
	}
	if got := piecesOf(c); !reflect.DeepEqual(got, wantC) {
		t.Fatalf("clone %+v, want %+v", got, wantC)
	}
	// a reader appending to a piece's lists gets its own copy
	first := b.Piece(1)
	_ = append(first.Cells, 99)
	_ = append(first.Values, "Z")
	if got := piecesOf(b); !reflect.DeepEqual(got, wantB) {
		t.Fatalf("an append to piece 1's lists changed the board: %+v", got)
	}
	b.Clear()
	mustPlace(t, b, "GH", 1, [][2]int{{0, 0}, {0, 1}}, "G", "H")
	if got := piecesOf(c); !reflect.DeepEqual(got, wantC) {
		t.Fatalf("the original's Clear and next piece changed the clone: %+v", got)
	}
}

// Placing a round's pieces allocates a few times per round, not several times per piece.
func TestPlaceAllocatesPerRoundNotPerPiece(t *testing.T) {
	b := testBoard(8, 8, 1)
	cells, values := make([][2]int, 2), []string{"A", "B"}
	round := func() {
		b.Clear()
		for r := 0; r < 8; r++ {
			for c := 0; c < 8; c += 2 {
				cells[0], cells[1] = [2]int{r, c}, [2]int{r, c + 1}
				if _, err := b.Place("AB", 1, cells, values); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	if n := testing.AllocsPerRun(20, round); n > 8 { // 32 pieces: the room made at the first one
		t.Fatalf("%.0f allocations for 32 pieces", n)
	}
}
