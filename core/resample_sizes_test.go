package core

import (
	"math/rand/v2"
	"testing"
)

// splitUniform draws every split within the bounds equally often, and never one outside them.
func TestSplitUniform(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	lo, hi := []int{1, 0, 0, 0}, []int{6, 6, 0, 6}
	counts := map[[4]int]int{}
	const n = 28000
	for i := 0; i < n; i++ {
		s := make([]int, 4)
		splitUniform(lo, hi, 6, rng, s)
		sum := 0
		for j, x := range s {
			if x < lo[j] || x > hi[j] {
				t.Fatalf("size %d of zone %d is outside %d..%d", x, j, lo[j], hi[j])
			}
			sum += x
		}
		if sum != 6 {
			t.Fatalf("sizes %v do not add up to 6", s)
		}
		counts[[4]int(s)]++
	}
	// zone 0 holds 1..6 and zones 1 and 3 share the rest: 6+5+4+3+2+1 = 21 splits
	if len(counts) != 21 {
		t.Fatalf("%d different splits, want 21: %v", len(counts), counts)
	}
	for s, c := range counts {
		if c < n/21*8/10 || c > n/21*12/10 {
			t.Errorf("split %v drawn %d times of %d, want about %d", s, c, n, n/21)
		}
	}
}

// splitWeighted draws each split with a chance in proportion to the product of its zones' weights:
// here a hand of 1..5 cards and a box with the binomial prior of 4 chances at 0.25 share 5 cards, so
// the box's size x (0..4) is drawn in proportion to C(4,x)·0.25^x·0.75^(4-x).
func TestSplitWeightedFollowsThePrior(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	lo, hi := []int{1, 0}, []int{5, 4}
	weight := [][]float64{{0, 1, 1, 1, 1, 1}, make([]float64, 5)}
	binomialWeights(4, 0.25, 0, weight[1])
	// by hand: 81, 108, 54, 12, 1 in 256 (the weights need only be in proportion: 81 is 1)
	want := []float64{81.0 / 256, 108.0 / 256, 54.0 / 256, 12.0 / 256, 1.0 / 256}
	for x, w := range want {
		if got := weight[1][x] * want[0]; got < w-1e-12 || got > w+1e-12 {
			t.Fatalf("binomialWeights(4, 0.25) gives %v for %d, want %v in proportion to %v for 0", weight[1][x], x, w, want[0])
		}
	}
	const n = 40000
	box := make([]int, 5)
	for i := 0; i < n; i++ {
		s := make([]int, 2)
		splitWeighted(lo, hi, weight, 5, rng, s)
		if s[0] < 1 || s[1] > 4 || s[0]+s[1] != 5 {
			t.Fatalf("split %v breaks the bounds or the total", s)
		}
		box[s[1]]++
	}
	for x, w := range want {
		got := float64(box[x]) / n
		if d := got - w; d > 0.01 || d < -0.01 {
			t.Errorf("box of %d drawn %.4f of the time, want %.4f", x, got, w)
		}
	}
}
