package lab

import (
	"context"
	"strings"

	"github.com/ruleslab/ruleslab/core"
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
	Players  int    // 0: the first variant's default
	Seats    string // checked for every variant
	Until    string // stop once this measure's paired difference is resolved (sequential test)
	Every    int    // games between the sequential test's looks (0: a tenth of Games)
	// Cover, if set, gives variant k's coverage counter.
	Cover   func(k int) *coverage.Counter
	Command string // the command line, for the record
	Report  string // written by the caller; checked before the first game
}

// VariantRun is one compared variant: its program, its workers (kept across the sequential test's
// looks) and its games in order.
type VariantRun struct {
	Name    string
	P       *scripting.Program
	Bots    *bots.Registry
	Seats   []string
	Results []core.Result
	Failed  int
	First   string // the first failure
	pool    []*EngineWorker
	cov     *coverage.Counter
}

// offsetWorker plays game lo+i of the whole batch when a batch of later games asks for game i, so the
// games of every look are seeded as one long batch would seed them.
type offsetWorker struct {
	w    *EngineWorker
	lo   int
	seed uint64
	cov  *coverage.Counter
}

func (o offsetWorker) Play(i int, _ uint64) core.Result {
	var r core.Result
	if o.cov != nil {
		r = o.cov.Play(o.w, i+o.lo, core.GameSeed(o.seed, i+o.lo))
	} else {
		r = o.w.Play(i+o.lo, core.GameSeed(o.seed, i+o.lo))
	}
	r.Index = i // the batch orders its own games; play puts the index back
	return r
}
func (o offsetWorker) Close() {}

// play runs games [lo, hi) of the variant on its workers, appending the results in game order.
func (v *VariantRun) play(ctx context.Context, players, workers int, seed uint64, lo, hi int) error {
	k := 0
	batch := Batch{Games: hi - lo, Seed: seed, Workers: workers, NewWorker: func() (Worker, error) {
		if k == len(v.pool) {
			w, err := NewEngineWorker(v.Bots, players, v.Seats, false)
			if err != nil {
				return nil, err
			}
			if v.cov != nil {
				v.cov.Prepare(w)
			}
			v.pool = append(v.pool, w)
		}
		w := v.pool[k]
		k++
		return offsetWorker{w: w, lo: lo, seed: seed, cov: v.cov}, nil
	}}
	_, err := batch.Run(ctx, func(r core.Result) {
		r.Index += lo
		v.note(r)
	})
	return err
}

func (v *VariantRun) close() {
	for _, w := range v.pool {
		w.Close()
	}
	v.pool = nil
}

