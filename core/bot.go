package core

import "math/rand/v2"

// Bot chooses a move for a seat. It may read only s.Observe(seat): the state itself is handed over so
// that search bots can clone it, never so that a bot can peek.
type Bot interface {
	Choose(s *State, seat int, legal []string) (string, error)
}

// RandomBot picks uniformly among the legal moves with its own generator, so it never shifts the game's
// random draws.
type RandomBot struct{ rng *rand.Rand }

// NewRandomBot seeds a random bot.
func NewRandomBot(seed uint64) *RandomBot {
	return &RandomBot{rng: rand.New(rand.NewPCG(seed, 0xb07))}
}

// Choose implements Bot.
func (b *RandomBot) Choose(_ *State, _ int, legal []string) (string, error) {
	return legal[b.rng.IntN(len(legal))], nil
}

// Mix derives independent seeds (a splitmix64 step), e.g. one per game of a batch or per seat.
func Mix(seed uint64, salt uint64) uint64 {
	z := seed + 0x9e3779b97f4a7c15*(salt+1)
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}
