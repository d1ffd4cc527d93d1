package stats

import (
	"fmt"
	"slices"
	"sort"

	"github.com/ruleslab/ruleslab/core"
)

// Measure is one number per game that compare and sweep summarise and difference: a seat's win (a
// rate), its score (a mean), the game's length, and every statistic the game declares or records.
type Measure struct {
	Name  string `json:"name"`  // "win.0", "score.spread", "moves", "stat.right.2", "stat.end_a"
	Label string `json:"label"` // for tables: "win rate, seat 0"
	Kind  Kind   `json:"kind"`
	get   func(r core.Result) float64
}

// Of returns the measure's value in one finished game.
func (m Measure) Of(r core.Result) float64 { return m.get(r) }

// Values returns the measure in each result.
func (m Measure) Values(rs []core.Result) []float64 {
	out := make([]float64, len(rs))
	for i, r := range rs {
		out[i] = m.get(r)
	}
	return out
}

// Measures lists the measures of finished games of one game with this many players, in report order:
//
//   - win.S (rate): seat S is among the winners (first-player advantage shows as seat 0's win rate
//     against the others', the deal and first player being drawn at random each game);
//   - score.S (mean): seat S's final total; score.mean, the mean total over seats; score.spread, the
//     highest total minus the lowest (how close a game is);
//   - moves (count): decisions taken; tricks (count), when the trick mechanic plays tricks; rounds
//     (count), the round_end events;
//   - lead_changes (count): after each round the leader is the one seat with the highest running total
//     (none on a tie); each time the leader becomes another seat than the previous leader, the lead
//     changed;
//   - decided_early (rate): a game of two rounds or more whose winners held, after the second-to-last
//     round, the very ranks by running total they won with (first place in a highest-total game, second
//     in Zoomies' kind, last when the lowest total wins): the last round changed nothing;
//   - tie (rate): more than one winner; no_winner (rate): none;
//   - stat.NAME.S and stat.NAME: each per-seat and per-game statistic, of its declared kind (a count
//     when undeclared), 0 in a game that did not record it.
//
// kinds is the YAML `stats:`; results are the games (of every variant compared) whose statistics and
// lengths decide which optional measures appear.
func Measures(players int, kinds map[string]Kind, results ...[]core.Result) []Measure {
	return measuresOf(players, kinds, observe(results))
}

// measuresOf lists the measures of games that showed seen.
func measuresOf(players int, kinds map[string]Kind, seen observed) []Measure {
	ms := seatMeasures(players)
	ms = append(ms, scoreMeasures()...)
	if seen.tricks {
		ms = append(ms, Measure{Name: "tricks", Label: "game length, tricks", Kind: Count, get: func(r core.Result) float64 { return float64(r.Tricks) }})
	}
	if seen.rounds {
		ms = append(ms, roundMeasures()...)
	}
	ms = append(ms,
		Measure{Name: "tie", Label: "ties (several winners)", Kind: Rate, get: func(r core.Result) float64 { return b2f(len(r.Winners) > 1) }},
		Measure{Name: "no_winner", Label: "no winner", Kind: Rate, get: func(r core.Result) float64 { return b2f(len(r.Winners) == 0) }})
	return append(ms, statMeasures(players, kinds, seen)...)
}

// observed is what the results show: whether tricks and rounds were played, and which per-seat and
// game-wide statistics were recorded.
type observed struct {
	tricks, rounds       bool
	seatStats, gameStats map[string]bool
}

func observe(results [][]core.Result) observed {
	o := newObserved()
	for _, rs := range results {
		for _, r := range rs {
			o.add(r)
		}
	}
	return o
}

func newObserved() observed {
	return observed{seatStats: map[string]bool{}, gameStats: map[string]bool{}}
}

// add notes what r shows and tells whether it named a statistic not seen before.
func (o *observed) add(r core.Result) bool {
	o.tricks = o.tricks || r.Tricks > 0
	o.rounds = o.rounds || len(r.RoundTotals) > 0
	grew := false
	for n := range r.SeatStats {
		grew = grew || !o.seatStats[n]
		o.seatStats[n] = true
	}
	for n := range r.GameStats {
		grew = grew || !o.gameStats[n]
		o.gameStats[n] = true
	}
	return grew
}

// clone is a copy of o (measuresOf adds the declared statistics to the one it is given).
func (o observed) clone() observed {
	c := newObserved()
	c.tricks, c.rounds = o.tricks, o.rounds
	for n := range o.seatStats {
		c.seatStats[n] = true
	}
	for n := range o.gameStats {
		c.gameStats[n] = true
	}
	return c
}

