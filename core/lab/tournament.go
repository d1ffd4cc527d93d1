package lab

import (
	"context"
	"fmt"
	"math"
	"os"
	"strings"

	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/core/bots"
	"github.com/ruleslab/ruleslab/core/search"
	"github.com/ruleslab/ruleslab/core/stats"
	"github.com/ruleslab/ruleslab/scripting"
)

// TournamentOptions are the options of a tournament: bots against each other in every seat.
type TournamentOptions struct {
	Game    string
	Variant string
	Bots    string // the bots, comma-separated
	Games   int    // rounded up to whole passes over the seatings
	Players int
	Seed    uint64
	Workers int
	ResultsOptions
	Log    string // write every game to this JSON-lines file
	Ladder bool   // play the first bot (ismcts) at doubling budgets, each against the previous
	Rungs  int
	Boot   int    // bootstrap resamples for the rating intervals
	Report string // written by the caller; checked with the other outputs before the first game
	Ext    bots.ExtOptions

	Progress Progress
	// Planned, if set, hears the games a tournament (or a rung) will play before it plays them.
	Planned func(games, seatings int)
	// Played, if set, hears each tournament (or rung) once played.
	Played func(run *TournamentRun)
}

// TournamentStatus tells how a tournament ended.
type TournamentStatus int

const (
	Complete    TournamentStatus = iota // every game played
	GamesFailed                         // some games failed: reported, but the command fails
	Stopped                             // interrupted: what finished is reported, later rungs are not played
	NothingDone                         // every game failed, or none finished: nothing to report
)

// TournamentRun is one tournament (or one rung of a ladder).
type TournamentRun struct {
	Rung     int    // from 1, on a ladder
	Name     string // on a ladder, "strong vs weak"
	Strong   string
	Weak     string
	Report   stats.TournamentReport
	Games    int      // planned
	Done     int      // finished (in order) when interrupted
	Left     int      // when interrupted: the games of the batch (every rung, this shard) not yet played
	Failures Failures // the failed games: how many, the first few
	Status   TournamentStatus
	Out      string // the results file, if any
	SaveErr  error  // a game that could not be saved or a failed write of --log or --out
}

// TournamentResult is a tournament's outcome: one run, or a ladder's rungs.
type TournamentResult struct {
	Runs   []*TournamentRun
	Ladder bool
}

// Status is the worst of the runs' statuses.
func (r *TournamentResult) Status() TournamentStatus {
	s := Complete
	for _, run := range r.Runs {
		s = max(s, run.Status)
	}
	return s
}

// SaveErr is the first run's failure to save its games (--out, --log), if any.
func (r *TournamentResult) SaveErr() error {
	for _, run := range r.Runs {
		if run.SaveErr != nil {
			return run.SaveErr
		}
	}
	return nil
}

// Reports are the runs' reports.
func (r *TournamentResult) Reports() []stats.TournamentReport {
	var out []stats.TournamentReport
	for _, run := range r.Runs {
		out = append(out, run.Report)
	}
	return out
}

// RungNames are a ladder's rung names.
func (r *TournamentResult) RungNames() []string {
	if !r.Ladder {
		return nil
	}
	var out []string
	for _, run := range r.Runs {
		out = append(out, run.Name)
	}
	return out
}

// tournament is a tournament in progress.
type tournament struct {
	o       *TournamentOptions
	p       *scripting.Program
	bots    *bots.Registry
	players int
	rules   string // the rules' fingerprint
	logw    *LineWriter
	logf    *os.File
}

