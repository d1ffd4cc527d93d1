package cli

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"runtime"
	"sort"
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

// SweepOptions are the options of `ruleslab sweep`.
type SweepOptions struct {
	IO       *IO
	Game     string
	Variant  string
	Sets     []string // key=v1,v2,...
	Games    int
	Seats    string
	Seed     uint64
	Workers  int
	Players  int
	Targets  []string // measure=value±tol
	Measures string   // the table's columns
	JSON     bool
	CSV      bool
	Report   string
}

func newSweepCmd(io *IO) *cobra.Command {
	opts := &SweepOptions{IO: io}
	cmd := &cobra.Command{
		Use:   "sweep GAME --set key=v1,v2,... [--set key2=...]",
		Short: "Play a grid of parameter values and report the measures at each point; with --target, the points that meet it",
		Long: `Each --set names a dotted path into the resolved configuration (params.hand_size, params.trick_points.2
for a list item, counting from 0) and the values to try; the grid is every combination. Every point plays
the same seeds, so neighbouring points differ by the rule change and not by luck of the deal.

--target measure=value±tol (also +- or +/-; a rate may be written in percent: win.0=50%±5%) keeps the
points whose estimate lies within tol of value, best (closest, in units of tol) first. Measure names are
compare's (win.0, score.spread, moves, rounds, lead_changes, decided_early, tie, stat.NAME[.SEAT]).`,
		Args: exactArgs(1, "a GAME (bundled id or YAML path)"),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Game = args[0]
			return runSweep(opts)
		},
	}
	f := cmd.Flags()
	f.StringVar(&opts.Variant, "variant", "", "the variant to sweep: base, a bundled variant or a variant YAML path")
	f.StringArrayVar(&opts.Sets, "set", nil, "key=v1,v2,...: a dotted configuration path and its values (repeat for a grid)")
	f.IntVar(&opts.Games, "games", 500, "games at each point")
	f.StringVar(&opts.Seats, "seats", "random", "bots by seat, comma-separated; cycled if shorter than the player count")
	f.Uint64Var(&opts.Seed, "seed", 1, "batch seed: every point plays the same seeds")
	f.IntVar(&opts.Workers, "workers", runtime.NumCPU(), "parallel workers (results are identical for any number)")
	f.IntVar(&opts.Players, "players", 0, "number of players (default: the game's)")
	f.StringArrayVar(&opts.Targets, "target", nil, "measure=value±tol: report the points whose estimate is within tol of value (repeat)")
	f.StringVar(&opts.Measures, "measures", "", "comma-separated measures for the table (default: win rates, score spread, moves, rounds, targets, game statistics)")
	f.BoolVar(&opts.JSON, "json", false, "print everything as JSON")
	f.BoolVar(&opts.CSV, "csv", false, "print every measure at every point as CSV")
	f.StringVar(&opts.Report, "report", "", "write a report with tables and plots to FILE.html or FILE.md")
	return cmd
}

// variantPath is the YAML of a --variant of game: base, a bundled variant, or a variant file.
func variantPath(game, v string) (string, error) {
	switch {
	case v == "" || v == "base":
		return config.ResolvePath(game, "")
	case strings.HasSuffix(v, ".yaml") || strings.HasSuffix(v, ".yml") || strings.ContainsRune(v, os.PathSeparator):
		return config.ResolvePath(v, "")
	}
	return config.ResolvePath(game, v)
}

// loadWith loads a YAML file with sets applied and compiles its rules.
func loadWith(path string, sets []config.Set) (*scripting.Program, error) {
	cfg, err := config.LoadWith(path, sets)
	if err != nil {
		return nil, err
	}
	g, err := core.Compile(cfg)
	if err != nil {
		return nil, err
	}
	return scripting.Compile(g)
}

// sweepAxis is one --set: a key and its values.
type sweepAxis struct {
	Key    string   `json:"key"`
	Values []string `json:"values"`
}

