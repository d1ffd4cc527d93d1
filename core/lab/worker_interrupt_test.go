package lab

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ruleslab/ruleslab/core"
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

// A signal that stops a game's stats hook (run after its last move) marks the game interrupted, as
// one that stops a move does: it is played again on --resume, never saved as a failed game.
func TestInterruptDuringStatsIsNotAFailure(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "spin.yaml"), []byte("extends: mimic-taking\noverrides: [spin.lua]\n"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "spin.lua"), []byte("function stats(g)\n  while true do end\nend\n"), 0o644))
	o := &CompareOptions{Game: "mimic-taking", Variants: []string{filepath.Join(dir, "spin.yaml")}, Games: 1, Seed: 1, Seats: "random"}
	runs, players, err := loadRuns(o)
	require.NoError(t, err)
	w, err := NewEngineWorker(runs[0].Bots, players, runs[0].Seats, false)
	require.NoError(t, err)
	defer w.Close()
	done := make(chan core.Result)
	go func() { done <- w.Play(0, core.GameSeed(1, 0)) }()
	time.Sleep(100 * time.Millisecond) // the game's moves take a millisecond: the stats hook is spinning
	w.Interrupt()
	r := <-done
	require.NotEmpty(t, r.Error)
	assert.True(t, r.Interrupted, "%s", r.Error)
}
