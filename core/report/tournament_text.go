package report

import (
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/ruleslab/ruleslab/core/stats"
)

// TournamentText writes the per-bot table and the head-to-head table.
func TournamentText(w io.Writer, r stats.TournamentReport) {
	name := r.Game
	if r.Variant != "" {
		name += "/" + r.Variant
	}
	fmt.Fprintf(w, "%s tournament: %d games, %d players, %d seatings, seed %d\n", name, r.Games, r.Players, r.Seatings, r.Seed)
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "BOT\tSEAT-GAMES\tWINS\tWIN RATE (95% CI)\tMEAN SCORE (95% CI)\tRATING (95% CI)")
	for _, b := range r.Bots {
		fmt.Fprintf(tw, "%s\t%d\t%d\t%s\t%s\t%s\n", b.Bot, b.SeatGames, b.Wins, stats.FormatRate(b.WinRate), stats.FormatMean(b.Score, 2), stats.FormatRating(b.Rating))
	}
	tw.Flush()
	fmt.Fprintln(w, "head to head: row finished ahead of column (share of decisive games, 95% CI; * above 50%)")
	tw = tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	header := ""
	for _, b := range r.Bots {
		header += "\t" + b.Bot
	}
	fmt.Fprintln(tw, header)
	for _, a := range r.Bots {
		line := a.Bot
		for _, b := range r.Bots {
			cell := "-"
			for _, h := range r.HeadToHead {
				if h.A == a.Bot && h.B == b.Bot {
					cell = stats.FormatRate(h.Rate)
					if h.Significant() {
						cell += " *"
					}
				}
			}
			line += "\t" + cell
		}
		fmt.Fprintln(tw, line)
	}
	tw.Flush()
	fmt.Fprintln(w, "[95% intervals]: Wilson's for rates, Student's t for scores, bootstrap percentiles for Bradley-Terry ratings (Elo scale, mean 0)")
}
