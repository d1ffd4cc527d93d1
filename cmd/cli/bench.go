package cli

import (
	"fmt"
	"runtime"
	"sort"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"ruleslab/core"
	"ruleslab/scripting"
)

// BenchOptions are the options of `ruleslab bench`.
type BenchOptions struct {
	IO      *IO
	Game    string
	Variant string
	Games   int
	Players int
	Seats   string
}

func newBenchCmd(io *IO) *cobra.Command {
	opts := &BenchOptions{IO: io}
	cmd := &cobra.Command{
		Use:   "bench GAME",
		Short: "Measure a game's speed on one core: moves per second, time and allocations per move",
		Args:  exactArgs(1, "a GAME (bundled id or YAML path)"),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Game = args[0]
			return runBench(opts)
		},
	}
	f := cmd.Flags()
	f.StringVar(&opts.Variant, "variant", "", "a bundled variant of GAME")
	f.IntVar(&opts.Games, "games", 200, "games to play")
	f.IntVar(&opts.Players, "players", 0, "number of players (default: the game's)")
	f.StringVar(&opts.Seats, "seats", "random", "bots by seat")
	return cmd
}

func runBench(opts *BenchOptions) error {
	p, players, err := loadGame(opts.Game, opts.Variant, opts.Players)
	if err != nil {
		return err
	}
	seats, err := parseBots(p, opts.Seats)
	if err != nil {
		return err
	}
	defer batchGC()()
	w, err := p.NewWorker(players, cycleSeats(seats, players), false)
	if err != nil {
		return err
	}
	defer w.Close()
	// one warm-up game, so the measure excludes first-use costs
	if r := w.Play(0, core.GameSeed(1, 0)); r.Error != "" {
		return fmt.Errorf("%s", r.Error)
	}
	w.H.Profile = map[string]*scripting.HookCost{}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	start := time.Now()
	moves := 0
	for i := 0; i < opts.Games; i++ {
		r := w.Play(i, core.GameSeed(1, i))
		if r.Error != "" {
			return fmt.Errorf("%s", r.Error)
		}
		moves += r.Length()
	}
	elapsed := time.Since(start)
	runtime.ReadMemStats(&after)
	fmt.Fprintf(opts.IO.Out, "%s, %d players, %d games (%d moves) on one core\n", p.Game.Name(), players, opts.Games, moves)
	fmt.Fprintf(opts.IO.Out, "per move: %.2f µs, %.1f allocations, %.0f bytes\n",
		float64(elapsed.Nanoseconds())/float64(moves)/1000, float64(after.Mallocs-before.Mallocs)/float64(moves),
		float64(after.TotalAlloc-before.TotalAlloc)/float64(moves))
	fmt.Fprintf(opts.IO.Out, "per game: %.1f µs (%.0f games/s)\n", float64(elapsed.Microseconds())/float64(opts.Games),
		float64(opts.Games)/elapsed.Seconds())
	// Where the time goes: Lua hooks (and Lua bots) by name, so designers see what a hook costs.
	names := make([]string, 0, len(w.H.Profile))
	for n := range w.H.Profile {
		names = append(names, n)
	}
	sort.Slice(names, func(i, j int) bool { return w.H.Profile[names[i]].Time > w.H.Profile[names[j]].Time })
	tw := tabwriter.NewWriter(opts.IO.Out, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "LUA HOOK\tCALLS/GAME\tµs/CALL\tSHARE OF TIME")
	for _, n := range names {
		c := w.H.Profile[n]
		fmt.Fprintf(tw, "%s\t%.1f\t%.2f\t%.1f%%\n", n, float64(c.Calls)/float64(opts.Games),
			float64(c.Time.Nanoseconds())/float64(c.Calls)/1000, 100*float64(c.Time)/float64(elapsed))
	}
	return tw.Flush()
}
