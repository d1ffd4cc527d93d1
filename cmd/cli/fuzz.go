package cli

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"go.yaml.in/yaml/v3"

	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/core/config"
	"github.com/ruleslab/ruleslab/core/lab"
	"github.com/ruleslab/ruleslab/scripting"
	"github.com/ruleslab/ruleslab/scripting/invariant"
)

// FuzzOptions are the options of `ruleslab fuzz`.
type FuzzOptions struct {
	IO      *IO
	Game    string
	Variant string
	Games   int
	Seats   string
	Players int
	Seed    uint64
	Workers int
	Out     string
	Shrink  time.Duration
}

func newFuzzCmd(io *IO) *cobra.Command {
	opts := &FuzzOptions{IO: io}
	cmd := &cobra.Command{
		Use:   "fuzz GAME",
		Short: "Play random and greedy games checking invariants after every move; shrink a failure to a scenario",
		Long: `Play random and greedy games and check after every move that every component lies in exactly one
zone, that each seat's observation holds only what it may see (and stays the same when what it has not
seen is dealt again), that a running game has a seat to act with legal moves, and that the game ends
within its move cap (limits.max_moves, else 100,000); at the end, that replaying its moves reproduces
it. Games alternate all-random seats and greedy against random (or use --seats), over every player
count (or --players). On a failure, fuzz shrinks it (the fewest moves, the fewest players it can find
failing the same check), writes a scenario file (--out) that reproduces it with
'ruleslab run --check FILE', and exits 1.`,
		Args: exactArgs(1, "a GAME (bundled id or YAML path)"),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Game = args[0]
			return runFuzz(opts)
		},
	}
	f := cmd.Flags()
	f.StringVar(&opts.Variant, "variant", "", "a bundled variant of GAME")
	f.IntVar(&opts.Games, "games", 1000, "number of games")
	f.StringVar(&opts.Seats, "seats", "", "bots by seat, comma-separated (default: alternate all random and greedy,random)")
	f.IntVar(&opts.Players, "players", 0, "number of players (default: every count the game allows, in turn)")
	f.Uint64Var(&opts.Seed, "seed", 1, "seed: game i is seeded from it")
	f.IntVar(&opts.Workers, "workers", runtime.NumCPU(), "parallel workers")
	f.StringVar(&opts.Out, "out", "fuzz-failure.yaml", "where to write the scenario of a failure")
	f.DurationVar(&opts.Shrink, "shrink-time", 20*time.Second, "how long to look for a smaller failing case")
	return cmd
}

// fuzzPlan says which players and bots game i of a fuzz run has.
type fuzzPlan struct {
	players  []int
	seatSets [][]string
}

func (p fuzzPlan) game(i int) (int, []string) {
	players := p.players[i%len(p.players)]
	return players, cycleSeats(p.seatSets[(i/len(p.players))%len(p.seatSets)], players)
}

// fuzzWorker plays checked games; it implements lab.Worker.
type fuzzWorker struct {
	h    *scripting.Host
	e    *scripting.Engine
	plan fuzzPlan
}

func (w *fuzzWorker) Play(i int, seed uint64) core.Result {
	players, seats := w.plan.game(i)
	g := invariant.Play(w.e, players, seats, seed)
	r := core.Result{Index: i, Seed: seed, Players: players, Seats: seats, Moves: g.Moves, MoveCount: len(g.Moves)}
	if g.Violation != nil {
		r.Error = g.Violation.Error()
	}
	return r
}

func (w *fuzzWorker) Close() { w.h.Close() }

func newFuzzWorker(p *scripting.Program, plan fuzzPlan) (lab.Worker, error) {
	h := scripting.NewHost()
	e, err := p.NewEngine(h)
	if err != nil {
		h.Close()
		return nil, err
	}
	return &fuzzWorker{h: h, e: e, plan: plan}, nil
}

