package lab

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ruleslab/ruleslab/core"
)

// A paired worker plays game i under every variant, except a variant's game it is given (a sim's own
// games, compared with its base), which it takes as it is.
func TestPairedWorkerTakesKnownGames(t *testing.T) {
	o := &CompareOptions{Game: "mimic-taking", Variants: []string{"base", "face-up"}, Games: 4, Seed: 3, Seats: "random"}
	runs, players, err := loadRuns(o)
	require.NoError(t, err)
	c := newCompareResult(o, runs, players)
	w, err := c.newPairedWorker()
	require.NoError(t, err)
	defer w.Close()
	seed := core.GameSeed(o.Seed, 2)
	played := w.Play(2, seed)
	require.Len(t, played.games, 2)

	kept := core.Result{Index: 2, Seed: seed, Players: players, Totals: []int{1, 2, 3, 4}, MoveCount: 7}
	w.known = func(k, i int) (core.Result, bool) { return kept, k == 1 && i == 2 }
	g := w.Play(2, seed)
	require.Len(t, g.games, 2)
	assert.Equal(t, played.games[0].Totals, g.games[0].Totals, "the base is played as before")
	assert.Equal(t, kept, g.games[1], "the variant's known game is taken, not played")
	other := w.Play(1, core.GameSeed(o.Seed, 1))
	assert.NotEqual(t, kept.Totals, other.games[1].Totals, "a game it is not given is played")
	assert.Equal(t, 1, other.games[1].Index)
}
