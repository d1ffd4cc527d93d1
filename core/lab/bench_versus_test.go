package lab

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// A round plays enough games to last about half a second with the seats, within one and the bench's.
func TestVersusGames(t *testing.T) {
	for _, c := range []struct {
		games       int
		gamesPerSec float64
		want        int
	}{
		{200, 4000, 200}, // fast games: all of them
		{200, 100, 50},   // half a second's
		{200, 0.5, 1},    // a game longer than the run: one
		{3, 100, 3},
	} {
		rep := &BenchReport{Games: c.games, GamesPerSec: c.gamesPerSec}
		require.Equal(t, c.want, rep.versusGames(), "%d games at %v/s", c.games, c.gamesPerSec)
	}
}

func TestAllRandom(t *testing.T) {
	require.True(t, allRandom([]string{"random", "random"}))
	require.False(t, allRandom([]string{"random", "greedy"}))
	require.False(t, allRandom([]string{"lua:random.lua"}))
}