// Tournament plays the bots against each other (or a ladder of budgets) and reports each run; a run
// with nothing to report ends it.
func Tournament(ctx context.Context, o *TournamentOptions) (*TournamentResult, error) {
	p, players, err := LoadGame(o.Game, o.Variant, o.Players)
	if err != nil {
		return nil, err
	}
	reg := bots.For(p, o.Ext)
	specs, err := tournamentBots(o, reg)
	if err != nil {
		return nil, err
	}
	if err := CheckOutputs(GameInputs(p, specs), map[string]string{"--out": o.Out, "--log": o.Log, "--report": o.Report}); err != nil {
		return nil, err
	}
	rules, err := RulesFingerprint(p)
	if err != nil {
		return nil, err
	}
	defer TuneGC()()
	t := &tournament{o: o, p: p, bots: reg, players: players, rules: rules}
	defer t.close()
	return t.runs(ctx, specs)
}

// runs plays the tournament, or the ladder of the first bot.
func (t *tournament) runs(ctx context.Context, specs []string) (*TournamentResult, error) {
	rungs := []*rung{{bots: specs, seed: t.o.Seed}}
	if t.o.Ladder {
		var err error
		if rungs, err = t.ladder(specs[0]); err != nil {
			return nil, err
		}
	}
	plan, err := t.newPlan(rungs)
	if err != nil {
		return nil, err
	}
	runs, err := t.play(ctx, plan, specs)
	if err != nil {
		return nil, err
	}
	return &TournamentResult{Runs: runs, Ladder: t.o.Ladder}, nil
}

// close closes --log.
func (t *tournament) close() {
	if t.logf != nil {
		t.logw.Flush()
		t.logf.Close()
	}
}

// tournamentBots parses --bots: bots of the game, each once.
func tournamentBots(o *TournamentOptions, reg *bots.Registry) ([]string, error) {
	if o.Bots == "" {
		return nil, Usagef("--bots: name the bots, e.g. --bots ismcts,greedy,random")
	}
	specs, err := Seats(reg, o.Bots)
	if err != nil {
		return nil, Usagef("%s", strings.Replace(err.Error(), "--seats", "--bots", 1))
	}
	seen := map[string]bool{}
	for _, b := range specs {
		if seen[b] {
			return nil, Usagef("--bots: %s is listed twice", b)
		}
		seen[b] = true
	}
	return specs, nil
}

// ladder is the rungs of the ladder of budgets N, 2N, 4N, ...: rung k plays 2^k N against 2^(k-1) N,
// seeded from --seed and k.
func (t *tournament) ladder(base string) ([]*rung, error) {
	if !search.IsSpec(base) {
		return nil, Usagef("--ladder: the first bot must be an ismcts spec, not %q", base)
	}
	cfg, _ := t.bots.ISMCTS(base)
	n := cfg.Iterations
	if n == 0 {
		n = search.DefaultIterations
	}
	if t.o.Rungs < 2 {
		return nil, Usagef("--rungs must be at least 2")
	}
	if t.o.Rungs > 62 || n > math.MaxInt>>(t.o.Rungs-1) {
		return nil, Usagef("--rungs %d: the top rung would search more than %d iterations", t.o.Rungs, math.MaxInt)
	}
	var rungs []*rung
	for k := 1; k < t.o.Rungs; k++ {
		strong, weak := WithIterations(base, n<<k), WithIterations(base, n<<(k-1))
		rungs = append(rungs, &rung{bots: []string{strong, weak}, seed: core.Mix(t.o.Seed, uint64(k)), label: func(r *TournamentRun) {
			r.Rung, r.Name, r.Strong, r.Weak = k, rungName(strong, weak), strong, weak
		}})
	}
	return rungs, nil
}

// rungName names a rung.
func rungName(strong, weak string) string { return fmt.Sprintf("%s vs %s", strong, weak) }

// WithIterations returns an ismcts spec with its iterations set to n (other options kept).
func WithIterations(spec string, n int) string {
	opts := search.SpecOptions(spec)
	parts := []string{fmt.Sprintf("iterations=%d", n)}
	if opts != "" {
		for _, kv := range strings.Split(opts, ",") {
			if k, _, _ := strings.Cut(kv, "="); k != "iterations" && k != "it" {
				parts = append(parts, kv)
			}
		}
	}
	return search.Prefix + ":" + strings.Join(parts, ",")
}
