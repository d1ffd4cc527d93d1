package lab

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ruleslab/ruleslab/scripting"
)

// The one rule for the number of players of a seat list: --players when given, else as many as listed
// when the game allows that many, else the game's default.
func TestSeatedPlayers(t *testing.T) {
	simino, err := scripting.Load("simino", "") // 2..4 players, 3 by default
	require.NoError(t, err)
	for _, c := range []struct {
		flag, listed, want int
	}{
		{0, 2, 2}, // `--seats greedy,random`: a two-player game
		{0, 4, 4},
		{0, 1, 3}, // one seat listed: too few, the default, the list cycled
		{0, 5, 3}, // too many: the default (the count is then checked against the seats)
		{3, 2, 3}, // --players wins
	} {
		assert.Equal(t, c.want, SeatedPlayers(simino, c.flag, 3, c.listed), "flag %d, %d listed", c.flag, c.listed)
	}
}
