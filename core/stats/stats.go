package stats

import (
	"encoding/json"
	"fmt"
	"math"
	"sort"

	"gonum.org/v1/gonum/stat/distuv"

	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/core/config"
)

// Kind says how a statistic is summarised. It is declared (the YAML `stats:` key; fixed for the
// built-in measures), never guessed from the values.
type Kind = string

// The kinds of statistic, as spelled in YAML and JSON.
const (
	Rate  Kind = config.StatRate  // a per-game yes/no: the share of games, with Wilson's interval
	Count Kind = config.StatCount // a per-game count: the mean per game, with Student's t interval
	Mean  Kind = config.StatMean  // a per-game value: the mean per game, with Student's t interval
)

// The interval methods, as named in JSON.
const (
	MethodWilson   = "wilson"
	MethodStudentT = "student-t"
)

// Confidence is the level of every interval.
const Confidence = 0.95

// Interval is an estimate over N games with its 95% confidence interval. Low and High are NaN when
// the interval is undefined (Student's t needs N >= 2), Value too when N is 0; JSON shows them as null.
type Interval struct {
	Value  float64
	Low    float64
	High   float64
	Kind   Kind   // rate, count or mean
	Method string // MethodWilson for a rate, MethodStudentT otherwise
	N      int    // the number of games
}

// Defined reports whether the interval has bounds.
func (iv Interval) Defined() bool { return !math.IsNaN(iv.Low) && !math.IsNaN(iv.High) }

// ExcludesZero reports whether the interval is defined and 0 lies outside it: a difference it resolves.
func (iv Interval) ExcludesZero() bool { return iv.Defined() && (iv.Low > 0 || iv.High < 0) }

func jsonNumber(f float64) *float64 {
	if math.IsNaN(f) {
		return nil
	}
	return &f
}

// MarshalJSON writes {"value", "low", "high", "kind", "method", "n"}; an undefined number is null.
func (iv Interval) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Value  *float64 `json:"value"`
		Low    *float64 `json:"low"`
		High   *float64 `json:"high"`
		Kind   Kind     `json:"kind"`
		Method string   `json:"method"`
		N      int      `json:"n"`
	}{jsonNumber(iv.Value), jsonNumber(iv.Low), jsonNumber(iv.High), iv.Kind, iv.Method, iv.N})
}

// UnmarshalJSON reads what MarshalJSON writes (null as NaN).
func (iv *Interval) UnmarshalJSON(data []byte) error {
	var v struct {
		Value, Low, High *float64
		Kind             Kind
		Method           string
		N                int
	}
	if err := json.Unmarshal(data, &v); err != nil {
		return err
	}
	num := func(p *float64) float64 {
		if p == nil {
			return math.NaN()
		}
		return *p
	}
	*iv = Interval{Value: num(v.Value), Low: num(v.Low), High: num(v.High), Kind: v.Kind, Method: v.Method, N: v.N}
	return nil
}

// z95 is the standard normal's 97.5% quantile.
const z95 = 1.959963984540054

// Wilson returns the 95% Wilson score interval of k successes in n trials (a rate). With n = 0 nothing
// is known: every number is NaN.
func Wilson(k, n int) Interval {
	iv := Interval{Kind: Rate, Method: MethodWilson, N: n}
	if n == 0 {
		iv.Value, iv.Low, iv.High = math.NaN(), math.NaN(), math.NaN()
		return iv
	}
	p := float64(k) / float64(n)
	nf := float64(n)
	den := 1 + z95*z95/nf
	centre := (p + z95*z95/(2*nf)) / den
	half := z95 * math.Sqrt(p*(1-p)/nf+z95*z95/(4*nf*nf)) / den
	iv.Value, iv.Low, iv.High = p, math.Max(0, centre-half), math.Min(1, centre+half)
	return iv
}

// TQuantile is Student's t distribution's quantile p with df degrees of freedom.
func TQuantile(p float64, df int) float64 {
	return distuv.StudentsT{Mu: 0, Sigma: 1, Nu: float64(df)}.Quantile(p)
}

// StudentT returns the mean of n values with sample standard deviation sd and its 95% Student's t
// interval, mean ± t(0.975, n-1)·sd/√n, of the given kind (count or mean). With n < 2 the interval is
// undefined (NaN bounds); with n = 0 the mean too. A constant statistic (sd = 0) has the interval
// [mean, mean].
func StudentT(mean, sd float64, n int, kind Kind) Interval {
	iv := Interval{Value: mean, Low: math.NaN(), High: math.NaN(), Kind: kind, Method: MethodStudentT, N: n}
	if n == 0 {
		iv.Value = math.NaN()
	}
	if n < 2 {
		return iv
	}
	half := TQuantile(1-(1-Confidence)/2, n-1) * sd / math.Sqrt(float64(n))
	iv.Low, iv.High = mean-half, mean+half
	return iv
}

