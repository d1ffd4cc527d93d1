package stats

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"sort"

	"github.com/ruleslab/ruleslab/core"
)

// Schedule lists the seatings of a tournament between bots (indices into the bot list) at players
// seats: every assignment of bots to seats in which each bot holds ⌊players/bots⌋ or ⌈players/bots⌉
// seats and, with more seats than bots, as many bots as needed hold the extra seat. The set is closed
// under permutation of the seats and of the bots, so over one pass of the schedule every bot plays
// every seat equally often and every pair of bots meets equally often. With at least as many bots as
// seats each bot holds at most one seat.
func Schedule(bots, players int) ([][]int, error) {
	if bots < 1 || players < 1 {
		return nil, fmt.Errorf("a tournament needs bots and seats")
	}
	if math.Pow(float64(bots), float64(players)) > 2e6 {
		return nil, fmt.Errorf("%d bots at %d seats make too many seatings", bots, players)
	}
	q, r := players/bots, players%bots
	var out [][]int
	a := make([]int, players)
	counts := make([]int, bots)
	var rec func(seat int)
	rec = func(seat int) {
		if seat == players {
			extra := 0
			for _, c := range counts {
				switch c {
				case q:
				case q + 1:
					extra++
				default:
					return
				}
			}
			if extra == r {
				out = append(out, append([]int(nil), a...))
			}
			return
		}
		for b := 0; b < bots; b++ {
			if counts[b] > q || (counts[b] == q && r == 0) {
				continue
			}
			a[seat] = b
			counts[b]++
			rec(seat + 1)
			counts[b]--
		}
	}
	rec(0)
	return out, nil
}

// BotReport is one bot's line in a tournament report. Its games are seat-games: a bot that holds two
// seats of a game plays two.
type BotReport struct {
	Bot       string   `json:"bot"`
	SeatGames int      `json:"seat_games"`
	Wins      int      `json:"wins"`
	WinRate   Interval `json:"win_rate"`
	Score     Interval `json:"score"`
	Rating    Rating   `json:"rating"`
}

// Rating is a Bradley-Terry strength on the Elo scale (400·log10 of the strength; the bots' mean is 0)
// with its 95% bootstrap interval (percentiles over resampled games).
type Rating struct {
	Value float64 `json:"value"`
	Low   float64 `json:"low"`
	High  float64 `json:"high"`
}

// HeadToHead compares two bots game by game, over the games in which both played. In one game, each
// pair of seats (one A's, one B's) is ahead for A when A's seat won and B's did not, behind in the
// reverse case, else level; A finished ahead in that game when it has more pairs ahead than behind,
// behind when fewer, and the game is level otherwise. Rate is the share of decisive games A finished
// ahead in, with Wilson's interval: A beats B significantly when its low end is above 50%. The unit is
// the game, not the pair: the pairs of one game share its winner (when A holds two seats and B wins,
// both pairs are behind), so counting pairs as independent draws would make the interval too narrow.
type HeadToHead struct {
	A      string   `json:"a"`
	B      string   `json:"b"`
	Ahead  int      `json:"ahead"`  // games A finished ahead of B in
	Behind int      `json:"behind"` // games A finished behind B in
	Ties   int      `json:"ties"`   // games both played that neither finished ahead in
	Rate   Interval `json:"rate"`
}

// Significant reports whether A finished ahead of B in significantly more than half the decisive games.
func (h HeadToHead) Significant() bool { return h.Rate.Defined() && h.Rate.Low > 0.5 }

// TournamentReport is the whole report.
type TournamentReport struct {
	Game       string       `json:"game"`
	Variant    string       `json:"variant,omitempty"`
	Players    int          `json:"players"`
	Seed       uint64       `json:"seed"`
	Games      int          `json:"games"`
	Failed     int          `json:"failed"`
	Seatings   int          `json:"seatings"`
	Confidence float64      `json:"confidence"`
	Bots       []BotReport  `json:"bots"`
	HeadToHead []HeadToHead `json:"head_to_head"`
	Bootstrap  int          `json:"bootstrap_samples"`
}

// pairOutcome is one decisive pair of one game: bot w's seat won, bot l's did not.
type pairOutcome struct{ w, l int }