// seatMeasures are every seat's win, then every seat's score.
func seatMeasures(players int) []Measure {
	var ms []Measure
	for s := 0; s < players; s++ {
		ms = append(ms, Measure{Name: fmt.Sprintf("win.%d", s), Label: fmt.Sprintf("win rate, seat %d", s), Kind: Rate,
			get: func(r core.Result) float64 { return b2f(slices.Contains(r.Winners, s)) }})
	}
	for s := 0; s < players; s++ {
		ms = append(ms, Measure{Name: fmt.Sprintf("score.%d", s), Label: fmt.Sprintf("score, seat %d", s), Kind: Mean,
			get: func(r core.Result) float64 { return at(r.Totals, s) }})
	}
	return ms
}

// scoreMeasures are the mean and spread of the totals, and the game's length in moves.
func scoreMeasures() []Measure {
	return []Measure{
		{Name: "score.mean", Label: "mean score over seats", Kind: Mean, get: func(r core.Result) float64 {
			if len(r.Totals) == 0 {
				return 0
			}
			t := 0
			for _, x := range r.Totals {
				t += x
			}
			return float64(t) / float64(len(r.Totals))
		}},
		{Name: "score.spread", Label: "score spread (highest - lowest)", Kind: Mean, get: func(r core.Result) float64 {
			if len(r.Totals) == 0 {
				return 0
			}
			return float64(slices.Max(r.Totals) - slices.Min(r.Totals))
		}},
		{Name: "moves", Label: "game length, moves", Kind: Count, get: func(r core.Result) float64 { return float64(r.Length()) }},
	}
}

// roundMeasures are the measures of games played in rounds.
func roundMeasures() []Measure {
	return []Measure{
		{Name: "rounds", Label: "game length, rounds", Kind: Count, get: func(r core.Result) float64 { return float64(len(r.RoundTotals)) }},
		{Name: "lead_changes", Label: "lead changes", Kind: Count, get: func(r core.Result) float64 { return float64(LeadChanges(r.RoundTotals)) }},
		{Name: "decided_early", Label: "decided before the last round", Kind: Rate, get: func(r core.Result) float64 { return b2f(DecidedEarly(r)) }},
	}
}

// statMeasures are the game's statistics: per seat, then game-wide. Declared statistics appear even if
// no game records them; game-wide ones are those some game recorded under `game`.
func statMeasures(players int, kinds map[string]Kind, seen observed) []Measure {
	for n := range kinds {
		if !seen.gameStats[n] {
			seen.seatStats[n] = true
		}
	}
	kindOf := func(n string) Kind {
		if k, ok := kinds[n]; ok {
			return k
		}
		return Count
	}
	var ms []Measure
	for _, n := range sortedNames(seen.seatStats) {
		for s := 0; s < players; s++ {
			ms = append(ms, Measure{Name: fmt.Sprintf("stat.%s.%d", n, s), Label: fmt.Sprintf("%s, seat %d", n, s), Kind: kindOf(n),
				get: func(r core.Result) float64 { return at(r.SeatStats[n], s) }})
		}
	}
	for _, n := range sortedNames(seen.gameStats) {
		ms = append(ms, Measure{Name: "stat." + n, Label: n, Kind: kindOf(n), get: func(r core.Result) float64 { return r.GameStats[n] }})
	}
	return ms
}

// LeadChanges counts how often the leader (the one seat with the highest running total, none on a
// tie) becomes another seat than the previous leader, over the totals after each round.
func LeadChanges(rounds [][]int) int {
	changes, last := 0, -1
	for _, tot := range rounds {
		l := leader(tot)
		if l < 0 {
			continue
		}
		if last >= 0 && l != last {
			changes++
		}
		last = l
	}
	return changes
}

func leader(tot []int) int {
	if len(tot) == 0 {
		return -1
	}
	best := slices.Max(tot)
	who := -1
	for i, x := range tot {
		if x == best {
			if who >= 0 {
				return -1
			}
			who = i
		}
	}
	return who
}

// DecidedEarly reports whether a game of at least two rounds with winners had its winners, after the
// second-to-last round, holding exactly the competition ranks (by running total) they finished with.
func DecidedEarly(r core.Result) bool {
	n := len(r.RoundTotals)
	if n < 2 || len(r.Winners) == 0 || len(r.Totals) == 0 {
		return false
	}
	final := ranks(r.Totals)
	before := ranks(r.RoundTotals[n-2])
	held := map[int]bool{}
	for _, w := range r.Winners {
		if w >= len(final) {
			return false
		}
		held[final[w]] = true
	}
	var then []int
	for s, rk := range before {
		if held[rk] {
			then = append(then, s)
		}
	}
	w := append([]int(nil), r.Winners...)
	sort.Ints(w)
	return slices.Equal(then, w)
}

// ranks gives each seat its competition rank by total, highest first (1, 1, 3).
func ranks(tot []int) []int {
	out := make([]int, len(tot))
	for i, x := range tot {
		out[i] = 1
		for _, y := range tot {
			if y > x {
				out[i]++
			}
		}
	}
	return out
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

func at[T int | float64](xs []T, i int) float64 {
	if i < len(xs) {
		return float64(xs[i])
	}
	return 0
}