// CompareResult is compare's whole output (--json).
type CompareResult struct {
	Game       string           `json:"game"`
	Variants   []string         `json:"variants"`
	Players    int              `json:"players"`
	Seats      []string         `json:"seats"`
	Seed       uint64           `json:"seed"`
	Planned    int              `json:"games_planned"`
	Played     int              `json:"games_played"`
	Pairs      int              `json:"pairs"` // games every variant finished: the ones compared
	Failed     []int            `json:"failed"`
	Confidence float64          `json:"confidence"`
	Measures   []CompareMeasure `json:"measures"`
	Sequential *SequentialJSON  `json:"sequential,omitempty"`
	Coverage   []any            `json:"coverage,omitempty"` // the command's coverage reports
	Command    string           `json:"command"`
	// Runs are the variants' games; Interrupted tells the comparison was stopped before its end.
	Runs        []*VariantRun `json:"-"`
	Interrupted bool          `json:"-"`

	seq stats.Sequential
	ms  []stats.Measure
	idx []int // the compared games' indices
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
// difference from the first; with Until, it stops once that measure's difference is resolved. A result
// with no Pairs has nothing to compare (every game failed, or it was interrupted at once).
func Compare(ctx context.Context, o *CompareOptions) (*CompareResult, error) {
	runs, players, err := loadRuns(o)
	defer func() {
		for _, r := range runs {
			r.close()
		}
	}()
	if err != nil {
		return nil, err
	}
	var inputs []string
	for _, r := range runs {
		inputs = append(inputs, GameInputs(r.P, r.Seats)...)
	}
	if err := CheckOutputs(inputs, map[string]string{"--report": o.Report}); err != nil {
		return nil, err
	}
	defer TuneGC()()
	res := &CompareResult{Game: runs[0].P.Game.Config.ID, Variants: o.Variants, Players: players, Seats: runs[0].Seats,
		Seed: o.Seed, Planned: o.Games, Confidence: stats.Confidence, Command: o.Command, Runs: runs}
	every := o.Games
	if o.Until != "" {
		every = o.Every
		if every <= 0 {
			every = max(1, o.Games/10)
		}
		// Bonferroni over the looks and over the comparisons with the first variant
		res.seq = stats.NewSequential(0.05/float64(len(runs)-1), every, o.Games)
		res.Sequential = &SequentialJSON{Measure: o.Until, Alpha: 0.05, Every: every, Looks: res.seq.Looks, Level: res.seq.Level(),
			Method: "group-sequential paired t, Bonferroni over looks and comparisons"}
	}
	if err := res.play(ctx, o, every); err != nil {
		return nil, err
	}
	res.collect()
	if res.Pairs > 0 {
		res.summarise()
	}
	return res, nil
}

// loadRuns loads every variant and checks the players and seats.
func loadRuns(o *CompareOptions) ([]*VariantRun, int, error) {
	var runs []*VariantRun
	players := o.Players
	for k, name := range o.Variants {
		p, err := LoadVariant(o.Game, name)
		if err != nil {
			return runs, 0, err
		}
		if players, err = resolvePlayers(p, players); err != nil {
			return runs, 0, err
		}
		reg := bots.For(p, bots.ExtOptions{})
		seats, err := Seats(reg, o.Seats)
		if err != nil {
			return runs, 0, err
		}
		v := &VariantRun{Name: name, P: p, Bots: reg, Seats: CycleSeats(seats, players)}
		if o.Cover != nil {
			v.cov = o.Cover(k)
		}
		runs = append(runs, v)
	}
	return runs, players, nil
}

// play plays the games every variant in turn, a look at a time, until the sequential test resolves;
// an interrupted comparison keeps the games every variant finished.
func (c *CompareResult) play(ctx context.Context, o *CompareOptions, every int) error {
	for lo := 0; lo < o.Games; lo += every {
		hi := min(lo+every, o.Games)
		for _, v := range c.Runs {
			if err := v.play(ctx, c.Players, o.Workers, o.Seed, lo, hi); err != nil {
				c.Interrupted = true
				c.keepPairs()
				return nil
			}
		}
		c.Played = hi
		if o.Until == "" {
			continue
		}
		resolved, err := c.look(o.Until, hi)
		if err != nil || resolved {
			return err
		}
	}
	return nil
}

// look takes one look of the sequential test after hi games and tells whether it resolved.
func (c *CompareResult) look(until string, hi int) (bool, error) {
	c.collect()
	m, ok := c.measure(until)
	if !ok {
		return false, Usagef("--until-significant %s: no such measure (measures: %s)", until, strings.Join(c.measureNames(), ", "))
	}
	q := c.Sequential
	q.Taken++
	q.Last = nil
	all := true
	for _, v := range c.Runs[1:] {
		iv, ok := c.seq.Look(m.Values(c.Pick(c.Runs[0])), m.Values(c.Pick(v)), m.Kind)
		q.Last = append(q.Last, iv)
		all = all && ok
	}
	q.Games = hi
	q.Resolved = all
	return all, nil
}

// keepPairs keeps only the games every variant finished before an interrupt.
func (c *CompareResult) keepPairs() {
	n := len(c.Runs[0].Results)
	for _, v := range c.Runs {
		n = min(n, len(v.Results))
	}
	for _, v := range c.Runs {
		v.Results = v.Results[:n]
	}
	c.Played = n
}

// collect works out which games every variant finished and the measures over them.
func (c *CompareResult) collect() {
	c.idx = c.idx[:0]
	n := len(c.Runs[0].Results)
	for _, v := range c.Runs {
		n = min(n, len(v.Results))
	}
	for i := 0; i < n; i++ {
		ok := true
		for _, v := range c.Runs {
			ok = ok && v.Results[i].Error == ""
		}
		if ok {
			c.idx = append(c.idx, i)
		}
	}
	c.Pairs = len(c.idx)
	c.Failed = nil
	all := make([][]core.Result, len(c.Runs))
	kinds := map[string]stats.Kind{}
	for k, v := range c.Runs {
		c.Failed = append(c.Failed, v.Failed)
		all[k] = c.Pick(v)
		for n, kind := range v.P.Game.Config.Stats {
			kinds[n] = kind
		}
	}
	c.ms = stats.Measures(c.Players, kinds, all...)
}

// Pick returns the variant's compared games.
func (c *CompareResult) Pick(v *VariantRun) []core.Result {
	out := make([]core.Result, len(c.idx))
	for i, j := range c.idx {
		out[i] = v.Results[j]
	}
	return out
}

func (c *CompareResult) measure(name string) (stats.Measure, bool) {
	for _, m := range c.ms {
		if m.Name == name {
			return m, true
		}
	}
	return stats.Measure{}, false
}

func (c *CompareResult) measureNames() []string {
	var out []string
	for _, m := range c.ms {
		out = append(out, m.Name)
	}
	return out
}

// summarise fills Measures.
func (c *CompareResult) summarise() {
	c.Measures = nil
	games := make([][]core.Result, len(c.Runs))
	for k, v := range c.Runs {
		games[k] = c.Pick(v)
	}
	for _, m := range c.ms {
		cm := CompareMeasure{Name: m.Name, Label: m.Label, Kind: m.Kind}
		vals := make([][]float64, len(c.Runs))
		for k := range c.Runs {
			vals[k] = m.Values(games[k])
			var mo stats.Moments
			for _, x := range vals[k] {
				mo.Add(x)
			}
			cm.Values = append(cm.Values, mo.Summarise(m.Kind))
		}
		for k, v := range c.Runs[1:] {
			d := CompareDiff{Variant: v.Name, Paired: stats.PairedT(vals[0], vals[k+1], m.Kind), Unpaired: stats.Unpaired(vals[0], vals[k+1], m.Kind)}
			if d.Paired.Defined() && d.Unpaired.Defined() && d.Paired.High > d.Paired.Low {
				r := (d.Unpaired.High - d.Unpaired.Low) / (d.Paired.High - d.Paired.Low)
				d.Ratio = &r
			}
			cm.Diffs = append(cm.Diffs, d)
		}
		c.Measures = append(c.Measures, cm)
	}
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
