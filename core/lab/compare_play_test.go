package lab

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ruleslab/ruleslab/core"
)

// A paired worker plays game i under every variant exactly as a worker of that variant alone plays it
// (so the variant's game of sim's pair is the game sim plays without its base).
func TestPairedWorkerPlaysEachVariantsGame(t *testing.T) {
	o := &CompareOptions{Game: "mimic-taking", Variants: []string{"base", "face-up"}, Games: 4, Seed: 3, Seats: "greedy,random"}
	runs, players, err := loadRuns(o)
	require.NoError(t, err)
	c := newCompareResult(o, runs, players)
	w, err := c.newPairedWorker()
	require.NoError(t, err)
	defer w.Close()
	for _, i := range []int{2, 0, 3} {
		seed := core.GameSeed(o.Seed, i)
		g := w.Play(i, seed)
		require.Len(t, g.games, 2)
		assert.Equal(t, i, g.index)
		for k, v := range runs {
			alone, err := NewEngineWorker(v.Bots, players, v.Seats, false)
			require.NoError(t, err)
			want := alone.Play(i, seed)
			alone.Close()
			assert.Equal(t, want, g.games[k], "game %d of %s", i, v.Name)
		}
	}
}
