package report

import (
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/ruleslab/ruleslab/core/lab"
	"github.com/ruleslab/ruleslab/core/stats"
)

// formatDiff prints a difference: a rate in percentage points, a mean with dec decimals, signed.
func formatDiff(v stats.Interval, dec int) string {
	if v.Kind == stats.Rate {
		if !v.Defined() {
			return fmt.Sprintf("%+.1f pts [n/a]", 100*v.Value)
		}
		return fmt.Sprintf("%+.1f pts [%.1f, %.1f]", 100*v.Value, 100*v.Low, 100*v.High)
	}
	return fmt.Sprintf("%+.*f %s", dec, v.Value, stats.Bracket(v, dec))
}

// bracketDiff prints a difference's interval, a rate's in percentage points.
func bracketDiff(v stats.Interval, dec int) string {
	if v.Kind == stats.Rate {
		if !v.Defined() {
			return "[n/a]"
		}
		return fmt.Sprintf("[%.1f, %.1f]", 100*v.Low, 100*v.High)
	}
	return stats.Bracket(v, dec)
}

// compareTitle names the comparison: the game and its variants.
func compareTitle(c *lab.CompareResult) string {
	return fmt.Sprintf("%s: %s", c.Game, strings.Join(c.Variants, " vs "))
}

// compareHeadline says what was compared: games, seeds, players, seats.
func compareHeadline(c *lab.CompareResult) string {
	s := fmt.Sprintf("%s, %d games each on the same seeds (seed %d), %d players, seats %s", compareTitle(c), c.Played, c.Seed,
		c.Players, strings.Join(c.Seats, ","))
	if c.Pairs < c.Played {
		s += fmt.Sprintf("; %d compared (finished under every variant)", c.Pairs)
	}
	return s
}

// compareRows is the measures table: per measure, each variant's value, then per later variant its
// paired difference and the unpaired interval.
func compareRows(c *lab.CompareResult) ([]string, [][]string) {
	header := []string{"MEASURE"}
	for _, v := range c.Variants {
		header = append(header, v)
	}
	for _, v := range c.Variants[1:] {
		header = append(header, fmt.Sprintf("%s - %s (paired 95%% CI)", v, c.Variants[0]), "UNPAIRED 95% CI", "NARROWER")
	}
	var rows [][]string
	for _, m := range c.Measures {
		dec := stats.Decimals(m.Values...)
		row := []string{m.Label}
		for _, v := range m.Values {
			row = append(row, stats.FormatStat(v, dec))
		}
		for _, d := range m.Diffs {
			ratio := "-"
			if d.Paired.Defined() && d.Unpaired.Defined() && d.Paired.High == d.Paired.Low && d.Unpaired.High > d.Unpaired.Low {
				ratio = "exact" // every game gave the same difference
			}
			if d.Ratio != nil {
				ratio = fmt.Sprintf("%.1fx", *d.Ratio)
			}
			row = append(row, formatDiff(d.Paired, dec), bracketDiff(d.Unpaired, dec), ratio)
		}
		rows = append(rows, row)
	}
	return header, rows
}

// sequentialText says how the sequential test ended, if one ran.
func sequentialText(c *lab.CompareResult) string {
	q := c.Sequential
	if q == nil {
		return ""
	}
	var parts []string
	for k, iv := range q.Last {
		parts = append(parts, fmt.Sprintf("%s - %s %s", c.Variants[k+1], c.Variants[0], formatDiff(iv, stats.Decimals(iv))))
	}
	verdict := fmt.Sprintf("not resolved after %d games (%d looks)", q.Games, q.Taken)
	if q.Resolved {
		verdict = fmt.Sprintf("resolved after %d games (look %d of %d)", q.Games, q.Taken, q.Looks)
	}
	return fmt.Sprintf("until-significant %s: %s; %s at level %.2f%% per look (group-sequential paired t, looks every %d games, "+
		"Bonferroni: at most %.0f%% chance of stopping on no difference)", q.Measure, verdict, strings.Join(parts, "; "), 100*q.Level, q.Every, 100*q.Alpha)
}

// CompareText writes the measures table and the sequential test.
func CompareText(w io.Writer, c *lab.CompareResult) {
	fmt.Fprintln(w, compareHeadline(c))
	header, rows := compareRows(c)
	textTable(w, header, rows)
	if s := sequentialText(c); s != "" {
		fmt.Fprintln(w, s)
	}
	compareFootnote(w)
}

// textTable writes a table in aligned columns.
func textTable(w io.Writer, header []string, rows [][]string) {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, strings.Join(header, "\t"))
	for _, r := range rows {
		fmt.Fprintln(tw, strings.Join(r, "\t"))
	}
	tw.Flush()
}

// compareFootnote says how a comparison's intervals are computed.
func compareFootnote(w io.Writer) {
	fmt.Fprintln(w, "[95% intervals]: values as sim gives them; differences paired (Student's t on per-game differences, rates in percentage points),")
	fmt.Fprintln(w, "  unpaired for reference (Welch; Newcombe's score interval for rates); NARROWER = unpaired width / paired width")
}

// CompareCSV writes every measure of every variant, with the differences.
func CompareCSV(w io.Writer, c *lab.CompareResult) error {
	cw := csv.NewWriter(w)
	num := func(x float64) string {
		if math.IsNaN(x) {
			return ""
		}
		return strconv.FormatFloat(x, 'g', 8, 64)
	}
	cw.Write([]string{"measure", "label", "kind", "variant", "value", "low", "high", "n", "diff", "diff_low", "diff_high", "unpaired_low", "unpaired_high"})
	for _, m := range c.Measures {
		for k, v := range m.Values {
			row := []string{m.Name, m.Label, m.Kind, c.Variants[k], num(v.Value), num(v.Low), num(v.High), strconv.Itoa(v.N)}
			if k == 0 {
				row = append(row, "", "", "", "", "")
			} else {
				d := m.Diffs[k-1]
				row = append(row, num(d.Paired.Value), num(d.Paired.Low), num(d.Paired.High), num(d.Unpaired.Low), num(d.Unpaired.High))
			}
			cw.Write(row)
		}
	}
	cw.Flush()
	return cw.Error()
}
