package report

import (
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/ruleslab/ruleslab/core/lab"
)

// BenchText writes the figures and where the time goes.
func BenchText(out io.Writer, rep *lab.BenchReport) error {
	fmt.Fprintf(out, "%s, %d players, %d games (%d moves) on one core\n", rep.Game, rep.Players, rep.Games, rep.Moves)
	fmt.Fprintf(out, "per move: %.2f µs, %.1f allocations, %.0f bytes\n", rep.MicrosPerMove, rep.AllocsPerMove, rep.BytesPerMove)
	if rep.CPUMicrosPerMove > 0 {
		fmt.Fprintf(out, "CPU time per move: %.2f µs (the thread that played; a loaded machine inflates the wall time)\n", rep.CPUMicrosPerMove)
	}
	fmt.Fprintf(out, "per game: %.1f µs (%.0f games/s)\n", 1e6/rep.GamesPerSec, rep.GamesPerSec)
	if rep.VersusRandom > 0 {
		fmt.Fprintf(out, "against random seats: %.2fx the time per move (random seats: %.2f µs; the fastest of %d runs each of %d games, in turn)\n",
			rep.VersusRandom, rep.RandomMicrosPerMove, rep.VersusRounds, rep.VersusGames)
	}
	fmt.Fprintf(out, "resample of a mid-game state (a search's determinisation): %.2f µs, %.1f allocations\n", rep.Resample.Micros, rep.Resample.Allocs)
	if rep.Search.Iterations > 0 {
		fmt.Fprintf(out, "ismcts (the game's defaults) from there: %.0f iterations/s", rep.Search.IterationsSec)
		if rep.Search.CPUIterationsSec > 0 {
			fmt.Fprintf(out, " (%.0f per CPU second)", rep.Search.CPUIterationsSec)
		}
		fmt.Fprintln(out)
	}
	if rep.Workers > 1 {
		fmt.Fprintf(out, "%d workers: %.0f games/s, %.2fx one worker (the fastest of %d runs each of %d games, in turn)\n",
			rep.Workers, rep.WorkersSpeed, rep.Speedup, rep.WorkersRounds, rep.WorkersGames)
		if rep.WorkersCPU > 0 {
			fmt.Fprintf(out, "their CPU time: %.2fx one worker's (near 1: a speed-up short of %d is the machine's)\n",
				rep.WorkersCPU, rep.Workers)
		}
	}
	// Where the time goes: Lua hooks (and Lua bots) by name, so designers see what a hook costs.
	tw := tabwriter.NewWriter(out, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "LUA HOOK\tCALLS/GAME\tµs/CALL\tWORK/CALL\tSHARE OF TIME")
	for _, h := range rep.Hooks {
		fmt.Fprintf(tw, "%s\t%.1f\t%.2f\t%.0f\t%.1f%%\n", h.Hook, h.CallsPerGame, h.MicrosPerCal, h.WorkPerCall, 100*h.Share)
	}
	return tw.Flush()
}
