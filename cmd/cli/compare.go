package cli

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"runtime"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/core/config"
	"github.com/ruleslab/ruleslab/core/lab"
	"github.com/ruleslab/ruleslab/core/stats"
	"github.com/ruleslab/ruleslab/scripting"
)

// CompareOptions are the options of `ruleslab compare`.
type CompareOptions struct {
	IO       *IO
	Game     string
	Variants []string
	Games    int
	Seats    string
	Seed     uint64
	Workers  int
	Players  int
	Until    string // --until-significant MEASURE
	Every    int    // pairs between the sequential test's looks
	JSON     bool
	CSV      bool
	Report   string
	Coverage bool
}

func newCompareCmd(io *IO) *cobra.Command {
	opts := &CompareOptions{IO: io}
	cmd := &cobra.Command{
		Use:   "compare GAME --variant A --variant B [...]",
		Short: "Play variants on the same seeds and report each measure with the paired difference against the first",
		Long: `Every variant plays the same games: game i of each is seeded alike, and the engine draws the deal,
the first player, each chance event and each bot from its own stream, so variants whose components
match deal the same hands. Each measure is reported per variant with its 95% interval, and each later
variant's difference from the first with the paired 95% interval (Student's t on the per-game
differences; for a rate the differences are -1, 0, 1) next to the unpaired one (Welch; Newcombe's
score interval for rates) that the same games would give if the variants had been played apart.

A variant is a bundled variant name, base (the game itself), or the path of a variant YAML file.

--until-significant MEASURE stops as soon as that measure's difference is resolved by a group-sequential
test: it looks every --every games, each look a paired t interval at level 1 - 0.05/looks (Bonferroni),
so the chance of stopping on a difference that is really 0 is at most 5%. Measure names are listed by
--json (win.0, score.0, score.spread, moves, rounds, lead_changes, tie, stat.NAME[.SEAT], ...).`,
		Args: exactArgs(1, "a GAME (bundled id or YAML path)"),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Game = args[0]
			return runCompare(opts)
		},
	}
	f := cmd.Flags()
	f.StringArrayVar(&opts.Variants, "variant", nil, "a variant to compare (repeat; the first is the reference): base, a bundled variant or a variant YAML path")
	f.IntVar(&opts.Games, "games", 1000, "games per variant (the most, with --until-significant)")
	f.StringVar(&opts.Seats, "seats", "random", "bots by seat, comma-separated; cycled if shorter than the player count")
	f.Uint64Var(&opts.Seed, "seed", 1, "batch seed: game i of every variant is seeded from it")
	f.IntVar(&opts.Workers, "workers", runtime.NumCPU(), "parallel workers (results are identical for any number)")
	f.IntVar(&opts.Players, "players", 0, "number of players (default: the first variant's)")
	f.StringVar(&opts.Until, "until-significant", "", "stop once this measure's paired difference is resolved (sequential test, 5% error)")
	f.IntVar(&opts.Every, "every", 0, "with --until-significant: games between looks (default: a tenth of --games)")
	f.BoolVar(&opts.JSON, "json", false, "print everything as JSON")
	f.BoolVar(&opts.CSV, "csv", false, "print the measures as CSV")
	f.StringVar(&opts.Report, "report", "", "write a report with tables and plots to FILE.html or FILE.md")
	f.BoolVar(&opts.Coverage, "coverage", false, "report how often each hook ran and each rule fired, and the rules that never fired")
	return cmd
}

// loadVariant loads one --variant of game: "base", a bundled variant name, or a variant YAML path (which
// must be a variant of the same game).
func loadVariant(game, v string) (*scripting.Program, error) {
	path, err := variantPath(game, v)
	if err != nil {
		return nil, err
	}
	p, err := loadWith(path, nil)
	if err != nil {
		return nil, err
	}
	base, err := config.ResolvePath(game, "")
	if err != nil {
		return nil, err
	}
	if bc, err := config.Load(base); err == nil && bc.ID != p.Game.Config.ID {
		return nil, usagef("--variant %s is a file of %s, not of %s", v, p.Game.Config.ID, bc.ID)
	}
	return p, nil
}

// variantRun is one compared variant: its program, its workers (kept across the sequential test's
// looks) and its games in order.
type variantRun struct {
	Name    string
	P       *scripting.Program
	Seats   []string
	pool    []*scripting.Worker
	Results []core.Result
	Failed  int
	first   string
	cov     *coverage
}

