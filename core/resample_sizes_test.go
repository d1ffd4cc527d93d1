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