func runFuzz(opts *FuzzOptions) error {
	if opts.Games < 1 {
		return usagef("--games must be at least 1")
	}
	if opts.Workers < 1 {
		return usagef("--workers must be at least 1")
	}
	p, err := scripting.Load(opts.Game, opts.Variant)
	if err != nil {
		return err
	}
	cfg := p.Game.Config
	plan := fuzzPlan{}
	if opts.Players != 0 {
		if opts.Players < cfg.Players.Min || opts.Players > cfg.Players.Max {
			return usagef("--players %d: %s plays with %d..%d", opts.Players, p.Game.Name(), cfg.Players.Min, cfg.Players.Max)
		}
		plan.players = []int{opts.Players}
	} else {
		for n := cfg.Players.Min; n <= cfg.Players.Max; n++ {
			plan.players = append(plan.players, n)
		}
	}
	if opts.Seats != "" {
		seats, err := parseBots(p, opts.Seats)
		if err != nil {
			return err
		}
		plan.seatSets = [][]string{seats}
	} else {
		plan.seatSets = [][]string{{"random"}}
		if p.Bots["greedy"] != nil {
			plan.seatSets = append(plan.seatSets, []string{"greedy", "random"})
		}
	}
	defer batchGC()()
	ctx, stop := stopSignals()
	defer stop()
	name := p.Game.Name()
	batch := lab.Batch{Games: opts.Games, Seed: opts.Seed, Workers: opts.Workers,
		NewWorker: func() (lab.Worker, error) { return newFuzzWorker(p, plan) }}
	var first *core.Result
	failed, moves := 0, 0
	done, runErr := batch.Run(ctx, func(r core.Result) {
		moves += r.Length()
		if r.Error != "" {
			failed++
			if first == nil {
				first = &r
			}
		}
	})
	if first == nil {
		fmt.Fprintf(opts.IO.Out, "%s: %d games, %d moves checked: no violation\n", name, done, moves)
		if runErr != nil {
			fmt.Fprintf(opts.IO.Err, "interrupted: %d of %d games checked\n", done, opts.Games)
			return &SilentError{Code: ExitError}
		}
		return nil
	}
	fmt.Fprintf(opts.IO.Out, "%s: %d of %d games broke an invariant; the first: game %d (seed %d, %d players, seats %s), after %d moves: %s\n",
		name, failed, done, first.Index, first.Seed, first.Players, strings.Join(first.Seats, ","), len(first.Moves), first.Error)

	// Shrink: the failing game stops at its first violation, so its moves are already the fewest for
	// that deal; look for a deal with fewer players or fewer moves that fails the same check.
	best := invariant.Play(mustEngine(p), first.Players, first.Seats, first.Seed)
	if best.Violation == nil {
		return fmt.Errorf("game %d did not fail again when replayed alone: the failure depends on another game (a memo?)", first.Index)
	}
	check := best.Violation.Check
	best = shrinkFuzz(ctx, p, best, check, plan, opts)
	path, err := writeFuzzScenario(opts, best)
	if err != nil {
		return err
	}
	fmt.Fprintf(opts.IO.Out, "shrunk to %d players and %d moves: %s\n", best.Players, len(best.Moves), best.Violation.Error())
	fmt.Fprintf(opts.IO.Out, "wrote %s; reproduce it with: ruleslab run --check %s\n", path, lab.ShellQuote(path))
	return &SilentError{Code: ExitError}
}

func mustEngine(p *scripting.Program) *scripting.Engine {
	e, err := p.NewEngine(scripting.NewHost())
	if err != nil {
		panic(err) // the workers built the same engine
	}
	return e
}

// shrinkFuzz plays other deals, fewest players first, for up to opts.Shrink, and keeps the failure of
// the same check with the fewest players, then the fewest moves.
func shrinkFuzz(ctx context.Context, p *scripting.Program, best *invariant.Game, check string, plan fuzzPlan, opts *FuzzOptions) *invariant.Game {
	e := mustEngine(p)
	defer e.Host().Close()
	deadline := time.Now().Add(opts.Shrink)
	better := func(g *invariant.Game) bool {
		return g.Violation != nil && g.Violation.Check == check &&
			(g.Players < best.Players || g.Players == best.Players && len(g.Moves) < len(best.Moves))
	}
	for k := 0; time.Now().Before(deadline) && ctx.Err() == nil && k < 20000; k++ {
		players := plan.players[k%len(plan.players)]
		if players > best.Players {
			continue
		}
		seats := cycleSeats(best.Seats[:1], players)
		if k%2 == 1 {
			seats = cycleSeats(best.Seats, players)
		}
		g := invariant.Play(e, players, seats, core.GameSeed(opts.Seed^0x5eed, k))
		if better(g) {
			best = g
		}
	}
	return best
}

// writeFuzzScenario writes a scenario that replays the failing moves.
func writeFuzzScenario(opts *FuzzOptions, g *invariant.Game) (string, error) {
	path := opts.Out
	game := opts.Game
	if strings.HasSuffix(game, ".yaml") || strings.HasSuffix(game, ".yml") || strings.ContainsRune(game, os.PathSeparator) {
		// a path is relative to the scenario's folder
		abs, err := filepath.Abs(config.Locate(game))
		if err == nil && !config.IsEmbedded(abs) {
			absOut, _ := filepath.Abs(path)
			if rel, err := filepath.Rel(filepath.Dir(absOut), abs); err == nil {
				game = rel
			} else {
				game = abs
			}
		}
	}
	sc := struct {
		Game    string   `yaml:"game"`
		Variant string   `yaml:"variant,omitempty"`
		Players int      `yaml:"players"`
		Seed    uint64   `yaml:"seed"`
		Moves   []string `yaml:"moves,flow"`
	}{game, opts.Variant, g.Players, g.Seed, g.Moves}
	data, err := yaml.Marshal(sc)
	if err != nil {
		return "", err
	}
	head := fmt.Sprintf("# found by ruleslab fuzz (seats %s): %s\n# reproduce: ruleslab run --check %s\n",
		strings.Join(g.Seats, ","), strings.ReplaceAll(g.Violation.Error(), "\n", " "), path)
	return path, os.WriteFile(path, append([]byte(head), data...), 0o644)
}
