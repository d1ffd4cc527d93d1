package lab

import (
	"context"
	"errors"
	"strings"

	"github.com/ruleslab/ruleslab/core/bots"
	"github.com/ruleslab/ruleslab/core/coverage"
	"github.com/ruleslab/ruleslab/core/stats"
	"github.com/ruleslab/ruleslab/scripting"
)

// CompareOptions are the options of a comparison: variants of a game played on the same seeds.
type CompareOptions struct {
	Game     string
	Variants []string // base, bundled variants or variant YAML paths; the first is the reference
	Games    int      // per variant (the most, with Until)
	Seed     uint64
	Workers  int
	Players  int             // 0: the first variant's default
	Seats    string          // checked for every variant
	Until    string          // stop once this measure's paired difference is resolved (sequential test)
	Every    int             // games between the sequential test's looks (0: a tenth of Games)
	Ext      bots.ExtOptions // the external bots' limits (cmd:COMMAND seats)
	ResultsOptions
	// Cover, if set, gives variant k's coverage counter.
	Cover    func(k int) *coverage.Counter
	Command  string // the command line, for the record
	Report   string // written by the caller; checked before the first game
	Progress Progress
}

// VariantRun is one compared variant: its program and what its games gave.
type VariantRun struct {
	Name     string
	P        *scripting.Program
	Bots     *bots.Registry
	Seats    []string
	Finished int // games that did not fail
	Failed   int
	Failures // the failed games: the first (First), with its index, and the first few
	// Scores and Lengths count every seat's final total and the game lengths over the compared games
	// (the report's histograms).
	Scores, Lengths map[int]int
	cov             *coverage.Counter
}

// CompareResult is compare's whole output (--json).
type CompareResult struct {
	Game     string   `json:"game"`
	Variants []string `json:"variants"`
	Players  int      `json:"players"`
	Seats    []string `json:"seats"`
	Seed     uint64   `json:"seed"`
	Planned  int      `json:"games_planned"`
	Played   int      `json:"games_played"`
	Pairs    int      `json:"pairs"` // games every variant finished: the ones compared
	Failed   []int    `json:"failed"`
	// Failures are each variant's failed games, by variant (count 0 for one whose games all finished),
	// when any game failed.
	Failures   []*Failures      `json:"failures,omitempty"`
	Confidence float64          `json:"confidence"`
	Measures   []CompareMeasure `json:"measures"`
	Sequential *SequentialJSON  `json:"sequential,omitempty"`
	Coverage   []any            `json:"coverage,omitempty"` // the command's coverage reports
	Command    string           `json:"command"`
	// Runs are the variants; Interrupted tells the comparison was stopped before its end, Out its
	// results file and SaveErr a failure to write it.
	Runs        []*VariantRun `json:"-"`
	Interrupted bool          `json:"-"`
	// Deferred: a shard of --until-significant, which plays its games up to --games and takes no look
	// (the stopping rule needs every game before a look: merge applies it to the shards' games).
	Deferred bool   `json:"-"`
	Out      string `json:"-"`
	SaveErr  error  `json:"-"`

	seq      stats.Sequential
	sums     *stats.MeasureSums
	until    string
	every    int
	resolved bool  // the sequential test resolved: later games are not counted
	err      error // a look that failed
}

// CompareMeasure is one measure: its value under each variant and each later variant's difference
// from the first.
type CompareMeasure struct {
	Name   string           `json:"name"`
	Label  string           `json:"label"`
	Kind   string           `json:"kind"`
	Values []stats.Interval `json:"values"`
	Diffs  []CompareDiff    `json:"diffs"`
}

// CompareDiff is variant - first over the same games: Paired is the paired t interval, Unpaired the
// interval the games would give as independent samples; Ratio is Unpaired's width over Paired's (how
// many times narrower pairing made it; null when undefined).
type CompareDiff struct {
	Variant  string         `json:"variant"`
	Paired   stats.Interval `json:"paired"`
	Unpaired stats.Interval `json:"unpaired"`
	Ratio    *float64       `json:"width_ratio"`
}

// SequentialJSON describes the --until-significant test and where it stopped.
type SequentialJSON struct {
	Measure  string           `json:"measure"`
	Method   string           `json:"method"`
	Alpha    float64          `json:"alpha"`
	Every    int              `json:"every"`
	Looks    int              `json:"looks_planned"`
	Taken    int              `json:"looks_taken"`
	Level    float64          `json:"level_per_look"`
	Resolved bool             `json:"resolved"`
	Games    int              `json:"games"`
	Last     []stats.Interval `json:"last_intervals"` // per later variant, at the last look's level
}