// Moments accumulates a mean and variance (Welford) of per-game values, and how many were exactly 1
// and how many neither 0 nor 1 (for a rate).
type Moments struct {
	N     int
	mean  float64
	m2    float64
	ones  int
	other int
}

// Add records one observation.
func (m *Moments) Add(x float64) {
	switch x {
	case 1:
		m.ones++
	case 0:
	default:
		m.other++
	}
	m.N++
	d := x - m.mean
	m.mean += d / float64(m.N)
	m.m2 += d * (x - m.mean)
}

// Zeros returns the moments of n observations of 0.
func Zeros(n int) Moments { return Moments{N: n} }

// SD is the sample standard deviation (0 with fewer than 2 observations).
func (m *Moments) SD() float64 {
	if m.N < 2 {
		return 0
	}
	return math.Sqrt(m.m2 / float64(m.N-1))
}

// Summarise returns the statistic as its kind asks: a rate as the share of games that recorded 1
// (Wilson), a count or mean as the mean with Student's t interval.
func (m *Moments) Summarise(kind Kind) Interval {
	if kind == Rate {
		return Wilson(m.ones, m.N)
	}
	return StudentT(m.mean, m.SD(), m.N, kind)
}

// SeatSummary is one seat's line in a batch report.
type SeatSummary struct {
	Seat      int                 `json:"seat"`
	Bot       string              `json:"bot"`
	Wins      int                 `json:"wins"`
	WinRate   Interval            `json:"win_rate"`
	Score     Interval            `json:"score"`
	ScoreDist Quantiles           `json:"score_distribution"`
	Stats     map[string]Interval `json:"stats,omitempty"`
}

// Quantiles summarise a distribution: minimum, quartiles and maximum.
type Quantiles struct {
	Min    float64 `json:"min"`
	Q1     float64 `json:"q1"`
	Median float64 `json:"median"`
	Q3     float64 `json:"q3"`
	Max    float64 `json:"max"`
}

// QuantilesOf computes the quantiles of values (nearest-rank on a sorted copy).
func QuantilesOf(values []int) Quantiles {
	if len(values) == 0 {
		return Quantiles{}
	}
	v := append([]int(nil), values...)
	sort.Ints(v)
	at := func(p float64) float64 { return float64(v[int(math.Round(p*float64(len(v)-1)))]) }
	return Quantiles{Min: at(0), Q1: at(0.25), Median: at(0.5), Q3: at(0.75), Max: at(1)}
}

// QuantilesOfCounts computes the quantiles of the values counted in counts (value → how many), the
// same as QuantilesOf on the values listed: memory grows with the distinct values, not the games.
func QuantilesOfCounts(counts map[int]int) Quantiles {
	n := 0
	keys := make([]int, 0, len(counts))
	for v, c := range counts {
		keys = append(keys, v)
		n += c
	}
	if n == 0 {
		return Quantiles{}
	}
	sort.Ints(keys)
	at := func(p float64) float64 {
		rank := int(math.Round(p * float64(n-1)))
		for _, k := range keys {
			if rank < counts[k] {
				return float64(k)
			}
			rank -= counts[k]
		}
		return float64(keys[len(keys)-1])
	}
	return Quantiles{Min: at(0), Q1: at(0.25), Median: at(0.5), Q3: at(0.75), Max: at(1)}
}

// Summary is a batch report. Every statistic is over the Games finished games: a game that did not
// record a statistic counts 0 for it.
type Summary struct {
	Game       string              `json:"game"`
	Variant    string              `json:"variant,omitempty"`
	Players    int                 `json:"players"`
	Seed       uint64              `json:"seed"`
	Games      int                 `json:"games"`
	Failed     int                 `json:"failed"`
	Confidence float64             `json:"confidence"`
	Length     Interval            `json:"length"`
	NoWinner   int                 `json:"no_winner"`
	Seats      []SeatSummary       `json:"seats"`
	GameStats  map[string]Interval `json:"game_stats,omitempty"`
	// Undeclared lists the statistics the hooks recorded that the YAML `stats:` does not declare; they
	// are reported as counts.
	Undeclared []string `json:"undeclared,omitempty"`
	// Problems lists values a declared kind does not allow (a rate that is neither 0 nor 1).
	Problems []string `json:"problems,omitempty"`
}

// Tally aggregates results in the order they are added.
type Tally struct {
	players  int
	games    int
	failed   int
	noWinner int
	wins     []int
	scores   []Moments
	dist     []map[int]int // how many games ended with each total, per seat: exact quantiles in bounded memory
	length   Moments
	kinds    map[string]Kind
	seat     map[string][]Moments
	game     map[string]*Moments
	bots     []string
}