// Tournament accumulates a tournament's results.
type Tournament struct {
	bots   []string
	byName map[string]int
	wins   []int
	seatN  []int
	scores []Moments
	ahead  [][]int // games the row's bot finished ahead of the column's in
	ties   [][]int // games both played and neither finished ahead in
	// The decisive pairs of the finished games, for the rating and its bootstrap: each distinct set of
	// pairs once, with how many games had it, so the tally does not grow with the games.
	patterns [][]pairOutcome
	counts   []int
	index    map[string]int
	games    int
	failed   int
}

// NewTournament starts an empty tally for these bots.
func NewTournament(bots []string) *Tournament {
	t := &Tournament{bots: bots, byName: map[string]int{}, wins: make([]int, len(bots)), seatN: make([]int, len(bots)),
		scores: make([]Moments, len(bots)), index: map[string]int{}}
	for i, b := range bots {
		t.byName[b] = i
		t.ahead = append(t.ahead, make([]int, len(bots)))
		t.ties = append(t.ties, make([]int, len(bots)))
	}
	return t
}

// Add records one game; r.Seats names the bot of each seat.
func (t *Tournament) Add(r core.Result) {
	if r.Error != "" {
		t.failed++
		return
	}
	won := make([]bool, len(r.Seats))
	for _, w := range r.Winners {
		won[w] = true
	}
	var pairs []pairOutcome
	n := len(t.bots)
	balance := make([]int, n*n) // this game's pairs ahead minus behind, of the row's bot over the column's
	present := make([]bool, n)
	for i, name := range r.Seats {
		a := t.byName[name]
		present[a] = true
		t.seatN[a]++
		if won[i] {
			t.wins[a]++
		}
		t.scores[a].Add(float64(r.Totals[i]))
		for j := i + 1; j < len(r.Seats); j++ {
			b := t.byName[r.Seats[j]]
			if a == b {
				continue
			}
			switch {
			case won[i] && !won[j]:
				balance[a*n+b]++
				balance[b*n+a]--
				pairs = append(pairs, pairOutcome{a, b})
			case won[j] && !won[i]:
				balance[b*n+a]++
				balance[a*n+b]--
				pairs = append(pairs, pairOutcome{b, a})
			}
		}
	}
	for a := 0; a < n; a++ {
		for b := a + 1; b < n; b++ {
			if !present[a] || !present[b] {
				continue
			}
			switch d := balance[a*n+b]; {
			case d > 0:
				t.ahead[a][b]++
			case d < 0:
				t.ahead[b][a]++
			default:
				t.ties[a][b]++
				t.ties[b][a]++
			}
		}
	}
	t.addPattern(pairs)
}

// addPattern counts a game's decisive pairs.
func (t *Tournament) addPattern(pairs []pairOutcome) {
	key := fmt.Sprint(pairs)
	k, ok := t.index[key]
	if !ok {
		k = len(t.patterns)
		t.index[key] = k
		t.patterns = append(t.patterns, pairs)
		t.counts = append(t.counts, 0)
	}
	t.counts[k]++
	t.games++
}

// resample draws the games of a bootstrap sample: as many games as were played, each uniformly at
// random, counted per pattern (game i of the draw is the pattern whose cumulative count covers i).
func (t *Tournament) resample(rng *rand.Rand, cum, weights []int) {
	for i := range weights {
		weights[i] = 0
	}
	for range t.games {
		weights[sort.SearchInts(cum, rng.IntN(t.games)+1)]++
	}
}

