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

// compare follows the same rule for every variant: the first variant's count (from --players or the
// seats listed) holds for the later ones, whose seats are cycled to it (a later variant used to fall
// back to the game's default, so `compare simino --seats greedy,random` failed every game with an
// index out of range, and --players was ignored).
func TestCompareSeatsEveryVariantAlike(t *testing.T) {
	for _, c := range []struct {
		players int
		seats   string
		want    int
	}{
		{0, "greedy,random", 2},
		{3, "greedy,random", 3},
		{2, "greedy", 2},
		{0, "greedy", 3},
	} {
		runs, players, err := loadRuns(&CompareOptions{Game: "simino", Variants: []string{"base", "whites", "blacks"}, Players: c.players, Seats: c.seats})
		require.NoError(t, err)
		assert.Equal(t, c.want, players, "--players %d --seats %s", c.players, c.seats)
		for _, r := range runs {
			assert.Len(t, r.Seats, c.want, "%s: --players %d --seats %s", r.Name, c.players, c.seats)
		}
	}
}