// NewTally starts an empty tally. kinds declares each statistic's kind (the YAML `stats:`): a
// declared statistic is reported even if no game records it (as 0 in every game); one that is not
// declared is reported as a count.
func NewTally(players int, bots []string, kinds map[string]Kind) *Tally {
	return &Tally{players: players, wins: make([]int, players), scores: make([]Moments, players), dist: make([]map[int]int, players),
		kinds: kinds, seat: map[string][]Moments{}, game: map[string]*Moments{}, bots: bots}
}

// Add records a result. Failed games are counted, not averaged. A statistic this game did not record
// counts 0 in it; one first recorded now counts 0 in every earlier game.
func (t *Tally) Add(r core.Result) {
	if r.Error != "" {
		t.failed++
		return
	}
	before := t.games
	t.games++
	for _, w := range r.Winners {
		t.wins[w]++
	}
	if len(r.Winners) == 0 {
		t.noWinner++
	}
	for i, s := range r.Totals {
		t.scores[i].Add(float64(s))
		if t.dist[i] == nil {
			t.dist[i] = map[int]int{}
		}
		t.dist[i][s]++
	}
	t.length.Add(float64(r.Length()))
	for name := range r.SeatStats {
		if t.seat[name] == nil {
			ms := make([]Moments, t.players)
			for i := range ms {
				ms[i] = Zeros(before)
			}
			t.seat[name] = ms
		}
	}
	for name, ms := range t.seat {
		vals := r.SeatStats[name]
		for i := range ms {
			v := 0.0
			if i < len(vals) {
				v = vals[i]
			}
			ms[i].Add(v)
		}
	}
	for name := range r.GameStats {
		if t.game[name] == nil {
			m := Zeros(before)
			t.game[name] = &m
		}
	}
	for name, m := range t.game {
		m.Add(r.GameStats[name]) // 0 when not recorded
	}
}

// kind is a statistic's declared kind, count when undeclared.
func (t *Tally) kind(name string) (Kind, bool) {
	if k, ok := t.kinds[name]; ok {
		return k, true
	}
	return Count, false
}

// Summary returns the report so far.
func (t *Tally) Summary() Summary {
	s := Summary{Players: t.players, Games: t.games, Failed: t.failed, NoWinner: t.noWinner, Confidence: Confidence,
		Length: t.length.Summarise(Count)}
	// Per-game statistics are those the `stats` hook returned under `game`; every other statistic, a
	// declared one that no game recorded included, is per seat.
	seat := map[string][]Moments{}
	for n, ms := range t.seat {
		seat[n] = ms
	}
	for n := range t.kinds {
		if seat[n] == nil && t.game[n] == nil {
			ms := make([]Moments, t.players)
			for i := range ms {
				ms[i] = Zeros(t.games)
			}
			seat[n] = ms
		}
	}
	undeclared := map[string]bool{}
	check := func(name string, m *Moments, where string) Interval {
		k, declared := t.kind(name)
		if !declared {
			undeclared[name] = true
		}
		if k == Rate && m.other > 0 {
			s.Problems = append(s.Problems, fmt.Sprintf("statistic %s is declared a rate (0 or 1 per game) but %s recorded other values in %d of %d games",
				name, where, m.other, m.N))
		}
		return m.Summarise(k)
	}
	names := sortedNames(seat)
	for i := 0; i < t.players; i++ {
		ss := SeatSummary{Seat: i, Bot: t.bots[i], Wins: t.wins[i], WinRate: Wilson(t.wins[i], t.games),
			Score: t.scores[i].Summarise(Mean), ScoreDist: QuantilesOfCounts(t.dist[i])}
		if len(names) > 0 {
			ss.Stats = map[string]Interval{}
			for _, n := range names {
				ss.Stats[n] = check(n, &seat[n][i], fmt.Sprintf("seat %d", i))
			}
		}
		s.Seats = append(s.Seats, ss)
	}
	if len(t.game) > 0 {
		s.GameStats = map[string]Interval{}
		for _, n := range sortedNames(t.game) {
			s.GameStats[n] = check(n, t.game[n], "the game")
		}
	}
	for n := range undeclared {
		s.Undeclared = append(s.Undeclared, n)
	}
	sort.Strings(s.Undeclared)
	return s
}

func sortedNames[V any](m map[string]V) []string {
	names := make([]string, 0, len(m))
	for n := range m {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// StatNames lists the per-seat statistic names, sorted.
func (s Summary) StatNames() []string {
	if len(s.Seats) == 0 {
		return nil
	}
	return sortedNames(s.Seats[0].Stats)
}

// GameStatNames lists the per-game statistic names, sorted.
func (s Summary) GameStatNames() []string { return sortedNames(s.GameStats) }
