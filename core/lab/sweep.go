package lab

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/ruleslab/ruleslab/core/bots"
	"github.com/ruleslab/ruleslab/core/config"
	"github.com/ruleslab/ruleslab/core/stats"
	"github.com/ruleslab/ruleslab/scripting"
)

// SweepOptions are the options of a sweep: a grid of parameter values, each point a batch on the same
// seeds.
type SweepOptions struct {
	Game     string
	Variant  string // base, a bundled variant or a variant YAML path
	Axes     []Axis // the --set flags, parsed (ParseAxis)
	Targets  []Target
	Measures string // the table's columns, comma-separated ("": the default)
	Games    int    // at each point
	Seed     uint64
	Workers  int
	Players  int
	Seats    string
	Ext      bots.ExtOptions // the external bots' limits (cmd:COMMAND seats)
	Command  string          // the command line, for the record
	Report   string          // written by the caller; checked before the first game
	ResultsOptions
	Progress Progress
}

// Axis is one --set: a key and its values.
type Axis struct {
	Key    string   `json:"key"`
	Values []string `json:"values"`
}

// ParseAxis splits key=v1,v2,...; commas inside [] or {} belong to a value.
func ParseAxis(s string) (Axis, error) {
	key, vals, ok := strings.Cut(s, "=")
	key = strings.TrimSpace(key)
	if !ok || key == "" || strings.TrimSpace(vals) == "" {
		return Axis{}, Usagef("--set %q: want key=v1,v2,... (a dotted path such as params.hand_size)", s)
	}
	ax := Axis{Key: key}
	depth, start := 0, 0
	for i := 0; i <= len(vals); i++ {
		if i == len(vals) || (vals[i] == ',' && depth == 0) {
			v := strings.TrimSpace(vals[start:i])
			if v == "" {
				return Axis{}, Usagef("--set %q: an empty value", s)
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

// Target is a --target.
type Target struct {
	Measure string  `json:"measure"`
	Value   float64 `json:"value"`
	Tol     float64 `json:"tolerance"`
}

func ParseTarget(s string) (Target, error) {
	name, rest, ok := strings.Cut(s, "=")
	bad := Usagef("--target %q: want measure=value±tol (or value+-tol), e.g. win.0=50%%±5%% or moves=60+-5", s)
	if !ok {
		return Target{}, bad
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
		return Target{}, bad
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
	t := Target{Measure: strings.TrimSpace(name)}
	var ok1, ok2 bool
	t.Value, ok1 = num(v)
	t.Tol, ok2 = num(tol)
	if !ok1 || !ok2 || t.Tol <= 0 {
		return Target{}, bad
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
	Axes       []Axis            `json:"axes"`
	Targets    []Target          `json:"targets,omitempty"`
	Columns    []string          `json:"columns"`
	Labels     map[string]string `json:"labels"`
	Points     []*SweepPoint     `json:"points"`
	Best       []int             `json:"meeting_targets"` // indices into points, best first
	Confidence float64           `json:"confidence"`
	Command    string            `json:"command"`
	// Failed counts the failed games (left out), FirstErr is the first failure.
	Failed   int    `json:"-"`
	FirstErr string `json:"-"`
	kinds    map[string]string
	ms       []stats.Measure
	sums     *stats.MeasureSums
}

// Measures are the measures every point was summarised by, in report order.
func (s *SweepResult) Measures() []stats.Measure { return s.ms }

// Interrupted is a batch stopped by its context before it finished, with nothing to report.
type Interrupted struct{ Msg string }

func (e *Interrupted) Error() string { return e.Msg }

// Sweep plays every point of the grid on the same seeds and measures each; with targets, it ranks the
// points that meet them. It returns an *Interrupted if ctx is cancelled.
func Sweep(ctx context.Context, o *SweepOptions) (*SweepResult, error) {
	path, err := VariantPath(o.Game, o.Variant)
	if err != nil {
		return nil, err
	}
	// every point, loaded before any game is played so a bad value fails at once
	points, progs, err := loadGrid(path, o.Axes)
	if err != nil {
		return nil, err
	}
	first := progs[0].Game.Config
	players := o.Players
	if players == 0 {
		players = first.Players.Default
		if listed, err := Seats(bots.For(progs[0], o.Ext), o.Seats); err == nil {
			players = SeatedPlayers(progs[0], 0, players, len(listed))
		}
	}
	var seats, inputs []string
	for _, p := range progs {
		inputs = append(inputs, GameInputs(p, nil)...)
		if err := checkPlayers(p, players); err != nil {
			return nil, err
		}
		s, err := Seats(bots.For(p, o.Ext), o.Seats)
		if err != nil {
			return nil, err
		}
		seats = CycleSeats(s, players)
	}
	if err := CheckOutputs(append(inputs, GameInputs(progs[0], seats)...), map[string]string{"--out": o.Out, "--report": o.Report}); err != nil {
		return nil, err
	}
	res := &SweepResult{Game: first.ID, Variant: first.Variant, Players: players, Seats: seats, Seed: o.Seed, Games: o.Games,
		Axes: o.Axes, Targets: o.Targets, Points: points, Confidence: stats.Confidence, Command: o.Command, Labels: map[string]string{},
		Best: []int{}, kinds: map[string]string{}}
	for _, p := range progs {
		for n, k := range p.Game.Config.Stats {
			res.kinds[n] = k
		}
	}
	res.sums = stats.NewMeasureSums(players, len(points), res.kinds)
	defer TuneGC()()
	if err := res.play(ctx, o, progs); err != nil {
		return nil, err
	}
	return res, res.measure(o.Measures)
}

// loadGrid loads the program of every point of the grid. A point that fails does not stop it: every
// wrong value of the grid is reported, each problem once (see gridProblems).
func loadGrid(path string, axes []Axis) ([]*SweepPoint, []*scripting.Program, error) {
	var points []*SweepPoint
	var progs []*scripting.Program
	problems := &gridProblems{seen: map[string]bool{}}
	var grid func(i int, sets []config.Set)
	grid = func(i int, sets []config.Set) {
		if i < len(axes) {
			for _, v := range axes[i].Values {
				grid(i+1, append(sets, config.Set{Key: axes[i].Key, Value: v}))
			}
			return
		}
		p, err := LoadWith(path, sets)
		if err != nil {
			problems.add(err)
			return
		}
		pt := &SweepPoint{Settings: map[string]string{}, sets: append([]config.Set(nil), sets...)}
		for _, s := range sets {
			pt.Settings[s.Key] = s.Value
		}
		points = append(points, pt)
		progs = append(progs, p)
	}
	grid(0, nil)
	if err := problems.err(); err != nil {
		return nil, nil, err
	}
	return points, progs, nil
}

// gridProblems gathers the problems of the grid's points: a wrong value, or the file's own problem,
// fails every point it is part of, and is reported once.
type gridProblems struct {
	seen map[string]bool
	errs []error
}

func (g *gridProblems) add(err error) {
	for _, e := range config.ErrorParts(err) {
		if !g.seen[e.Error()] {
			g.seen[e.Error()] = true
			g.errs = append(g.errs, e)
		}
	}
}

// err is nil, the one problem as it came, or every problem joined.
func (g *gridProblems) err() error {
	if len(g.errs) == 1 {
		return g.errs[0]
	}
	return errors.Join(g.errs...) // nil for none
}

// measure works out every measure at every point, the table's columns and the points that meet the
// targets.
func (res *SweepResult) measure(columns string) error {
	ms := res.sums.Measures()
	res.ms = ms
	for _, m := range ms {
		res.Labels[m.Name] = m.Label
	}
	for i, pt := range res.Points {
		pt.Measures = map[string]stats.Interval{}
		for _, m := range ms {
			mo := res.sums.Of(m.Name, i)
			pt.Measures[m.Name] = mo.Summarise(m.Kind)
		}
	}
	for _, t := range res.Targets {
		if _, ok := res.Labels[t.Measure]; !ok {
			return Usagef("--target %s: no such measure (measures: %s)", t.Measure, strings.Join(measureNames(ms), ", "))
		}
	}
	var err error
	if res.Columns, err = sweepColumns(columns, ms, res.Targets, res.Players); err != nil {
		return err
	}
	if len(res.Targets) > 0 {
		res.rank()
	}
	return nil
}

// rank marks the points that meet every target and lists them, closest first.
func (res *SweepResult) rank() {
	for i, pt := range res.Points {
		pt.Meets = pt.Games > 0
		for _, t := range res.Targets {
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
	sort.SliceStable(res.Best, func(a, b int) bool { return res.Points[res.Best[a]].Distance < res.Points[res.Best[b]].Distance })
}

func measureNames(ms []stats.Measure) []string {
	var names []string
	for _, m := range ms {
		names = append(names, m.Name)
	}
	return names
}

// sweepColumns picks the table's measures: --measures, else the targets, win rates by seat, score
// spread, moves, rounds, lead changes and the per-game statistics.
func sweepColumns(list string, ms []stats.Measure, targets []Target, players int) ([]string, error) {
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
				return nil, Usagef("--measures: no measure %q (measures: %s)", n, strings.Join(measureNames(ms), ", "))
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