// parseSetFlag splits key=v1,v2,...; commas inside [] or {} belong to a value.
func parseSetFlag(s string) (sweepAxis, error) {
	key, vals, ok := strings.Cut(s, "=")
	key = strings.TrimSpace(key)
	if !ok || key == "" || strings.TrimSpace(vals) == "" {
		return sweepAxis{}, usagef("--set %q: want key=v1,v2,... (a dotted path such as params.hand_size)", s)
	}
	ax := sweepAxis{Key: key}
	depth, start := 0, 0
	for i := 0; i <= len(vals); i++ {
		if i == len(vals) || (vals[i] == ',' && depth == 0) {
			v := strings.TrimSpace(vals[start:i])
			if v == "" {
				return sweepAxis{}, usagef("--set %q: an empty value", s)
			}
			ax.Values = append(ax.Values, v)
			start = i + 1
			continue
		}
		switch vals[i] {
		case '[', '{':
			depth++
		case ']', '}':
			depth--
		}
	}
	return ax, nil
}

// sweepTarget is a --target.
type sweepTarget struct {
	Measure string  `json:"measure"`
	Value   float64 `json:"value"`
	Tol     float64 `json:"tolerance"`
}

func parseTarget(s string) (sweepTarget, error) {
	name, rest, ok := strings.Cut(s, "=")
	bad := usagef("--target %q: want measure=value±tol (or value+-tol), e.g. win.0=50%%±5%% or moves=60+-5", s)
	if !ok {
		return sweepTarget{}, bad
	}
	var v, tol string
	found := false
	for _, sep := range []string{"±", "+/-", "+-"} {
		if a, b, ok := strings.Cut(rest, sep); ok {
			v, tol, found = a, b, true
			break
		}
	}
	if !found {
		return sweepTarget{}, bad
	}
	num := func(x string) (float64, bool) {
		x = strings.TrimSpace(x)
		scale := 1.0
		if strings.HasSuffix(x, "%") {
			x, scale = strings.TrimSuffix(x, "%"), 0.01
		}
		f, err := strconv.ParseFloat(x, 64)
		return f * scale, err == nil
	}
	t := sweepTarget{Measure: strings.TrimSpace(name)}
	var ok1, ok2 bool
	t.Value, ok1 = num(v)
	t.Tol, ok2 = num(tol)
	if !ok1 || !ok2 || t.Tol <= 0 {
		return sweepTarget{}, bad
	}
	return t, nil
}

// SweepPoint is one grid point: its settings, every measure, and whether it meets the targets.
type SweepPoint struct {
	Settings map[string]string         `json:"settings"`
	Games    int                       `json:"games"`
	Failed   int                       `json:"failed"`
	Measures map[string]stats.Interval `json:"measures"`
	Meets    bool                      `json:"meets_targets"`
	Distance float64                   `json:"distance"` // the largest |estimate - value| / tol over the targets
	Error    string                    `json:"error,omitempty"`
	sets     []config.Set
}

// SweepResult is sweep's whole output (--json).
type SweepResult struct {
	Game       string            `json:"game"`
	Variant    string            `json:"variant,omitempty"`
	Players    int               `json:"players"`
	Seats      []string          `json:"seats"`
	Seed       uint64            `json:"seed"`
	Games      int               `json:"games_per_point"`
	Axes       []sweepAxis       `json:"axes"`
	Targets    []sweepTarget     `json:"targets,omitempty"`
	Columns    []string          `json:"columns"`
	Labels     map[string]string `json:"labels"`
	Points     []*SweepPoint     `json:"points"`
	Best       []int             `json:"meeting_targets"` // indices into points, best first
	Confidence float64           `json:"confidence"`
	Command    string            `json:"command"`
	kinds      map[string]string
}