// offsetWorker plays game lo+i of the whole batch when a batch of later games asks for game i, so the
// games of every look are seeded as one long batch would seed them.
type offsetWorker struct {
	w    *scripting.Worker
	lo   int
	seed uint64
	cov  *coverage
}

func (o offsetWorker) Play(i int, _ uint64) core.Result {
	var r core.Result
	if o.cov != nil {
		r = o.cov.play(o.w, i+o.lo, core.GameSeed(o.seed, i+o.lo))
	} else {
		r = o.w.Play(i+o.lo, core.GameSeed(o.seed, i+o.lo))
	}
	r.Index = i // the batch orders its own games; play puts the index back
	return r
}
func (o offsetWorker) Close() {}

// play runs games [lo, hi) of the variant on its workers, appending the results in game order.
func (v *variantRun) play(ctx context.Context, players, workers int, seed uint64, lo, hi int) error {
	k := 0
	batch := lab.Batch{Games: hi - lo, Seed: seed, Workers: workers, NewWorker: func() (lab.Worker, error) {
		if k == len(v.pool) {
			w, err := v.P.NewWorker(players, v.Seats, false)
			if err != nil {
				return nil, err
			}
			v.cov.prepare(w)
			v.pool = append(v.pool, w)
		}
		w := v.pool[k]
		k++
		return offsetWorker{w: w, lo: lo, seed: seed, cov: v.cov}, nil
	}}
	_, err := batch.Run(ctx, func(r core.Result) {
		r.Index += lo
		if r.Error != "" {
			v.Failed++
			if v.first == "" {
				v.first = r.Error
			}
		}
		v.Results = append(v.Results, r)
	})
	return err
}

