package core

import "testing"

// benchBoard is a 6x6 two-floor board part-way through a game: ten two-cell pieces on floor 1 (a few
// holes left between them) and two on floor 2 across their junctions.
func benchBoard(b testing.TB) *Board {
	bd := testBoard(6, 6, 2)
	place := func(floor int, cells [][2]int, values ...string) {
		if _, err := bd.Place("p", floor, cells, values); err != nil {
			b.Fatal(err)
		}
	}
	place(1, [][2]int{{0, 0}, {0, 1}}, "R", "G")
	place(1, [][2]int{{0, 2}, {0, 3}}, "B", "R")
	place(1, [][2]int{{1, 0}, {2, 0}}, "Y", "Y")
	place(1, [][2]int{{1, 1}, {1, 2}}, "G", "B")
	place(1, [][2]int{{0, 5}, {1, 5}}, "W", "R")
	place(1, [][2]int{{2, 2}, {2, 3}}, "B", "G")
	place(1, [][2]int{{3, 0}, {3, 1}}, "R", "W")
	place(1, [][2]int{{4, 4}, {4, 5}}, "G", "Y")
	place(1, [][2]int{{5, 0}, {5, 1}}, "W", "B")
	place(1, [][2]int{{3, 3}, {4, 3}}, "Y", "R")
	place(2, [][2]int{{0, 1}, {0, 2}}, "G", "B")
	place(2, [][2]int{{1, 2}, {2, 2}}, "B", "B")
	return bd
}

// BenchmarkDominoes: the candidate positions of a two-cell piece on each floor of a mid-game board,
// with each holes filter.
func BenchmarkDominoes(b *testing.B) {
	bd := benchBoard(b)
	for _, bc := range []struct {
		name  string
		floor int
		opt   DominoOptions
	}{
		{"floor1", 1, DominoOptions{}},
		{"floor1-adjacent", 1, DominoOptions{Adjacent: true}},
		{"floor1-isolated", 1, DominoOptions{Holes: "isolated"}},
		{"floor1-parity", 1, DominoOptions{Holes: "parity"}},
		{"floor2", 2, DominoOptions{}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if _, err := bd.Dominoes(bc.floor, bc.opt); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkFits: a hand of six pieces matched against floor 1 of a mid-game board.
func BenchmarkFits(b *testing.B) {
	bd := benchBoard(b)
	hand := [][2]string{{"R", "G"}, {"B", "B"}, {"Y", "W"}, {"G", "R"}, {"W", "W"}, {"B", "Y"}}
	for _, bc := range []struct {
		name string
		opt  FitOptions
	}{
		{"any", FitOptions{}},
		{"one", FitOptions{Match: "one"}},
		{"all", FitOptions{Match: "all"}},
		{"all-wild-free", FitOptions{Match: "all", Wild: []string{"W"}, Free: map[int]bool{1: true},
			DominoOptions: DominoOptions{Holes: "parity"}}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if _, err := bd.Fits(1, hand, bc.opt); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkBoardPlace: a clone of a mid-game board and one more piece on it.
func BenchmarkBoardPlace(b *testing.B) {
	bd := benchBoard(b)
	cells := [][2]int{{5, 4}, {5, 5}}
	values := []string{"R", "B"}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		c := bd.clone()
		if _, err := c.Place("q", 1, cells, values); err != nil {
			b.Fatal(err)
		}
	}
}