func runSweep(opts *SweepOptions) error {
	if len(opts.Sets) == 0 {
		return usagef("sweep needs at least one --set key=v1,v2,...")
	}
	if opts.Games < 1 {
		return usagef("--games must be at least 1")
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
	var axes []sweepAxis
	for _, s := range opts.Sets {
		ax, err := parseSetFlag(s)
		if err != nil {
			return err
		}
		axes = append(axes, ax)
	}
	var targets []sweepTarget
	for _, s := range opts.Targets {
		t, err := parseTarget(s)
		if err != nil {
			return err
		}
		targets = append(targets, t)
	}
	path, err := variantPath(opts.Game, opts.Variant)
	if err != nil {
		return err
	}
	// every point, loaded before any game is played so a bad value fails at once
	var points []*SweepPoint
	var progs []*scripting.Program
	var grid func(i int, sets []config.Set)
	var loadErr error
	grid = func(i int, sets []config.Set) {
		if loadErr != nil {
			return
		}
		if i == len(axes) {
			p, err := loadWith(path, sets)
			if err != nil {
				loadErr = err
				return
			}
			pt := &SweepPoint{Settings: map[string]string{}, sets: append([]config.Set(nil), sets...)}
			for _, s := range sets {
				pt.Settings[s.Key] = s.Value
			}
			points = append(points, pt)
			progs = append(progs, p)
			return
		}
		for _, v := range axes[i].Values {
			grid(i+1, append(sets, config.Set{Key: axes[i].Key, Value: v}))
		}
	}
	grid(0, nil)
	if loadErr != nil {
		return loadErr
	}
	first := progs[0].Game.Config
	players := opts.Players
	if players == 0 {
		players = first.Players.Default
	}
	var seats []string
	for _, p := range progs {
		cfg := p.Game.Config
		if players < cfg.Players.Min || players > cfg.Players.Max {
			return usagef("--players %d: %s plays with %d..%d", players, p.Game.Name(), cfg.Players.Min, cfg.Players.Max)
		}
		s, err := parseBots(p, opts.Seats)
		if err != nil {
			return err
		}
		seats = cycleSeats(s, players)
	}
	res := &SweepResult{Game: first.ID, Variant: first.Variant, Players: players, Seats: seats, Seed: opts.Seed, Games: opts.Games,
		Axes: axes, Targets: targets, Points: points, Confidence: stats.Confidence, Command: CommandLine(), Labels: map[string]string{},
		Best: []int{}, kinds: map[string]string{}}
	defer batchGC()()
	ctx, stop := stopSignals()
	defer stop()
	all := make([][]core.Result, len(points))
	failed := 0
	var firstErr string
	for i, p := range progs {
		for n, k := range p.Game.Config.Stats {
			res.kinds[n] = k
		}
		batch := lab.Batch{Games: opts.Games, Seed: opts.Seed, Workers: opts.Workers,
			NewWorker: func() (lab.Worker, error) { return p.NewWorker(players, seats, false) }}
		_, err := batch.Run(ctx, func(r core.Result) {
			if r.Error != "" {
				points[i].Failed++
				if points[i].Error == "" {
					points[i].Error = r.Error
				}
				return
			}
			all[i] = append(all[i], r)
		})
		if err != nil {
			fmt.Fprintf(opts.IO.Err, "interrupted at point %d of %d\n", i+1, len(points))
			return &SilentError{Code: ExitError}
		}
		points[i].Games = len(all[i])
		if points[i].Failed > 0 {
			failed += points[i].Failed
			if firstErr == "" {
				firstErr = points[i].Error
			}
		}
	}
	ms := stats.Measures(players, res.kinds, all...)
	for _, m := range ms {
		res.Labels[m.Name] = m.Label
	}
	for i, pt := range points {
		pt.Measures = map[string]stats.Interval{}
		for _, m := range ms {
			var mo stats.Moments
			for _, r := range all[i] {
				mo.Add(m.Of(r))
			}
			pt.Measures[m.Name] = mo.Summarise(m.Kind)
		}
	}
	for _, t := range targets {
		if _, ok := res.Labels[t.Measure]; !ok {
			var names []string
			for _, m := range ms {
				names = append(names, m.Name)
			}
			return usagef("--target %s: no such measure (measures: %s)", t.Measure, strings.Join(names, ", "))
		}
	}
	res.Columns, err = sweepColumns(opts.Measures, ms, targets, players)
	if err != nil {
		return err
	}
	if len(targets) > 0 {
		for i, pt := range points {
			pt.Meets = pt.Games > 0
			for _, t := range targets {
				iv := pt.Measures[t.Measure]
				d := math.Abs(iv.Value-t.Value) / t.Tol
				if math.IsNaN(d) || d > 1 {
					pt.Meets = false
				}
				pt.Distance = math.Max(pt.Distance, d)
			}
			if pt.Meets {
				res.Best = append(res.Best, i)
			}
		}
		sort.SliceStable(res.Best, func(a, b int) bool { return points[res.Best[a]].Distance < points[res.Best[b]].Distance })
	}
	switch {
	case opts.JSON:
		enc := json.NewEncoder(opts.IO.Out)
		enc.SetIndent("", "  ")
		if err := enc.Encode(res); err != nil {
			return err
		}
	case opts.CSV:
		if err := res.writeCSV(opts.IO.Out, ms); err != nil {
			return err
		}
	default:
		res.print(opts.IO.Out)
	}
	if opts.Report != "" {
		if err := res.report().WriteFile(opts.Report); err != nil {
			return err
		}
	}
	if failed > 0 {
		fmt.Fprintf(opts.IO.Err, "%d games failed (left out); the first: %s\n", failed, firstErr)
		return &SilentError{Code: ExitError}
	}
	return nil
}

// sweepColumns picks the table's measures: --measures, else the targets, win rates by seat, score
// spread, moves, rounds, lead changes and the per-game statistics.
func sweepColumns(list string, ms []stats.Measure, targets []sweepTarget, players int) ([]string, error) {
	have := map[string]bool{}
	for _, m := range ms {
		have[m.Name] = true
	}
	var cols []string
	add := func(n string) {
		if have[n] && !contains(cols, n) {
			cols = append(cols, n)
		}
	}
	if list != "" {
		for _, n := range strings.Split(list, ",") {
			n = strings.TrimSpace(n)
			if !have[n] {
				var names []string
				for _, m := range ms {
					names = append(names, m.Name)
				}
				return nil, usagef("--measures: no measure %q (measures: %s)", n, strings.Join(names, ", "))
			}
			add(n)
		}
		return cols, nil
	}
	for _, t := range targets {
		add(t.Measure)
	}
	for s := 0; s < players; s++ {
		add(fmt.Sprintf("win.%d", s))
	}
	for _, n := range []string{"score.spread", "moves", "rounds", "lead_changes"} {
		add(n)
	}
	for _, m := range ms {
		if strings.HasPrefix(m.Name, "stat.") && strings.Count(m.Name, ".") == 1 {
			add(m.Name)
		}
	}
	return cols, nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func (s *SweepResult) name() string {
	if s.Variant != "" {
		return s.Game + "/" + s.Variant
	}
	return s.Game
}

func (s *SweepResult) headline() string {
	return fmt.Sprintf("%s: sweep of %d points, %d games each on the same seeds (seed %d), %d players, seats %s",
		s.name(), len(s.Points), s.Games, s.Seed, s.Players, strings.Join(s.Seats, ","))
}

func (s *SweepResult) pointName(pt *SweepPoint) string {
	var parts []string
	for _, ax := range s.Axes {
		parts = append(parts, ax.Key+"="+pt.Settings[ax.Key])
	}
	return strings.Join(parts, " ")
}

func (s *SweepResult) tableRows() ([]string, [][]string) {
	var header []string
	for _, ax := range s.Axes {
		header = append(header, ax.Key)
	}
	header = append(header, "GAMES")
	for _, c := range s.Columns {
		header = append(header, c)
	}
	if len(s.Targets) > 0 {
		header = append(header, "TARGETS")
	}
	dec := map[string]int{}
	for _, c := range s.Columns {
		var col []stats.Interval
		for _, pt := range s.Points {
			col = append(col, pt.Measures[c])
		}
		dec[c] = decimals(col...)
	}
	var rows [][]string
	for _, pt := range s.Points {
		var row []string
		for _, ax := range s.Axes {
			row = append(row, pt.Settings[ax.Key])
		}
		row = append(row, strconv.Itoa(pt.Games))
		for _, c := range s.Columns {
			row = append(row, formatStat(pt.Measures[c], dec[c]))
		}
		if len(s.Targets) > 0 {
			if pt.Meets {
				row = append(row, "meets")
			} else {
				row = append(row, "-")
			}
		}
		rows = append(rows, row)
	}
	return header, rows
}

func (s *SweepResult) targetText() []string {
	if len(s.Targets) == 0 {
		return nil
	}
	var ts []string
	for _, t := range s.Targets {
		if len(s.Points) > 0 && s.Points[0].Measures[t.Measure].Kind == stats.Rate {
			ts = append(ts, fmt.Sprintf("%s = %.1f%% ± %.1f%%", t.Measure, 100*t.Value, 100*t.Tol))
		} else {
			ts = append(ts, fmt.Sprintf("%s = %g ± %g", t.Measure, t.Value, t.Tol))
		}
	}
	out := []string{"targets: " + strings.Join(ts, ", ")}
	if len(s.Best) == 0 {
		return append(out, "no point meets every target")
	}
	for k, i := range s.Best {
		pt := s.Points[i]
		var vals []string
		for _, t := range s.Targets {
			iv := pt.Measures[t.Measure]
			vals = append(vals, t.Measure+" "+formatStat(iv, decimals(iv)))
		}
		out = append(out, fmt.Sprintf("%d. %s: %s (off by %.2f of the tolerance)", k+1, s.pointName(pt), strings.Join(vals, ", "), pt.Distance))
	}
	return out
}

func (s *SweepResult) print(w io.Writer) {
	fmt.Fprintln(w, s.headline())
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	header, rows := s.tableRows()
	fmt.Fprintln(tw, strings.Join(header, "\t"))
	for _, r := range rows {
		fmt.Fprintln(tw, strings.Join(r, "\t"))
	}
	tw.Flush()
	for _, l := range s.targetText() {
		fmt.Fprintln(w, l)
	}
	fmt.Fprintln(w, "[95% intervals]: Wilson's for rates (%), Student's t for counts and means (n/a under 2 games)")
}

func (s *SweepResult) writeCSV(w io.Writer, ms []stats.Measure) error {
	cw := csv.NewWriter(w)
	num := func(x float64) string {
		if math.IsNaN(x) {
			return ""
		}
		return strconv.FormatFloat(x, 'g', 8, 64)
	}
	header := []string{"point"}
	for _, ax := range s.Axes {
		header = append(header, ax.Key)
	}
	header = append(header, "games", "meets_targets", "measure", "kind", "value", "low", "high", "n")
	cw.Write(header)
	for i, pt := range s.Points {
		for _, m := range ms {
			row := []string{strconv.Itoa(i)}
			for _, ax := range s.Axes {
				row = append(row, pt.Settings[ax.Key])
			}
			iv := pt.Measures[m.Name]
			row = append(row, strconv.Itoa(pt.Games), strconv.FormatBool(pt.Meets), m.Name, m.Kind, num(iv.Value), num(iv.Low), num(iv.High), strconv.Itoa(iv.N))
			cw.Write(row)
		}
	}
	cw.Flush()
	return cw.Error()
}

// report draws each column against the grid: a curve over the values when one numeric key is swept,
// else estimates with intervals at each point.
func (s *SweepResult) report() *Report {
	r := NewReport("ruleslab sweep " + s.name())
	sec := r.Section("Grid")
	sec.AddText("%s.", s.headline())
	header, rows := s.tableRows()
	sec.AddTable(header, rows)
	for _, l := range s.targetText() {
		sec.AddText("%s", l)
	}
	p := r.Section("Sweep curves")
	var xs []float64
	numeric := len(s.Axes) == 1
	if numeric {
		for _, v := range s.Axes[0].Values {
			f, err := strconv.ParseFloat(v, 64)
			if err != nil {
				numeric = false
				break
			}
			xs = append(xs, f)
		}
	}
	var labels []string
	for _, pt := range s.Points {
		labels = append(labels, s.pointName(pt))
	}
	for _, c := range s.Columns {
		var ivs []stats.Interval
		for _, pt := range s.Points {
			ivs = append(ivs, pt.Measures[c])
		}
		scale, unit := 1.0, s.Labels[c]
		if len(ivs) > 0 && ivs[0].Kind == stats.Rate {
			scale, unit = 100, s.Labels[c]+" (%)"
		}
		title := fmt.Sprintf("%s by %s", s.Labels[c], strings.Join(axisKeys(s.Axes), ", "))
		if numeric {
			p.AddPlot(title+" with 95% intervals", CurvePlot(title, s.Axes[0].Key, unit, xs, nil, [][]stats.Interval{ivs}, scale), 14, 9)
		} else {
			p.AddPlot(title+" with 95% intervals", IntervalPlot(title, unit, labels, nil, [][]stats.Interval{ivs}, scale, false), 14, 9)
		}
	}
	return r
}

func axisKeys(axes []sweepAxis) []string {
	var out []string
	for _, a := range axes {
		out = append(out, a.Key)
	}
	return out
}
