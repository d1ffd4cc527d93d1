package core

import (
	"math/bits"
	"math/rand/v2"
)

// The game's generator is a PCG stored in the state by value, so a clone copies it with no allocation.
// These follow math/rand/v2's Rand methods exactly (same draws for the same seed) without a *rand.Rand.

// Random returns an integer in [0, n) from the game's seeded generator.
func (s *State) Random(n int) int {
	if n < 1 {
		return 0
	}
	return int(uint64n(&s.pcg, uint64(n)))
}

// Float returns a float in [0, 1) from the game's seeded generator.
func (s *State) Float() float64 { return float64(s.pcg.Uint64()<<11>>11) / (1 << 53) }

// Reseed replaces the game's generator: a search bot's sampled world must not know the true future draws.
func (s *State) Reseed(a, b uint64) { s.pcg = *rand.NewPCG(a, b) }

func uint64n(src *rand.PCG, n uint64) uint64 {
	if n&(n-1) == 0 {
		return src.Uint64() & (n - 1)
	}
	hi, lo := bits.Mul64(src.Uint64(), n)
	if lo < n {
		thresh := -n % n
		for lo < thresh {
			hi, lo = bits.Mul64(src.Uint64(), n)
		}
	}
	return hi
}
