package lab

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ruleslab/ruleslab/core/coverage"
)

// A worker whose games are counted for coverage (sim --coverage) passes a signal on to the game it is
// playing, as a worker without coverage does: the batch finds it an Interrupter.
func TestCoverageWorkerPassesInterruptsOn(t *testing.T) {
	o := &CompareOptions{Game: "mimic-taking", Variants: []string{"base"}, Games: 1, Seed: 1, Seats: "random"}
	runs, players, err := loadRuns(o)
	require.NoError(t, err)
	w, err := NewEngineWorker(runs[0].Bots, players, runs[0].Seats, false)
	require.NoError(t, err)
	defer w.Close()
	var counted Worker = coverage.New().Worker(w)
	i, ok := counted.(Interrupter)
	require.True(t, ok, "a counted worker is an Interrupter")
	i.Interrupt()
	assert.True(t, w.H.Interrupted(), "the interrupt reached the worker's host")
}
