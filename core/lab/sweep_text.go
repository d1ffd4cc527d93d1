package lab

import (
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/ruleslab/ruleslab/core/stats"
)

func (s *SweepResult) Name() string {
	if s.Variant != "" {
		return s.Game + "/" + s.Variant
	}
	return s.Game
}

func (s *SweepResult) Headline() string {
	return fmt.Sprintf("%s: sweep of %d points, %d games each on the same seeds (seed %d), %d players, seats %s",
		s.Name(), len(s.Points), s.Games, s.Seed, s.Players, strings.Join(s.Seats, ","))
}

func (s *SweepResult) PointName(pt *SweepPoint) string {
	var parts []string
	for _, ax := range s.Axes {
		parts = append(parts, ax.Key+"="+pt.Settings[ax.Key])
	}
	return strings.Join(parts, " ")
}

func (s *SweepResult) TableRows() ([]string, [][]string) {
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

func (s *SweepResult) TargetText() []string {
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
		out = append(out, fmt.Sprintf("%d. %s: %s (off by %.2f of the tolerance)", k+1, s.PointName(pt), strings.Join(vals, ", "), pt.Distance))
	}
	return out
}

// WriteText writes the table and the points that meet the targets.
func (s *SweepResult) WriteText(w io.Writer) {
	fmt.Fprintln(w, s.Headline())
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	header, rows := s.TableRows()
	fmt.Fprintln(tw, strings.Join(header, "\t"))
	for _, r := range rows {
		fmt.Fprintln(tw, strings.Join(r, "\t"))
	}
	tw.Flush()
	for _, l := range s.TargetText() {
		fmt.Fprintln(w, l)
	}
	fmt.Fprintln(w, "[95% intervals]: Wilson's for rates (%), Student's t for counts and means (n/a under 2 games)")
}

// WriteCSV writes every measure at every point.
func (s *SweepResult) WriteCSV(w io.Writer) error {
	ms := s.ms
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

// AxisKeys are the axes' keys.
func AxisKeys(axes []Axis) []string {
	var out []string
	for _, a := range axes {
		out = append(out, a.Key)
	}
	return out
}
