package core

import (
	"fmt"
	"math/rand/v2"
)

// Bot chooses a move for the seat its view belongs to: it returns an index into the view's legal moves.
// It sees the game only through the view (an observation and samples of what it has not seen).
type Bot interface {
	Choose(v View) (int, error)
}

// RandomBot picks uniformly among the legal moves with its own generator, so it never shifts the game's
// random draws.
// Its generator and source live in the bot itself: one allocation per bot (seats get new bots every
// game), not three.
type RandomBot struct {
	src rand.PCG
	rng rand.Rand
}

// NewRandomBot seeds a random bot.
func NewRandomBot(seed uint64) *RandomBot {
	b := &RandomBot{}
	b.src.Seed(seed, 0xb07)
	b.rng = *rand.New(&b.src)
	return b
}

// Choose implements Bot.
func (b *RandomBot) Choose(v View) (int, error) {
	n := v.NumLegal()
	if n == 0 {
		return 0, fmt.Errorf("no legal move")
	}
	return b.rng.IntN(n), nil
}

// Mix derives independent seeds (a splitmix64 step), e.g. one per game of a batch or per seat.
func Mix(seed uint64, salt uint64) uint64 {
	z := seed + 0x9e3779b97f4a7c15*(salt+1)
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}