// Compare plays every variant on the same seeds and measures each, with each later variant's
// difference from the first; with Until, it stops once that measure's difference is resolved. Its unit
// of work is a paired game (game i under every variant), saved to Out as it finishes, and its measures
// are running sums, so memory does not grow with the games. A result with no Pairs has nothing to
// compare (every game failed, or it was interrupted at once).
func Compare(ctx context.Context, o *CompareOptions) (*CompareResult, error) {
	runs, players, err := loadRuns(o)
	if err != nil {
		return nil, err
	}
	if err := checkCompareOutputs(o, runs); err != nil {
		return nil, err
	}
	defer TuneGC()()
	res := newCompareResult(o, runs, players)
	u, err := res.units(o)
	if err != nil {
		return nil, err
	}
	defer u.close()
	batch := u.hdr.Batch()
	batch.Workers = o.Workers
	rest, _, err := u.open(batch, res.add)
	if err == nil {
		err = res.play(ctx, u, rest, o)
	}
	if err != nil {
		return nil, err
	}
	if res.err == nil && res.Deferred && res.Pairs > 0 {
		if _, ok := res.measure(res.until); !ok {
			res.err = res.noSuchMeasure()
		}
	}
	if res.err != nil {
		return nil, res.err
	}
	res.SaveErr = u.close()
	if res.Pairs > 0 {
		res.summarise()
	}
	return res, nil
}

// newCompareResult starts a comparison's result, with the sequential test's plan.
func newCompareResult(o *CompareOptions, runs []*VariantRun, players int) *CompareResult {
	res := &CompareResult{Game: runs[0].P.Game.Config.ID, Variants: o.Variants, Players: players, Seats: runs[0].Seats,
		Seed: o.Seed, Planned: o.Games, Confidence: stats.Confidence, Command: o.Command, Runs: runs, Out: o.Out,
		Failed: make([]int, len(runs)), until: o.Until, every: o.Games}
	kinds := map[string]stats.Kind{}
	for _, v := range runs {
		for n, kind := range v.P.Game.Config.Stats {
			kinds[n] = kind
		}
	}
	res.sums = stats.NewMeasureSums(players, len(runs), kinds)
	if o.Until != "" && o.Shards > 1 {
		res.Deferred = true
	} else if o.Until != "" {
		res.every = o.Every
		if res.every <= 0 {
			res.every = max(1, o.Games/10)
		}
		// Bonferroni over the looks and over the comparisons with the first variant
		res.seq = stats.NewSequential(0.05/float64(len(runs)-1), res.every, o.Games)
		res.Sequential = &SequentialJSON{Measure: o.Until, Alpha: 0.05, Every: res.every, Looks: res.seq.Looks, Level: res.seq.Level(),
			Method: "group-sequential paired t, Bonferroni over looks and comparisons"}
	}
	return res
}

func newVariantRun(name string, p *scripting.Program, reg *bots.Registry, seats []string) *VariantRun {
	return &VariantRun{Name: name, P: p, Bots: reg, Seats: seats, Scores: map[int]int{}, Lengths: map[int]int{}}
}

// checkCompareOutputs checks --out and --report against every variant's inputs and each other.
func checkCompareOutputs(o *CompareOptions, runs []*VariantRun) error {
	var inputs []string
	for _, r := range runs {
		inputs = append(inputs, GameInputs(r.P, r.Seats)...)
	}
	return CheckOutputs(inputs, map[string]string{"--out": o.Out, "--report": o.Report})
}

// loadRuns loads every variant and checks the players and seats.
func loadRuns(o *CompareOptions) ([]*VariantRun, int, error) {
	var runs []*VariantRun
	players := o.Players
	progs, err := loadVariants(o.Game, o.Variants)
	if err != nil {
		return runs, 0, err
	}
	for k, name := range o.Variants {
		p := progs[k]
		reg := bots.For(p, o.Ext)
		seats, err := Seats(reg, o.Seats)
		if err != nil {
			return runs, 0, err
		}
		if players, err = resolvePlayers(p, SeatedPlayers(p, players, players, len(seats))); err != nil {
			return runs, 0, err
		}
		v := newVariantRun(name, p, reg, CycleSeats(seats, players))
		if o.Cover != nil {
			v.cov = o.Cover(k)
		}
		runs = append(runs, v)
	}
	return runs, players, nil
}

// loadVariants loads every variant of game named. A name that is no variant is refused first (a usage
// error); then the problems of every file are reported at once, not only the first bad file's, and a
// file's once however often it is named.
func loadVariants(game string, names []string) ([]*scripting.Program, error) {
	paths := make([]string, len(names))
	for k, name := range names {
		path, err := VariantPath(game, name)
		if err != nil {
			return nil, err
		}
		paths[k] = path
	}
	progs := make([]*scripting.Program, len(names))
	failed := map[string]bool{}
	var errs []error
	for k, path := range paths {
		p, err := LoadWith(path, nil)
		if err != nil && !failed[path] {
			failed[path], errs = true, append(errs, err)
		}
		progs[k] = p
	}
	switch len(errs) {
	case 0:
		return progs, nil
	case 1:
		return nil, errs[0] // as it was alone, not wrapped
	}
	return nil, errors.Join(errs...)
}

// Get returns the measure called name.
func (c *CompareResult) Get(name string) CompareMeasure {
	for _, m := range c.Measures {
		if m.Name == name {
			return m
		}
	}
	return CompareMeasure{}
}

func (c *CompareResult) measureNames() []string {
	var out []string
	for _, m := range c.sums.Measures() {
		out = append(out, m.Name)
	}
	return out
}

func (c *CompareResult) variantsLabel() string { return strings.Join(c.Variants, ",") }