func (v *variantRun) close() {
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
	Coverage   []CoverageReport `json:"coverage,omitempty"`
	Command    string           `json:"command"`

	runs []*variantRun
	ms   []stats.Measure
	idx  []int // the compared games' indices
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

func runCompare(opts *CompareOptions) error {
	if len(opts.Variants) < 2 {
		return usagef("compare needs at least two --variant (base, a bundled variant, or a variant file)")
	}
	if opts.Games < 2 {
		return usagef("--games must be at least 2")
	}
	if opts.Workers < 1 {
		return usagef("--workers must be at least 1")
	}
	if opts.JSON && opts.CSV {
		return usagef("--json and --csv: choose one")
	}
	if err := checkReportPath(opts.Report); err != nil {
		return err
	}
	var runs []*variantRun
	defer func() {
		for _, r := range runs {
			r.close()
		}
	}()
	players := opts.Players
	for _, name := range opts.Variants {
		p, err := loadVariant(opts.Game, name)
		if err != nil {
			return err
		}
		if players == 0 {
			players = p.Game.Config.Players.Default
		}
		cfg := p.Game.Config
		if players < cfg.Players.Min || players > cfg.Players.Max {
			return usagef("--players %d: %s plays with %d..%d", players, p.Game.Name(), cfg.Players.Min, cfg.Players.Max)
		}
		seats, err := parseBots(p, opts.Seats)
		if err != nil {
			return err
		}
		v := &variantRun{Name: name, P: p, Seats: cycleSeats(seats, players)}
		if opts.Coverage {
			v.cov = newCoverage()
		}
		runs = append(runs, v)
	}
	defer batchGC()()
	ctx, stop := stopSignals()
	defer stop()

	res := &CompareResult{Game: runs[0].P.Game.Config.ID, Variants: opts.Variants, Players: players, Seats: runs[0].Seats,
		Seed: opts.Seed, Planned: opts.Games, Confidence: stats.Confidence, Command: CommandLine(), runs: runs}
	every := opts.Games
	var seq stats.Sequential
	if opts.Until != "" {
		every = opts.Every
		if every <= 0 {
			every = max(1, opts.Games/10)
		}
		// Bonferroni over the looks and over the comparisons with the first variant
		seq = stats.NewSequential(0.05/float64(len(runs)-1), every, opts.Games)
		res.Sequential = &SequentialJSON{Measure: opts.Until, Alpha: 0.05, Every: every, Looks: seq.Looks, Level: seq.Level(),
			Method: "group-sequential paired t, Bonferroni over looks and comparisons"}
	}
	var interrupted error
	for lo := 0; lo < opts.Games; lo += every {
		hi := min(lo+every, opts.Games)
		for _, v := range runs {
			if err := v.play(ctx, players, opts.Workers, opts.Seed, lo, hi); err != nil {
				interrupted = err
				break
			}
		}
		if interrupted != nil {
			break
		}
		res.Played = hi
		if opts.Until == "" {
			continue
		}
		res.collect()
		m, ok := res.measure(opts.Until)
		if !ok {
			return usagef("--until-significant %s: no such measure (measures: %s)", opts.Until, strings.Join(res.measureNames(), ", "))
		}
		res.Sequential.Taken++
		res.Sequential.Last = nil
		all := true
		for _, v := range runs[1:] {
			iv, ok := seq.Look(m.Values(res.pick(runs[0])), m.Values(res.pick(v)), m.Kind)
			res.Sequential.Last = append(res.Sequential.Last, iv)
			all = all && ok
		}
		res.Sequential.Games = hi
		if all {
			res.Sequential.Resolved = true
			break
		}
	}
	if interrupted != nil {
		// keep only the games every variant finished before the interrupt
		n := len(runs[0].Results)
		for _, v := range runs {
			n = min(n, len(v.Results))
		}
		for _, v := range runs {
			v.Results = v.Results[:n]
		}
		res.Played = n
	}
	res.collect()
	if res.Pairs == 0 {
		for _, v := range runs {
			if v.first != "" {
				fmt.Fprintf(opts.IO.Err, "no game finished under every variant; the first failure (%s): %s\n", v.Name, v.first)
				return &SilentError{Code: ExitError}
			}
		}
		fmt.Fprintln(opts.IO.Err, "interrupted before any game finished; nothing to report")
		return &SilentError{Code: ExitError}
	}
	res.summarise()
	if opts.Coverage {
		for _, v := range runs {
			res.Coverage = append(res.Coverage, v.cov.report(v.Name, v.P, len(v.Results)-v.Failed))
		}
	}
	switch {
	case opts.JSON:
		enc := json.NewEncoder(opts.IO.Out)
		enc.SetIndent("", "  ")
		if err := enc.Encode(res); err != nil {
			return err
		}
	case opts.CSV:
		if err := res.writeCSV(opts.IO.Out); err != nil {
			return err
		}
	default:
		res.print(opts.IO.Out)
		for _, c := range res.Coverage {
			printCoverage(opts.IO.Out, c)
		}
	}
	if opts.Report != "" {
		if err := res.report().WriteFile(opts.Report); err != nil {
			return err
		}
	}
	code := 0
	for _, v := range runs {
		if v.Failed > 0 {
			fmt.Fprintf(opts.IO.Err, "%s: %d games failed (left out of every comparison); the first: %s\n", v.Name, v.Failed, v.first)
			code = ExitError
		}
	}
	if interrupted != nil {
		fmt.Fprintf(opts.IO.Err, "interrupted: %d of %d games per variant finished and reported\n", res.Played, opts.Games)
		code = ExitError
	}
	if code != 0 {
		return &SilentError{Code: code}
	}
	return nil
}

// collect works out which games every variant finished and the measures over them.
func (c *CompareResult) collect() {
	c.idx = c.idx[:0]
	n := len(c.runs[0].Results)
	for _, v := range c.runs {
		n = min(n, len(v.Results))
	}
	for i := 0; i < n; i++ {
		ok := true
		for _, v := range c.runs {
			ok = ok && v.Results[i].Error == ""
		}
		if ok {
			c.idx = append(c.idx, i)
		}
	}
	c.Pairs = len(c.idx)
	c.Failed = nil
	all := make([][]core.Result, len(c.runs))
	kinds := map[string]stats.Kind{}
	for k, v := range c.runs {
		c.Failed = append(c.Failed, v.Failed)
		all[k] = c.pick(v)
		for n, kind := range v.P.Game.Config.Stats {
			kinds[n] = kind
		}
	}
	c.ms = stats.Measures(c.Players, kinds, all...)
}

// pick returns the variant's compared games.
func (c *CompareResult) pick(v *variantRun) []core.Result {
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
	games := make([][]core.Result, len(c.runs))
	for k, v := range c.runs {
		games[k] = c.pick(v)
	}
	for _, m := range c.ms {
		cm := CompareMeasure{Name: m.Name, Label: m.Label, Kind: m.Kind}
		vals := make([][]float64, len(c.runs))
		for k := range c.runs {
			vals[k] = m.Values(games[k])
			var mo stats.Moments
			for _, x := range vals[k] {
				mo.Add(x)
			}
			cm.Values = append(cm.Values, mo.Summarise(m.Kind))
		}
		for k, v := range c.runs[1:] {
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

// formatDiff prints a difference: a rate in percentage points, a mean with dec decimals, signed.
func formatDiff(v stats.Interval, dec int) string {
	if v.Kind == stats.Rate {
		if !v.Defined() {
			return fmt.Sprintf("%+.1f pts [n/a]", 100*v.Value)
		}
		return fmt.Sprintf("%+.1f pts [%.1f, %.1f]", 100*v.Value, 100*v.Low, 100*v.High)
	}
	return fmt.Sprintf("%+.*f %s", dec, v.Value, bracket(v, dec))
}

func bracketDiff(v stats.Interval, dec int) string {
	if v.Kind == stats.Rate {
		if !v.Defined() {
			return "[n/a]"
		}
		return fmt.Sprintf("[%.1f, %.1f]", 100*v.Low, 100*v.High)
	}
	return bracket(v, dec)
}

func (c *CompareResult) title() string {
	return fmt.Sprintf("%s: %s", c.Game, strings.Join(c.Variants, " vs "))
}

func (c *CompareResult) headline() string {
	s := fmt.Sprintf("%s, %d games each on the same seeds (seed %d), %d players, seats %s", c.title(), c.Played, c.Seed,
		c.Players, strings.Join(c.Seats, ","))
	if c.Pairs < c.Played {
		s += fmt.Sprintf("; %d compared (finished under every variant)", c.Pairs)
	}
	return s
}

// tableRows is the measures table: per measure, each variant's value, then per later variant its
// paired difference and the unpaired interval.
func (c *CompareResult) tableRows() ([]string, [][]string) {
	header := []string{"MEASURE"}
	for _, v := range c.Variants {
		header = append(header, v)
	}
	for _, v := range c.Variants[1:] {
		header = append(header, fmt.Sprintf("%s - %s (paired 95%% CI)", v, c.Variants[0]), "UNPAIRED 95% CI", "NARROWER")
	}
	var rows [][]string
	for _, m := range c.Measures {
		dec := decimals(m.Values...)
		row := []string{m.Label}
		for _, v := range m.Values {
			row = append(row, formatStat(v, dec))
		}
		for _, d := range m.Diffs {
			ratio := "-"
			if d.Paired.Defined() && d.Unpaired.Defined() && d.Paired.High == d.Paired.Low && d.Unpaired.High > d.Unpaired.Low {
				ratio = "exact" // every game gave the same difference
			}
			if d.Ratio != nil {
				ratio = fmt.Sprintf("%.1fx", *d.Ratio)
			}
			row = append(row, formatDiff(d.Paired, dec), bracketDiff(d.Unpaired, dec), ratio)
		}
		rows = append(rows, row)
	}
	return header, rows
}

func (c *CompareResult) sequentialText() string {
	q := c.Sequential
	if q == nil {
		return ""
	}
	var parts []string
	for k, iv := range q.Last {
		parts = append(parts, fmt.Sprintf("%s - %s %s", c.Variants[k+1], c.Variants[0], formatDiff(iv, decimals(iv))))
	}
	verdict := fmt.Sprintf("not resolved after %d games (%d looks)", q.Games, q.Taken)
	if q.Resolved {
		verdict = fmt.Sprintf("resolved after %d games (look %d of %d)", q.Games, q.Taken, q.Looks)
	}
	return fmt.Sprintf("until-significant %s: %s; %s at level %.2f%% per look (group-sequential paired t, looks every %d games, "+
		"Bonferroni: at most %.0f%% chance of stopping on no difference)", q.Measure, verdict, strings.Join(parts, "; "), 100*q.Level, q.Every, 100*q.Alpha)
}

func (c *CompareResult) print(w io.Writer) {
	fmt.Fprintln(w, c.headline())
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	header, rows := c.tableRows()
	fmt.Fprintln(tw, strings.Join(header, "\t"))
	for _, r := range rows {
		fmt.Fprintln(tw, strings.Join(r, "\t"))
	}
	tw.Flush()
	if s := c.sequentialText(); s != "" {
		fmt.Fprintln(w, s)
	}
	fmt.Fprintln(w, "[95% intervals]: values as sim gives them; differences paired (Student's t on per-game differences, rates in percentage points),")
	fmt.Fprintln(w, "  unpaired for reference (Welch; Newcombe's score interval for rates); NARROWER = unpaired width / paired width")
}

func (c *CompareResult) writeCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	num := func(x float64) string {
		if math.IsNaN(x) {
			return ""
		}
		return strconv.FormatFloat(x, 'g', 8, 64)
	}
	cw.Write([]string{"measure", "label", "kind", "variant", "value", "low", "high", "n", "diff", "diff_low", "diff_high", "unpaired_low", "unpaired_high"})
	for _, m := range c.Measures {
		for k, v := range m.Values {
			row := []string{m.Name, m.Label, m.Kind, c.Variants[k], num(v.Value), num(v.Low), num(v.High), strconv.Itoa(v.N)}
			if k == 0 {
				row = append(row, "", "", "", "", "")
			} else {
				d := m.Diffs[k-1]
				row = append(row, num(d.Paired.Value), num(d.Paired.Low), num(d.Paired.High), num(d.Unpaired.Low), num(d.Unpaired.High))
			}
			cw.Write(row)
		}
	}
	cw.Flush()
	return cw.Error()
}

// report builds the --report: the table, the sequential test, and plots of win rate by seat, the
// paired against the unpaired differences, score distributions and game lengths.
func (c *CompareResult) report() *Report {
	r := NewReport("ruleslab compare " + c.title())
	s := r.Section("Measures")
	s.AddText("%s.", c.headline())
	header, rows := c.tableRows()
	s.AddTable(header, rows)
	if t := c.sequentialText(); t != "" {
		s.AddText("%s.", t)
	}
	s.AddText("Values are sim's (Wilson's interval for rates, Student's t for counts and means). Each difference is a later variant " +
		"minus the first over the same games: paired (Student's t on the per-game differences; for a rate the differences are " +
		"-1, 0 or 1 and the interval is in percentage points) and, for reference, unpaired (Welch's t; Newcombe's hybrid score " +
		"interval for rates), what the same games would give if the variants had not shared their seeds. NARROWER is the unpaired " +
		"interval's width over the paired one's.")

	p := r.Section("Plots")
	var seats []string
	for i := 0; i < c.Players; i++ {
		seats = append(seats, fmt.Sprintf("seat %d", i))
	}
	win := make([][]stats.Interval, len(c.Variants))
	for k := range c.Variants {
		for i := 0; i < c.Players; i++ {
			win[k] = append(win[k], c.get(fmt.Sprintf("win.%d", i)).Values[k])
		}
	}
	p.AddPlot("Win rate by seat with 95% intervals", IntervalPlot("Win rate by seat", "win rate (%)", seats, c.Variants, win, 100, false), 16, 10)
	for k, v := range c.Variants[1:] {
		for _, group := range []struct{ prefix, what, unit string }{{"win.", "win rate", "percentage points"}, {"score.", "score", "points"}} {
			var labels []string
			var paired, unpaired []stats.Interval
			for _, m := range c.Measures {
				if !strings.HasPrefix(m.Name, group.prefix) {
					continue
				}
				labels = append(labels, strings.TrimPrefix(m.Name, group.prefix))
				paired = append(paired, m.Diffs[k].Paired)
				unpaired = append(unpaired, m.Diffs[k].Unpaired)
			}
			scale := 1.0
			if group.prefix == "win." {
				scale = 100
			}
			title := fmt.Sprintf("%s - %s: %s", v, c.Variants[0], group.what)
			p.AddPlot(fmt.Sprintf("Difference in %s (%s), paired against unpaired 95%% intervals", group.what, group.unit),
				IntervalPlot(title, group.unit, labels, []string{"paired", "unpaired"}, [][]stats.Interval{paired, unpaired}, scale, true), 16, 10)
		}
	}
	var scores, lengths [][]float64
	for _, v := range c.runs {
		var sc, ln []float64
		for _, g := range c.pick(v) {
			for _, t := range g.Totals {
				sc = append(sc, float64(t))
			}
			ln = append(ln, float64(g.Length()))
		}
		scores, lengths = append(scores, sc), append(lengths, ln)
	}
	p.AddPlot("Score distribution (every seat's final total)", HistogramPlot("Score distribution", "final score", c.Variants, scores), 16, 10)
	p.AddPlot("Game length (moves)", HistogramPlot("Game length", "moves", c.Variants, lengths), 16, 10)
	for _, cv := range c.Coverage {
		addCoverageSection(r, cv)
	}
	return r
}

func (c *CompareResult) get(name string) CompareMeasure {
	for _, m := range c.Measures {
		if m.Name == name {
			return m
		}
	}
	return CompareMeasure{}
}
