package core

import (
	"math"
	"sort"
)

// Interval is an estimate with its 95% confidence interval.
type Interval struct {
	Value float64 `json:"value"`
	Low   float64 `json:"low"`
	High  float64 `json:"high"`
	Share bool    `json:"share,omitempty"` // a share of games (a 0/1 statistic), with Wilson's interval
}

const z95 = 1.959963984540054

// Wilson returns the 95% Wilson score interval of k successes in n trials.
func Wilson(k, n int) Interval {
	if n == 0 {
		return Interval{}
	}
	p := float64(k) / float64(n)
	nf := float64(n)
	den := 1 + z95*z95/nf
	centre := (p + z95*z95/(2*nf)) / den
	half := z95 * math.Sqrt(p*(1-p)/nf+z95*z95/(4*nf*nf)) / den
	return Interval{Value: p, Low: math.Max(0, centre-half), High: math.Min(1, centre+half)}
}

// Moments accumulates a mean and variance (Welford), for a mean with a normal 95% interval. When every
// observation is 0 or 1 (a per-game yes/no, such as "this seat was eliminated") the mean is a share and
// gets the Wilson interval instead, which stays inside [0, 1] and is honest for rare events.
type Moments struct {
	N         int
	mean      float64
	m2        float64
	ones      int
	nonBinary bool
}

// Add records one observation.
func (m *Moments) Add(x float64) {
	switch x {
	case 1:
		m.ones++
	case 0:
	default:
		m.nonBinary = true
	}
	m.N++
	d := x - m.mean
	m.mean += d / float64(m.N)
	m.m2 += d * (x - m.mean)
}

// Binary reports whether every observation so far was 0 or 1.
func (m *Moments) Binary() bool { return m.N > 0 && !m.nonBinary }

// Mean returns the mean and its 95% interval: Wilson's for 0/1 observations, otherwise the normal
// approximation (the interval is the point when N<2).
func (m *Moments) Mean() Interval {
	if m.Binary() {
		iv := Wilson(m.ones, m.N)
		iv.Share = true
		return iv
	}
	if m.N < 2 {
		return Interval{Value: m.mean, Low: m.mean, High: m.mean}
	}
	sd := math.Sqrt(m.m2 / float64(m.N-1))
	half := z95 * sd / math.Sqrt(float64(m.N))
	return Interval{Value: m.mean, Low: m.mean - half, High: m.mean + half}
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

// Summary is a batch report.
type Summary struct {
	Game      string              `json:"game"`
	Variant   string              `json:"variant,omitempty"`
	Players   int                 `json:"players"`
	Seed      uint64              `json:"seed"`
	Games     int                 `json:"games"`
	Failed    int                 `json:"failed"`
	Length    Interval            `json:"length"`
	NoWinner  int                 `json:"no_winner"`
	Seats     []SeatSummary       `json:"seats"`
	GameStats map[string]Interval `json:"game_stats,omitempty"`
}

// Tally aggregates results in the order they are added.
type Tally struct {
	players  int
	games    int
	failed   int
	noWinner int
	wins     []int
	scores   []Moments
	all      [][]int // every total, per seat, for the distribution
	length   Moments
	stats    map[string][]Moments
	game     map[string]*Moments
	bots     []string
}

// NewTally starts an empty tally.
func NewTally(players int, bots []string) *Tally {
	return &Tally{players: players, wins: make([]int, players), scores: make([]Moments, players), all: make([][]int, players),
		stats: map[string][]Moments{}, game: map[string]*Moments{}, bots: bots}
}

// Add records a result. Failed games are counted, not averaged.
func (t *Tally) Add(r Result) {
	if r.Error != "" {
		t.failed++
		return
	}
	t.games++
	for _, w := range r.Winners {
		t.wins[w]++
	}
	if len(r.Winners) == 0 {
		t.noWinner++
	}
	for i, s := range r.Totals {
		t.scores[i].Add(float64(s))
		t.all[i] = append(t.all[i], s)
	}
	t.length.Add(float64(r.Length()))
	for name, vals := range r.SeatStats {
		ms := t.stats[name]
		if ms == nil {
			ms = make([]Moments, t.players)
			t.stats[name] = ms
		}
		for i, v := range vals {
			ms[i].Add(v)
		}
	}
	for name, v := range r.GameStats {
		m := t.game[name]
		if m == nil {
			m = &Moments{}
			t.game[name] = m
		}
		m.Add(v)
	}
}

// Summary returns the report so far.
func (t *Tally) Summary() Summary {
	s := Summary{Players: t.players, Games: t.games, Failed: t.failed, NoWinner: t.noWinner, Length: t.length.Mean()}
	names := make([]string, 0, len(t.stats))
	for n := range t.stats {
		names = append(names, n)
	}
	sort.Strings(names)
	for i := 0; i < t.players; i++ {
		ss := SeatSummary{Seat: i, Bot: t.bots[i], Wins: t.wins[i], WinRate: Wilson(t.wins[i], t.games), Score: t.scores[i].Mean(),
			ScoreDist: QuantilesOf(t.all[i])}
		if len(names) > 0 {
			ss.Stats = map[string]Interval{}
			for _, n := range names {
				ss.Stats[n] = t.stats[n][i].Mean()
			}
		}
		s.Seats = append(s.Seats, ss)
	}
	if len(t.game) > 0 {
		s.GameStats = map[string]Interval{}
		for n, m := range t.game {
			s.GameStats[n] = m.Mean()
		}
	}
	return s
}

// StatNames lists the per-seat statistic names seen, sorted.
func (s Summary) StatNames() []string {
	if len(s.Seats) == 0 {
		return nil
	}
	var names []string
	for n := range s.Seats[0].Stats {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}
