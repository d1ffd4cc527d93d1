package core

import (
	"math/rand/v2"
	"testing"
)

// A random bot is one allocation, and draws what a bot on rand.New(rand.NewPCG(seed, 0xb07)) draws.
func TestRandomBotDrawsAsItsPCG(t *testing.T) {
	if n := testing.AllocsPerRun(20, func() { NewRandomBot(7) }); n != 1 {
		t.Errorf("%v allocations per random bot", n)
	}
	b, want := NewRandomBot(42), rand.New(rand.NewPCG(42, 0xb07))
	for n := 1; n < 200; n++ {
		if got, w := b.rng.IntN(n), want.IntN(n); got != w {
			t.Fatalf("draw %d: %d, want %d", n, got, w)
		}
	}
}
