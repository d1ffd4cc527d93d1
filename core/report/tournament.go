package report

import (
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"strconv"

	"github.com/ruleslab/ruleslab/core/stats"
)

// title names a tournament's game and variant.
func title(r stats.TournamentReport) string {
	if r.Variant != "" {
		return r.Game + "/" + r.Variant
	}
	return r.Game
}

// Tournament builds --report for a tournament (or a ladder, one section per rung): the per-bot
// table, the head-to-head table, and plots of the win rates, the mean scores and the ratings with their
// 95% intervals.
func Tournament(reps []stats.TournamentReport, rungs []string, stamp Stamp) *Report {
	r := New("ruleslab tournament "+title(reps[0]), stamp)
	for i, rep := range reps {
		heading := "Bots"
		if rungs != nil {
			heading = "Rung " + strconv.Itoa(i+1) + ": " + rungs[i]
		}
		s := r.Section(heading)
		s.AddText("%s: %d games (%d failed), %d players, %d seatings, seed %d. Every bot played every seat equally often, and each pass over the seatings replayed the same deal.",
			title(rep), rep.Games, rep.Failed, rep.Players, rep.Seatings, rep.Seed)
		header, rows := tournamentBotRows(rep)
		s.AddTable(header, rows)
		header, rows = tournamentHeadToHeadRows(rep)
		s.AddText("Head to head: the share of the decisive games, among those in which both played, in which the row's bot finished ahead of the column's: its seats won when the column's did not more often than the reverse (* : significantly above 50%%).")
		s.AddTable(header, rows)
		names := make([]string, len(rep.Bots))
		wins := make([]stats.Interval, len(rep.Bots))
		scores := make([]stats.Interval, len(rep.Bots))
		ratings := make([]stats.Interval, len(rep.Bots))
		for k, b := range rep.Bots {
			names[k], wins[k], scores[k] = b.Bot, b.WinRate, b.Score
			ratings[k] = stats.Interval{Value: b.Rating.Value, Low: b.Rating.Low, High: b.Rating.High}
		}
		s.AddPlot("Win rate per bot over the seats it played, with Wilson's 95% interval",
			IntervalPlot("Win rate", "win rate (%)", names, nil, [][]stats.Interval{wins}, 100, false), 16, 10)
		s.AddPlot("Mean score per bot with Student's t 95% interval",
			IntervalPlot("Mean score", "score", names, nil, [][]stats.Interval{scores}, 1, false), 16, 10)
		s.AddPlot("Bradley-Terry rating (Elo scale, mean 0) with its 95% bootstrap interval",
			IntervalPlot("Rating", "Elo", names, nil, [][]stats.Interval{ratings}, 1, true), 16, 10)
	}
	s := r.Section("Method")
	s.AddText("Win rates: Wilson's score interval. Mean scores: Student's t. Head to head: Wilson's interval on the share of decisive games (games, not pairs of seats, are the independent draws: the pairs of one game share its winner). Ratings: Bradley-Terry fitted on every game, on the Elo scale with mean 0 (half a win each way per pair as a prior), with percentile intervals over %d bootstrap resamples of the games.", reps[0].Bootstrap)
	return r
}

func tournamentBotRows(rep stats.TournamentReport) ([]string, [][]string) {
	header := []string{"bot", "seat-games", "wins", "win rate (95% CI)", "mean score (95% CI)", "rating (95% CI)"}
	var rows [][]string
	for _, b := range rep.Bots {
		rows = append(rows, []string{b.Bot, strconv.Itoa(b.SeatGames), strconv.Itoa(b.Wins), stats.FormatRate(b.WinRate), stats.FormatMean(b.Score, 2), stats.FormatRating(b.Rating)})
	}
	return header, rows
}

func tournamentHeadToHeadRows(rep stats.TournamentReport) ([]string, [][]string) {
	header := []string{"row ahead of column"}
	for _, b := range rep.Bots {
		header = append(header, b.Bot)
	}
	var rows [][]string
	for _, a := range rep.Bots {
		row := []string{a.Bot}
		for _, b := range rep.Bots {
			cell := "-"
			if h, ok := findHeadToHead(rep, a.Bot, b.Bot); ok {
				cell = stats.FormatRate(h.Rate)
				if h.Significant() {
					cell += " *"
				}
			}
			row = append(row, cell)
		}
		rows = append(rows, row)
	}
	return header, rows
}

func findHeadToHead(rep stats.TournamentReport, a, b string) (stats.HeadToHead, bool) {
	for _, h := range rep.HeadToHead {
		if h.A == a && h.B == b {
			return h, true
		}
	}
	return stats.HeadToHead{}, false
}

// WriteTournamentCSV prints every number of the report, one row per (rung,) bot and measure, and one
// per ordered pair of bots for the head-to-head shares.
func WriteTournamentCSV(w io.Writer, reps []stats.TournamentReport, rungs []string) error {
	cw := csv.NewWriter(w)
	num := func(x float64) string {
		if math.IsNaN(x) {
			return ""
		}
		return strconv.FormatFloat(x, 'g', 8, 64)
	}
	cw.Write([]string{"rung", "bot", "opponent", "measure", "value", "low", "high", "n"})
	for i, rep := range reps {
		rung := ""
		if rungs != nil {
			rung = rungs[i]
		}
		for _, b := range rep.Bots {
			cw.Write([]string{rung, b.Bot, "", "win_rate", num(b.WinRate.Value), num(b.WinRate.Low), num(b.WinRate.High), strconv.Itoa(b.SeatGames)})
			cw.Write([]string{rung, b.Bot, "", "score", num(b.Score.Value), num(b.Score.Low), num(b.Score.High), strconv.Itoa(b.SeatGames)})
			cw.Write([]string{rung, b.Bot, "", "rating", num(b.Rating.Value), num(b.Rating.Low), num(b.Rating.High), strconv.Itoa(rep.Games)})
		}
		for _, h := range rep.HeadToHead {
			cw.Write([]string{rung, h.A, h.B, "ahead", num(h.Rate.Value), num(h.Rate.Low), num(h.Rate.High), strconv.Itoa(h.Ahead + h.Behind)})
		}
	}
	cw.Flush()
	return cw.Error()
}

// RungName describes a ladder rung for the report and the CSV.
func RungName(strong, weak string) string { return fmt.Sprintf("%s vs %s", strong, weak) }
