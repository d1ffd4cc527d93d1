package report

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/ruleslab/ruleslab/core/lab"
)

// BenchText's lines on workers: the speed-up of the fastest runs and how many games each played, and
// the CPU-time ratio only when the system told it.
func TestBenchTextWorkers(t *testing.T) {
	rep := &lab.BenchReport{Game: "zoomies", Players: 4, Games: 4, Moves: 200, MicrosPerMove: 3, GamesPerSec: 8000,
		Workers: 2, WorkersRounds: 3, WorkersGames: 8000, WorkersSpeed: 14400, Speedup: 1.8, WorkersCPU: 1.04}
	var out bytes.Buffer
	require.NoError(t, BenchText(&out, rep))
	require.Contains(t, out.String(), "\n2 workers: 14400 games/s, 1.80x one worker (the fastest of 3 runs each of 8000 games, in turn)\n"+
		"their CPU time: 1.04x one worker's (near 1: a speed-up short of 2 is the machine's)\n")

	rep.WorkersCPU = 0
	out.Reset()
	require.NoError(t, BenchText(&out, rep))
	require.Contains(t, out.String(), "in turn)\n")
	require.NotContains(t, out.String(), "their CPU time")

	rep.Workers = 1
	out.Reset()
	require.NoError(t, BenchText(&out, rep))
	require.NotContains(t, out.String(), "workers:")
}

// BenchText's line against random seats: shown when bench measured it (a seat was not random).
func TestBenchTextVersusRandom(t *testing.T) {
	rep := &lab.BenchReport{Game: "jiji", Players: 4, Games: 200, Moves: 9690, MicrosPerMove: 16, GamesPerSec: 1200,
		VersusRandom: 4.25, RandomMicrosPerMove: 3.1, VersusRounds: 3, VersusGames: 200}
	var out bytes.Buffer
	require.NoError(t, BenchText(&out, rep))
	require.Contains(t, out.String(), "\nagainst random seats: 4.25x the time per move (random seats: 3.10 µs; the fastest of 3 runs each of 200 games, in turn)\n")

	rep.VersusRandom = 0
	out.Reset()
	require.NoError(t, BenchText(&out, rep))
	require.NotContains(t, out.String(), "against random")
}

// BenchText's table of Lua hooks: each hook's calls per game, time and work per call (rounded to a
// unit) and share of the time, in the order given.
func TestBenchTextHooks(t *testing.T) {
	rep := &lab.BenchReport{Game: "mimic-taking", Players: 4, Games: 200, Moves: 35870, MicrosPerMove: 8.76, GamesPerSec: 637,
		Hooks: []lab.HookReport{
			{Hook: "bot greedy choose", CallsPerGame: 88.9, MicrosPerCal: 12.15, WorkPerCall: 420.6, Share: 0.688},
			{Hook: "on_move", CallsPerGame: 35.4, MicrosPerCal: 6.35, WorkPerCall: 133, Share: 0.143},
		}}
	var out bytes.Buffer
	require.NoError(t, BenchText(&out, rep))
	require.Contains(t, out.String(), "\nLUA HOOK           CALLS/GAME  µs/CALL  WORK/CALL  SHARE OF TIME\n"+
		"bot greedy choose  88.9        12.15    421        68.8%\n"+
		"on_move            35.4        6.35     133        14.3%\n")
}
