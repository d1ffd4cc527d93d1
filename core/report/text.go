package report

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/ruleslab/ruleslab/core/stats"
)

// JSON writes v as indented JSON.
func JSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// SummaryText writes a sim's summary as text with one interval style: the estimate, then its 95% interval in
// brackets; a rate as a percentage (Wilson), a count or mean as a mean (Student's t).
func SummaryText(w io.Writer, s stats.Summary) {
	name := s.Game
	if s.Variant != "" {
		name += "/" + s.Variant
	}
	fmt.Fprintf(w, "%s: %d games, %d players, seed %d\n", name, s.Games, s.Players, s.Seed)
	fmt.Fprintf(w, "game length: %.1f moves %s\n", s.Length.Value, stats.Bracket(s.Length, 1))
	if s.NoWinner > 0 {
		fmt.Fprintf(w, "games without a winner: %d\n", s.NoWinner)
	}
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	names := s.StatNames()
	header := "SEAT\tBOT\tWINS\tWIN RATE (95% CI)\tMEAN SCORE (95% CI)"
	for _, n := range names {
		header += "\t" + strings.ToUpper(n)
	}
	fmt.Fprintln(tw, header)
	// one number of Decimals per column
	dec := map[string]int{}
	for _, n := range names {
		var col []stats.Interval
		for _, seat := range s.Seats {
			col = append(col, seat.Stats[n])
		}
		dec[n] = stats.Decimals(col...)
	}
	for _, seat := range s.Seats {
		line := fmt.Sprintf("%d\t%s\t%d\t%s\t%s", seat.Seat, seat.Bot, seat.Wins, stats.FormatRate(seat.WinRate), stats.FormatMean(seat.Score, 2))
		for _, n := range names {
			line += "\t" + stats.FormatStat(seat.Stats[n], dec[n])
		}
		fmt.Fprintln(tw, line)
	}
	tw.Flush()
	fmt.Fprintln(w, "score distribution by seat (min / 25% / median / 75% / max):")
	for _, seat := range s.Seats {
		d := seat.ScoreDist
		fmt.Fprintf(w, "  %d: %g / %g / %g / %g / %g\n", seat.Seat, d.Min, d.Q1, d.Median, d.Q3, d.Max)
	}
	for _, k := range s.GameStatNames() {
		v := s.GameStats[k]
		if v.Kind == stats.Rate {
			fmt.Fprintf(w, "%s: %s of games\n", k, stats.FormatStat(v, 0))
		} else {
			fmt.Fprintf(w, "%s: %s per game\n", k, stats.FormatStat(v, stats.Decimals(v)))
		}
	}
	fmt.Fprintln(w, "[95% intervals]: Wilson's for rates (%), Student's t for counts and means (n/a under 2 games)")
}
