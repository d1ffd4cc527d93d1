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

// sweepName names the swept game and variant.
func sweepName(s *lab.SweepResult) string {
	if s.Variant != "" {
		return s.Game + "/" + s.Variant
	}
	return s.Game
}

// sweepHeadline says what was swept: points, games, seeds, players, seats.
func sweepHeadline(s *lab.SweepResult) string {
	return fmt.Sprintf("%s: sweep of %d points, %d games each on the same seeds (seed %d), %d players, seats %s",
		sweepName(s), len(s.Points), s.Games, s.Seed, s.Players, strings.Join(s.Seats, ","))
}

// pointName spells a point by its settings.
func pointName(s *lab.SweepResult, pt *lab.SweepPoint) string {
	var parts []string
	for _, ax := range s.Axes {
		parts = append(parts, ax.Key+"="+pt.Settings[ax.Key])
	}
	return strings.Join(parts, " ")
}

// pointValues spells a point by its values alone, in the order of the axes ("3, 0"), for a plot whose
// axis names the keys.
func pointValues(s *lab.SweepResult, pt *lab.SweepPoint) string {
	var parts []string
	for _, ax := range s.Axes {
		parts = append(parts, pt.Settings[ax.Key])
	}
	return strings.Join(parts, ", ")
}

// sweepRows is the grid table: per point, its settings and every column's estimate.
func sweepRows(s *lab.SweepResult) ([]string, [][]string) {
	var header []string
	for _, ax := range s.Axes {
		header = append(header, ax.Key)
	}
	header = append(header, "GAMES")
	for _, c := range s.Columns {
		header = append(header, c)
	}
	if len(s.Targets) > 0 {
		header = append(header, "TARGETS")
	}
	dec := map[string]int{}
	for _, c := range s.Columns {
		var col []stats.Interval
		for _, pt := range s.Points {
			col = append(col, pt.Measures[c])
		}
		dec[c] = stats.Decimals(col...)
	}
	var rows [][]string
	for _, pt := range s.Points {
		var row []string
		for _, ax := range s.Axes {
			row = append(row, pt.Settings[ax.Key])
		}
		row = append(row, strconv.Itoa(pt.Games))
		for _, c := range s.Columns {
			row = append(row, stats.FormatStat(pt.Measures[c], dec[c]))
		}
		if len(s.Targets) > 0 {
			if pt.Meets {
				row = append(row, "meets")
			} else {
				row = append(row, "-")
			}
		}
		rows = append(rows, row)
	}
	return header, rows
}

// targetText lists the points that meet the targets, best first.
func targetText(s *lab.SweepResult) []string {
	if len(s.Targets) == 0 {
		return nil
	}
	var ts []string
	for _, t := range s.Targets {
		if len(s.Points) > 0 && s.Points[0].Measures[t.Measure].Kind == stats.Rate {
			ts = append(ts, fmt.Sprintf("%s = %.1f%% ± %.1f%%", t.Measure, 100*t.Value, 100*t.Tol))
		} else {
			ts = append(ts, fmt.Sprintf("%s = %g ± %g", t.Measure, t.Value, t.Tol))
		}
	}
	out := []string{"targets: " + strings.Join(ts, ", ")}
	if len(s.Best) == 0 {
		return append(out, "no point meets every target")
	}
	for k, i := range s.Best {
		pt := s.Points[i]
		var vals []string
		for _, t := range s.Targets {
			iv := pt.Measures[t.Measure]
			vals = append(vals, t.Measure+" "+stats.FormatStat(iv, stats.Decimals(iv)))
		}
		out = append(out, fmt.Sprintf("%d. %s: %s (off by %.2f of the tolerance)", k+1, pointName(s, pt), strings.Join(vals, ", "), pt.Distance))
	}
	return out
}

// SweepText writes the table and the points that meet the targets.
func SweepText(w io.Writer, s *lab.SweepResult) {
	fmt.Fprintln(w, sweepHeadline(s))
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	header, rows := sweepRows(s)
	fmt.Fprintln(tw, strings.Join(header, "\t"))
	for _, r := range rows {
		fmt.Fprintln(tw, strings.Join(r, "\t"))
	}
	tw.Flush()
	for _, l := range targetText(s) {
		fmt.Fprintln(w, l)
	}
	fmt.Fprintln(w, "[95% intervals]: Wilson's for rates (%), Student's t for counts and means (n/a under 2 games)")
}

// SweepCSV writes every measure at every point.
func SweepCSV(w io.Writer, s *lab.SweepResult) error {
	ms := s.Measures()
	cw := csv.NewWriter(w)
	num := func(x float64) string {
		if math.IsNaN(x) {
			return ""
		}
		return strconv.FormatFloat(x, 'g', 8, 64)
	}
	header := []string{"point"}
	for _, ax := range s.Axes {
		header = append(header, ax.Key)
	}
	header = append(header, "games", "meets_targets", "measure", "kind", "value", "low", "high", "n")
	cw.Write(header)
	for i, pt := range s.Points {
		for _, m := range ms {
			row := []string{strconv.Itoa(i)}
			for _, ax := range s.Axes {
				row = append(row, pt.Settings[ax.Key])
			}
			iv := pt.Measures[m.Name]
			row = append(row, strconv.Itoa(pt.Games), strconv.FormatBool(pt.Meets), m.Name, m.Kind, num(iv.Value), num(iv.Low), num(iv.High), strconv.Itoa(iv.N))
			cw.Write(row)
		}
	}
	cw.Flush()
	return cw.Error()
}

// axisKeys are the axes' keys.
func axisKeys(axes []lab.Axis) []string {
	var out []string
	for _, a := range axes {
		out = append(out, a.Key)
	}
	return out
}