// Report summarises the tournament; the rating's bootstrap draws boot resamples of the games from a
// generator seeded with seed. A cancelled ctx stops the bootstrap: the intervals are then those of the
// resamples drawn, which Bootstrap counts (below boot).
func (t *Tournament) Report(ctx context.Context, seed uint64, boot int) TournamentReport {
	n := len(t.bots)
	rep := TournamentReport{Games: t.games, Failed: t.failed, Confidence: Confidence}
	rating := fitBT(n, t.patterns, t.counts)
	samples := t.bootstrap(ctx, seed, boot)
	if len(samples) > 0 {
		rep.Bootstrap = len(samples[0])
	}
	for i, b := range t.bots {
		br := BotReport{Bot: b, SeatGames: t.seatN[i], Wins: t.wins[i], WinRate: Wilson(t.wins[i], t.seatN[i]),
			Score: t.scores[i].Summarise(Mean), Rating: Rating{Value: rating[i], Low: math.NaN(), High: math.NaN()}}
		if len(samples[i]) > 1 {
			sort.Float64s(samples[i])
			br.Rating.Low, br.Rating.High = percentile(samples[i], 0.025), percentile(samples[i], 0.975)
		}
		rep.Bots = append(rep.Bots, br)
	}
	for a := 0; a < n; a++ {
		for b := 0; b < n; b++ {
			if a == b {
				continue
			}
			h := HeadToHead{A: t.bots[a], B: t.bots[b], Ahead: t.ahead[a][b], Behind: t.ahead[b][a], Ties: t.ties[a][b]}
			h.Rate = Wilson(h.Ahead, h.Ahead+h.Behind)
			rep.HeadToHead = append(rep.HeadToHead, h)
		}
	}
	return rep
}

// bootstrap fits the ratings to boot resamples of the games (none without games) and returns each
// bot's fitted ratings, one per resample drawn before ctx was cancelled.
func (t *Tournament) bootstrap(ctx context.Context, seed uint64, boot int) [][]float64 {
	n := len(t.bots)
	samples := make([][]float64, n)
	rng := rand.New(rand.NewPCG(seed, 0xb007))
	cum := make([]int, len(t.counts))
	for i, c := range t.counts {
		cum[i] = c
		if i > 0 {
			cum[i] += cum[i-1]
		}
	}
	weights := make([]int, len(t.patterns))
	for k := 0; k < boot && t.games > 0 && ctx.Err() == nil; k++ {
		t.resample(rng, cum, weights)
		r := fitBT(n, t.patterns, weights)
		for i := range r {
			samples[i] = append(samples[i], r[i])
		}
	}
	return samples
}

// MarshalJSON writes {"value", "low", "high"}; undefined bounds are null.
func (r Rating) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Value *float64 `json:"value"`
		Low   *float64 `json:"low"`
		High  *float64 `json:"high"`
	}{jsonNumber(r.Value), jsonNumber(r.Low), jsonNumber(r.High)})
}

func percentile(sorted []float64, p float64) float64 {
	return sorted[int(math.Round(p*float64(len(sorted)-1)))]
}

// fitBT fits Bradley-Terry strengths to the decisive pairs of the games (each pattern of pairs weighted
// by its games)
// by Hunter's MM iteration and returns them on the Elo scale, mean 0. Every pair of bots gets half a
// win each way as a prior, so a bot that never won has a finite rating.
func fitBT(n int, games [][]pairOutcome, weights []int) []float64 {
	w := make([]float64, n)   // wins
	m := make([][]float64, n) // comparisons per pair
	for i := range m {
		m[i] = make([]float64, n)
		for j := range m[i] {
			if i != j {
				m[i][j] = 1
				w[i] += 0.5
			}
		}
	}
	for g, pairs := range games {
		k := 1.0
		if weights != nil {
			k = float64(weights[g])
		}
		if k == 0 {
			continue
		}
		for _, p := range pairs {
			w[p.w] += k
			m[p.w][p.l] += k
			m[p.l][p.w] += k
		}
	}
	p := make([]float64, n)
	for i := range p {
		p[i] = 1
	}
	next := make([]float64, n)
	for it := 0; it < 500; it++ {
		change := 0.0
		for i := 0; i < n; i++ {
			den := 0.0
			for j := 0; j < n; j++ {
				if j != i && m[i][j] > 0 {
					den += m[i][j] / (p[i] + p[j])
				}
			}
			next[i] = p[i]
			if den > 0 {
				next[i] = w[i] / den
			}
		}
		// geometric mean 1
		lg := 0.0
		for i := range next {
			lg += math.Log(next[i])
		}
		g := math.Exp(lg / float64(n))
		for i := range next {
			next[i] /= g
			change = math.Max(change, math.Abs(next[i]-p[i]))
			p[i] = next[i]
		}
		if change < 1e-10 {
			break
		}
	}
	out := make([]float64, n)
	for i := range p {
		out[i] = 400 * math.Log10(p[i])
	}
	return out
}
