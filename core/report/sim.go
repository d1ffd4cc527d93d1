package report

import (
	"fmt"

	"github.com/ruleslab/ruleslab/core/coverage"
	"github.com/ruleslab/ruleslab/core/stats"
)

// Sim is sim's --report: the summary table, win rate by seat with intervals, the score distribution
// of each seat and the game-length histogram, then the rule coverage when cov is not nil. scores count
// the finished games' final totals per seat (value -> games) and lengths their lengths: counts, so a
// batch keeps a number per distinct value, not per game.
func Sim(sum stats.Summary, scores []map[int]int, lengths map[int]int, cov *coverage.Report, stamp Stamp) *Report {
	name := sum.Game
	if sum.Variant != "" {
		name += "/" + sum.Variant
	}
	r := New("ruleslab sim "+name, stamp)
	s := r.Section("Summary")
	s.AddText("%d games, %d players, seed %d; game length %.1f moves %s.", sum.Games, sum.Players, sum.Seed, sum.Length.Value, stats.Bracket(sum.Length, 1))
	header := []string{"seat", "bot", "wins", "win rate (95% CI)", "mean score (95% CI)", "min / 25% / median / 75% / max"}
	names := sum.StatNames()
	header = append(header, names...)
	var rows [][]string
	for _, seat := range sum.Seats {
		d := seat.ScoreDist
		row := []string{fmt.Sprint(seat.Seat), seat.Bot, fmt.Sprint(seat.Wins), stats.FormatRate(seat.WinRate), stats.FormatMean(seat.Score, 2),
			fmt.Sprintf("%g / %g / %g / %g / %g", d.Min, d.Q1, d.Median, d.Q3, d.Max)}
		for _, n := range names {
			row = append(row, stats.FormatStat(seat.Stats[n], stats.Decimals(seat.Stats[n])))
		}
		rows = append(rows, row)
	}
	s.AddTable(header, rows)
	if gs := sum.GameStatNames(); len(gs) > 0 {
		rows = nil
		for _, k := range gs {
			v := sum.GameStats[k]
			rows = append(rows, []string{k, v.Kind, stats.FormatStat(v, stats.Decimals(v))})
		}
		s.AddTable([]string{"statistic", "kind", "value (95% CI)"}, rows)
	}
	s.AddText("95%% intervals: Wilson's for rates, Student's t for counts and means.")

	p := r.Section("Plots")
	var seats []string
	var win []stats.Interval
	for _, seat := range sum.Seats {
		seats = append(seats, fmt.Sprintf("%d %s", seat.Seat, seat.Bot))
		win = append(win, seat.WinRate)
	}
	p.AddPlot("Win rate by seat with 95% intervals (Wilson)", IntervalPlot("Win rate by seat", "win rate (%)", seats, nil, [][]stats.Interval{win}, 100, false), 16, 10)
	seatScores := make([]map[int]int, sum.Players)
	var seatNames []string
	for i := range seatScores {
		if i < len(scores) {
			seatScores[i] = scores[i]
		}
		seatNames = append(seatNames, fmt.Sprintf("seat %d", i))
	}
	AddDistribution(p, "Score distribution by seat", "Score distribution", "final score", "points", seatNames, Counted(seatScores), 16, 10)
	AddDistribution(p, "Game length (moves)", "Game length", "moves", "moves", nil, Counted([]map[int]int{lengths}), 16, 10)
	if cov != nil {
		AddCoverage(r, *cov)
	}
	return r
}
