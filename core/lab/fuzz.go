package lab

import (
	"context"
	"fmt"
	"os"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/core/bots"
	"github.com/ruleslab/ruleslab/core/invariant"
	"github.com/ruleslab/ruleslab/scripting"
)

// FuzzOptions are the options of a fuzz run: random and greedy games checked against the invariants.
type FuzzOptions struct {
	Game     string
	Variant  string
	Games    int
	Seats    string // "": alternate all random and greedy,random
	Players  int    // 0: every count the game allows, in turn
	Seed     uint64
	Workers  int
	Scenario string        // where to write the scenario of a failure
	Shrink   time.Duration // how long to look for a smaller failing case
	ResultsOptions
	Progress Progress
}

// FuzzResult is what a fuzz run found.
type FuzzResult struct {
	Name        string // the game's name
	Games       int    // planned
	Done        int    // checked
	Moves       int
	Failed      int
	Interrupted bool
	First       *core.Result      // the first failing game
	Shrunk      *invariant.Record // the smallest failure found
	Path        string            // the scenario written
	Out         string            // the results file, if any
}

// fuzzPlan says which players and bots game i of a fuzz run has.
type fuzzPlan struct {
	players  []int
	seatSets [][]string
}

func (p fuzzPlan) game(i int) (int, []string) {
	players := p.players[i%len(p.players)]
	return players, CycleSeats(p.seatSets[(i/len(p.players))%len(p.seatSets)], players)
}

// fuzzWorker plays checked games; it implements Worker.
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
		r.Interrupted = w.h.Interrupted() // a game the interruption stopped broke no invariant
	}
	return r
}

func (w *fuzzWorker) Close() { w.h.Close() }

// Interrupt implements Interrupter: the game in progress stops (its hooks, searches and bots).
func (w *fuzzWorker) Interrupt() { w.h.Interrupt() }

func newFuzzWorker(p *scripting.Program, plan fuzzPlan) (Worker, error) {
	h := scripting.NewHost()
	e, err := p.NewEngine(h)
	if err != nil {
		h.Close()
		return nil, err
	}
	return &fuzzWorker{h: h, e: e, plan: plan}, nil
}

// Fuzz plays the games checking the invariants; on a failure it shrinks it and writes a scenario that
// reproduces it. It returns the result so far with an error if the failure cannot be shrunk or written.
func Fuzz(ctx context.Context, o *FuzzOptions) (*FuzzResult, error) {
	p, err := scripting.Load(o.Game, o.Variant)
	if err != nil {
		return nil, usageIfBadName(err) // a mistyped game or variant is a usage error, as in every command
	}
	plan, err := planFuzz(o, p)
	if err != nil {
		return nil, err
	}
	if err := CheckOutputs(GameInputs(p, nil), map[string]string{"--out": o.Out, "--scenario": o.Scenario}); err != nil {
		return nil, err
	}
	defer TuneGC()()
	res := &FuzzResult{Name: p.Game.Name(), Games: o.Games}
	if err := res.play(ctx, o, p, plan); err != nil {
		return nil, err
	}
	if res.First == nil {
		return res, nil
	}
	// Shrink: the failing game stops at its first violation, so its moves are already the fewest for
	// that deal; look for a deal with fewer players or fewer moves that fails the same check.
	first := res.First
	best := invariant.Play(mustEngine(p), first.Players, first.Seats, first.Seed)
	if best.Violation == nil {
		return res, fmt.Errorf("game %d did not fail again when replayed alone: the failure depends on another game (a memo?)", first.Index)
	}
	res.Shrunk = shrinkFuzz(ctx, p, best, best.Violation.Check, plan, o)
	res.Path, err = writeFuzzScenario(o, res.Shrunk)
	return res, err
}

// planFuzz works out the player counts and seats the games cycle through.
func planFuzz(o *FuzzOptions, p *scripting.Program) (fuzzPlan, error) {
	cfg := p.Game.Config
	plan := fuzzPlan{}
	if o.Players != 0 {
		if err := checkPlayers(p, o.Players); err != nil {
			return plan, err
		}
		plan.players = []int{o.Players}
	} else {
		for n := cfg.Players.Min; n <= cfg.Players.Max; n++ {
			plan.players = append(plan.players, n)
		}
	}
	if o.Seats != "" {
		seats, err := Seats(bots.For(p, bots.ExtOptions{}), o.Seats)
		if err != nil {
			return plan, err
		}
		plan.seatSets = [][]string{seats}
	} else {
		plan.seatSets = [][]string{{"random"}}
		if p.Bots["greedy"] != nil {
			plan.seatSets = append(plan.seatSets, []string{"greedy", "random"})
		}
	}
	return plan, nil
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
func shrinkFuzz(ctx context.Context, p *scripting.Program, best *invariant.Record, check string, plan fuzzPlan, opts *FuzzOptions) *invariant.Record {
	e := mustEngine(p)
	defer e.Host().Close()
	deadline := time.Now().Add(opts.Shrink)
	better := func(g *invariant.Record) bool {
		return g.Violation != nil && g.Violation.Check == check &&
			(g.Players < best.Players || g.Players == best.Players && len(g.Moves) < len(best.Moves))
	}
	for k := 0; time.Now().Before(deadline) && ctx.Err() == nil && k < 20000; k++ {
		players := plan.players[k%len(plan.players)]
		if players > best.Players {
			continue
		}
		seats := CycleSeats(best.Seats[:1], players)
		if k%2 == 1 {
			seats = CycleSeats(best.Seats, players)
		}
		g := invariant.Play(e, players, seats, core.GameSeed(opts.Seed^0x5eed, k))
		if better(g) {
			best = g
		}
	}
	return best
}

// writeFuzzScenario writes a scenario that replays the failing moves.
func writeFuzzScenario(opts *FuzzOptions, g *invariant.Record) (string, error) {
	path := opts.Scenario
	game, variant := relativeTo(path, opts.Game), relativeTo(path, opts.Variant)
	sc := struct {
		Game    string   `yaml:"game"`
		Variant string   `yaml:"variant,omitempty"`
		Players int      `yaml:"players"`
		Seed    uint64   `yaml:"seed"`
		Moves   []string `yaml:"moves,flow"`
	}{game, variant, g.Players, g.Seed, g.Moves}
	data, err := yaml.Marshal(sc)
	if err != nil {
		return "", err
	}
	head := fmt.Sprintf("# found by ruleslab fuzz (seats %s): %s\n# reproduce: ruleslab run --check %s\n",
		strings.Join(g.Seats, ","), strings.ReplaceAll(g.Violation.Error(), "\n", " "), path)
	return path, os.WriteFile(path, append([]byte(head), data...), 0o644)
}
