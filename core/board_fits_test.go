package core

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// fitsByAdj is Fits' match spelled from Dominoes' Adj strings: the reference the numbered matcher
// (by bits, or by numbers one by one on a board showing many values) must agree with.
func fitsByAdj(b *Board, pieces [][2]string, match string, wild []string) []Fit {
	cands, _ := b.Dominoes(1, DominoOptions{})
	matches := func(adj, v string, all bool) bool {
		if adj == "" {
			return all
		}
		if slices.Contains(wild, v) {
			return true
		}
		for _, x := range strings.Split(adj, ",") {
			ok := x == v || slices.Contains(wild, x)
			if ok && !all {
				return true
			}
			if !ok && all {
				return false
			}
		}
		return all
	}
	ok := func(d Domino, x, y string) bool {
		one := matches(d.Adj[0], x, false) || matches(d.Adj[1], y, false)
		return one && (match == "one" || matches(d.Adj[0], x, true) && matches(d.Adj[1], y, true))
	}
	var out []Fit
	for pi, p := range pieces {
		for _, d := range cands {
			if ok(d, p[0], p[1]) {
				out = append(out, Fit{Piece: pi, R: d.R1, C: d.C1, Dir: d.Dir})
			}
			if p[0] != p[1] && ok(d, p[1], p[0]) {
				out = append(out, Fit{Piece: pi, R: d.R2, C: d.C2, Dir: BackDir(d.Dir)})
			}
		}
	}
	return out
}

// randomFloor lays up to n random dominoes of values A-D and the wild W on floor 1 of a 6x6 board.
func randomFloor(t *testing.T, rng *rand.Rand, n int) *Board {
	b := testBoard(6, 6, 3)
	values := []string{"A", "B", "C", "D", "W"}
	for k := 0; k < n; k++ {
		ds, _ := b.Dominoes(1, DominoOptions{})
		if len(ds) == 0 {
			break
		}
		d := ds[rng.IntN(len(ds))]
		mustPlace(t, b, fmt.Sprint("p", k), 1, [][2]int{{d.R1, d.C1}, {d.R2, d.C2}},
			values[rng.IntN(len(values))], values[rng.IntN(len(values))])
	}
	return b
}

// Fits matches values by number: by bits while the board shows at most valueBits values, one by one
// beyond; both agree with matching the values' strings, for every match, with and without wild values.
func TestFitsMatchesAsStrings(t *testing.T) {
	pieces := [][2]string{{"A", "B"}, {"C", "C"}, {"D", "A"}, {"W", "B"}, {"E", "A"}, {"E", "E"}}
	rng := rand.New(rand.NewPCG(7, 24))
	for round := 0; round < 40; round++ {
		b := randomFloor(t, rng, 2+round%8)
		many := b.clone()
		for k := 0; k < valueBits+2; k++ { // a value each, on floors 2 and 3: floor 1's candidates stay
			mustPlace(t, many, fmt.Sprint("v", k), 2+k/36, [][2]int{{k / 6 % 6, k % 6}}, fmt.Sprint("v", k))
		}
		for _, match := range []string{"one", "all"} {
			for _, wild := range [][]string{nil, {"W"}} {
				want := fitsByAdj(b, pieces, match, wild)
				for name, bd := range map[string]*Board{"few values": b, "many values": many} {
					got, err := bd.Fits(1, pieces, FitOptions{Match: match, Wild: wild})
					if err != nil {
						t.Fatal(err)
					}
					if !slices.Equal(got, want) {
						t.Fatalf("round %d, %s, match %s wild %v: Fits %v, by strings %v", round, name, match, wild, got, want)
					}
				}
			}
		}
		if len(many.names) <= valueBits {
			t.Fatalf("the many-values board shows %d values: the one-by-one path is not tested", len(many.names))
		}
	}
}

// ValueNumberAt numbers each value once, in the order pieces first showed it, as ValueNames lists
// them; empty cells and cells off the board have none. Clearing the board keeps the numbers.
func TestValueNumberAt(t *testing.T) {
	b := testBoard(2, 3, 2)
	mustPlace(t, b, "p", 1, [][2]int{{0, 0}, {0, 1}}, "red", "blue")
	mustPlace(t, b, "q", 1, [][2]int{{1, 0}, {1, 1}}, "blue", "green")
	mustPlace(t, b, "r", 2, [][2]int{{0, 1}, {1, 1}}, "red", "red")
	if got, want := b.ValueNames(), []string{"red", "blue", "green"}; !slices.Equal(got, want) {
		t.Fatalf("ValueNames %v, want %v", got, want)
	}
	cases := []struct {
		floor, r, c int
		want        int32
	}{
		{1, 0, 0, 0}, {1, 0, 1, 1}, {1, 1, 0, 1}, {1, 1, 1, 2}, {2, 0, 1, 0}, {2, 1, 1, 0},
		{1, 0, 2, -1}, {2, 0, 0, -1}, {1, 2, 0, -1}, {3, 0, 0, -1}, {1, -1, 0, -1},
	}
	for _, c := range cases {
		if got := b.ValueNumberAt(c.floor, c.r, c.c); got != c.want {
			t.Errorf("ValueNumberAt(%d, %d, %d) = %d, want %d", c.floor, c.r, c.c, got, c.want)
		}
	}
	clone := b.clone()
	mustPlace(t, clone, "s", 1, [][2]int{{0, 2}, {1, 2}}, "white", "red")
	if len(b.ValueNames()) != 3 || clone.ValueNumberAt(1, 0, 2) != 3 || clone.ValueNumberAt(1, 1, 2) != 0 {
		t.Errorf("a clone numbers its new values alone: board %v, clone %v", b.ValueNames(), clone.ValueNames())
	}
	mustPlace(t, b, "t", 1, [][2]int{{0, 2}}, "black")
	if b.ValueNumberAt(1, 0, 2) != 3 || clone.ValueNames()[3] != "white" || b.ValueNames()[3] != "black" {
		t.Errorf("board and clone number on apart: board %v, clone %v", b.ValueNames(), clone.ValueNames())
	}
	b.Clear()
	if b.ValueNumberAt(1, 0, 0) != -1 || len(b.ValueNames()) != 4 {
		t.Errorf("after Clear: cell number %d, names %v", b.ValueNumberAt(1, 0, 0), b.ValueNames())
	}
}
