package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"runtime"
	"sort"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/core/lab"
	"github.com/ruleslab/ruleslab/scripting"
)

// BenchOptions are the options of `ruleslab bench`.
type BenchOptions struct {
	IO      *IO
	Game    string
	Variant string
	Games   int
	Players int
	Seats   string
	Workers int
	JSON    bool
}

func newBenchCmd(io *IO) *cobra.Command {
	opts := &BenchOptions{IO: io}
	cmd := &cobra.Command{
		Use:   "bench GAME",
		Short: "Measure a game's speed: time and allocations per move, per hook, per clone, per worker",
		Long: `Plays whole games on one core and prints the time and allocations per move, where the time goes
(each Lua hook and Lua bot), the cost of a search bot's determinisation (Clone + Resample of a
mid-game state), and with --workers N the speed-up of N workers over one.`,
		Example: `  ruleslab bench mimic-taking --games 300
  ruleslab bench mimic-taking --seats greedy
  ruleslab bench simino --variant whites --workers 2 --json`,
		Args: exactArgs(1, "a GAME (bundled id or YAML path)"),
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
	f.IntVar(&opts.Workers, "workers", 1, "also play the games on this many workers and report the speed-up")
	f.BoolVar(&opts.JSON, "json", false, "print the figures as JSON")
	return cmd
}

// BenchReport is what bench measured.
type BenchReport struct {
	Game          string         `json:"game"`
	Players       int            `json:"players"`
	Seats         []string       `json:"seats"`
	Games         int            `json:"games"`
	Moves         int            `json:"moves"`
	MicrosPerMove float64        `json:"us_per_move"`
	AllocsPerMove float64        `json:"allocs_per_move"`
	BytesPerMove  float64        `json:"bytes_per_move"`
	GamesPerSec   float64        `json:"games_per_second"`
	Hooks         []HookReport   `json:"hooks"`
	Resample      ResampleReport `json:"clone_resample"`
	Workers       int            `json:"workers,omitempty"`
	WorkersSpeed  float64        `json:"workers_games_per_second,omitempty"`
	Speedup       float64        `json:"speedup,omitempty"`
}

// HookReport is one hook's measured cost.
type HookReport struct {
	Hook         string  `json:"hook"`
	CallsPerGame float64 `json:"calls_per_game"`
	MicrosPerCal float64 `json:"us_per_call"`
	Share        float64 `json:"share"`
}

// ResampleReport is the cost of one Clone + Resample of a mid-game state.
type ResampleReport struct {
	Micros float64 `json:"us"`
	Allocs float64 `json:"allocs"`
}

func runBench(opts *BenchOptions) error {
	if opts.Games < 1 {
		return usagef("--games must be at least 1")
	}
	if opts.Workers < 1 {
		return usagef("--workers must be at least 1")
	}
	p, players, err := loadGame(opts.Game, opts.Variant, opts.Players)
	if err != nil {
		return err
	}
	seats, err := parseBots(p, opts.Seats)
	if err != nil {
		return err
	}
	seats = cycleSeats(seats, players)
	defer batchGC()()
	w, err := p.NewWorker(players, seats, false)
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
	rep := BenchReport{Game: p.Game.Name(), Players: players, Seats: seats, Games: opts.Games, Moves: moves,
		MicrosPerMove: float64(elapsed.Nanoseconds()) / float64(moves) / 1000,
		AllocsPerMove: float64(after.Mallocs-before.Mallocs) / float64(moves),
		BytesPerMove:  float64(after.TotalAlloc-before.TotalAlloc) / float64(moves),
		GamesPerSec:   float64(opts.Games) / elapsed.Seconds()}
	names := make([]string, 0, len(w.H.Profile))
	for n := range w.H.Profile {
		names = append(names, n)
	}
	sort.Slice(names, func(i, j int) bool { return w.H.Profile[names[i]].Time > w.H.Profile[names[j]].Time })
	for _, n := range names {
		c := w.H.Profile[n]
		rep.Hooks = append(rep.Hooks, HookReport{Hook: n, CallsPerGame: float64(c.Calls) / float64(opts.Games),
			MicrosPerCal: float64(c.Time.Nanoseconds()) / float64(c.Calls) / 1000, Share: float64(c.Time) / float64(elapsed)})
	}
	w.H.Profile = nil
	if rep.Resample, err = benchResample(w, players); err != nil {
		return err
	}
	if opts.Workers > 1 {
		batch := lab.Batch{Games: opts.Games, Seed: 1, Workers: opts.Workers, NewWorker: func() (lab.Worker, error) {
			return p.NewWorker(players, seats, false)
		}}
		start := time.Now()
		if _, err := batch.Run(context.Background(), func(core.Result) {}); err != nil {
			return err
		}
		rep.Workers = opts.Workers
		rep.WorkersSpeed = float64(opts.Games) / time.Since(start).Seconds()
		rep.Speedup = rep.WorkersSpeed / rep.GamesPerSec
	}
	if opts.JSON {
		enc := json.NewEncoder(opts.IO.Out)
		enc.SetIndent("", "  ")
		return enc.Encode(rep)
	}
	out := opts.IO.Out
	fmt.Fprintf(out, "%s, %d players, %d games (%d moves) on one core\n", rep.Game, players, opts.Games, moves)
	fmt.Fprintf(out, "per move: %.2f µs, %.1f allocations, %.0f bytes\n", rep.MicrosPerMove, rep.AllocsPerMove, rep.BytesPerMove)
	fmt.Fprintf(out, "per game: %.1f µs (%.0f games/s)\n", 1e6/rep.GamesPerSec, rep.GamesPerSec)
	fmt.Fprintf(out, "clone + resample of a mid-game state: %.2f µs, %.1f allocations\n", rep.Resample.Micros, rep.Resample.Allocs)
	if rep.Workers > 1 {
		fmt.Fprintf(out, "%d workers: %.0f games/s, %.2fx one worker\n", rep.Workers, rep.WorkersSpeed, rep.Speedup)
	}
	// Where the time goes: Lua hooks (and Lua bots) by name, so designers see what a hook costs.
	tw := tabwriter.NewWriter(out, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "LUA HOOK\tCALLS/GAME\tµs/CALL\tSHARE OF TIME")
	for _, h := range rep.Hooks {
		fmt.Fprintf(tw, "%s\t%.1f\t%.2f\t%.1f%%\n", h.Hook, h.CallsPerGame, h.MicrosPerCal, 100*h.Share)
	}
	return tw.Flush()
}

// benchResample measures what a search bot pays per determinisation: Clone + Resample of a state a
// third of the way into a random game, for the seat to act.
func benchResample(w *scripting.Worker, players int) (ResampleReport, error) {
	s, err := w.E.NewState(players, core.GameSeed(2, 0), core.Options{NoHistory: true})
	if err != nil {
		return ResampleReport{}, err
	}
	full := s.Clone()
	rng := rand.New(rand.NewPCG(1, 2))
	n := 0
	for !full.Over() {
		if err := full.ApplyIndex(w.E, rng.IntN(len(full.Legal()))); err != nil {
			return ResampleReport{}, err
		}
		n++
	}
	for i := 0; i < n/3 && !s.Over(); i++ {
		if err := s.ApplyIndex(w.E, rng.IntN(len(s.Legal()))); err != nil {
			return ResampleReport{}, err
		}
	}
	seat := max(s.ToAct(), 0)
	const reps = 20000
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	start := time.Now()
	for i := 0; i < reps; i++ {
		_ = s.Resample(seat, rng)
	}
	el := time.Since(start)
	runtime.ReadMemStats(&after)
	return ResampleReport{Micros: float64(el.Nanoseconds()) / reps / 1000, Allocs: float64(after.Mallocs-before.Mallocs) / reps}, nil
}
