package report

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/ruleslab/ruleslab/core/coverage"
	"github.com/ruleslab/ruleslab/core/lab"
	"github.com/ruleslab/ruleslab/core/stats"
)

// The reports of compare and sweep: the lab's results drawn as tables and plots.

// Compare is compare's --report: the table, the sequential test, and plots of win rate by seat, the
// paired against the unpaired differences, score distributions and game lengths. Variant files are
// named by their short names (ShortNames), listed with their paths.
func Compare(c *lab.CompareResult, covered []coverage.Report, stamp Stamp) *Report {
	named := *c
	named.Variants = ShortNames(c.Variants)
	r := New("ruleslab compare "+compareTitle(&named), stamp)
	s := r.Section("Measures")
	s.AddText("%s.", compareHeadline(&named))
	AddVariantNames(s, c.Variants)
	addCompareTables(s, &named)
	if t := sequentialText(&named); t != "" {
		s.AddText("%s.", t)
	}
	s.AddText("Values are sim's (Wilson's interval for rates, Student's t for counts and means). Each difference is a later variant " +
		"minus the first over the same games: paired (Student's t on the per-game differences; for a rate the differences are " +
		"-1, 0 or 1 and the interval is in percentage points) and, for reference, unpaired (Welch's t; Newcombe's hybrid score " +
		"interval for rates), what the same games would give if the variants had not shared their seeds. NARROWER is the unpaired " +
		"interval's width over the paired one's.")
	addComparePlots(r.Section("Plots"), &named)
	for _, cv := range covered {
		AddCoverage(r, cv)
	}
	return r
}

// addCompareTables adds compare's table; with three variants or more (too wide for the page), as one
// table of the variants' values and one of each later variant's differences from the first.
func addCompareTables(s *Section, c *lab.CompareResult) {
	header, rows := compareRows(c)
	n := len(c.Variants)
	if n < 3 {
		s.AddTable(header, rows)
		return
	}
	s.AddTable(header[:n+1], columns(rows, 0, n+1))
	for k := 1; k < n; k++ {
		from := n + 1 + 3*(k-1)
		s.AddText("%s - %s:", c.Variants[k], c.Variants[0])
		s.AddTable(append([]string{header[0]}, header[from:from+3]...), columns(rows, from, from+3))
	}
}

// columns is the first column of rows followed by columns [from, to) (0 and [1, to) when from is 0).
func columns(rows [][]string, from, to int) [][]string {
	out := make([][]string, len(rows))
	for i, row := range rows {
		if from == 0 {
			out[i] = row[:to]
			continue
		}
		out[i] = append([]string{row[0]}, row[from:to]...)
	}
	return out
}

// addComparePlots draws win rate by seat, each later variant's differences from the first (paired
// against unpaired), and the distributions of scores and game lengths.
func addComparePlots(p *Section, c *lab.CompareResult) {
	var seats []string
	for i := 0; i < c.Players; i++ {
		seats = append(seats, fmt.Sprintf("seat %d", i))
	}
	win := make([][]stats.Interval, len(c.Variants))
	for k := range c.Variants {
		for i := 0; i < c.Players; i++ {
			win[k] = append(win[k], c.Get(fmt.Sprintf("win.%d", i)).Values[k])
		}
	}
	p.AddPlot("Win rate by seat with 95% intervals", IntervalPlot("Win rate by seat", "win rate (%)", seats, c.Variants, win, 100, false), 16, 10)
	for k, v := range c.Variants[1:] {
		for _, group := range []struct{ prefix, what, unit string }{{"win.", "win rate", "percentage points"}, {"score.", "score", "points"}} {
			labels, paired, unpaired := diffSeries(c, k, group.prefix)
			scale := 1.0
			if group.prefix == "win." {
				scale = 100
			}
			title := fmt.Sprintf("%s - %s: %s", v, c.Variants[0], group.what)
			p.AddPlot(fmt.Sprintf("Difference in %s (%s), paired against unpaired 95%% intervals", group.what, group.unit),
				IntervalPlot(title, group.unit, labels, []string{"paired", "unpaired"}, [][]stats.Interval{paired, unpaired}, scale, true), 16, 10)
		}
	}
	var scores, lengths []map[int]int
	for _, v := range c.Runs {
		scores, lengths = append(scores, v.Scores), append(lengths, v.Lengths)
	}
	AddDistribution(p, "Score distribution (every seat's final total)", "Score distribution", "final score", "points", c.Variants, Counted(scores), 16, 10)
	AddDistribution(p, "Game length (moves)", "Game length", "moves", "moves", c.Variants, Counted(lengths), 16, 10)
}

// diffSeries are the labels and the paired and unpaired differences of later variant k from the
// first, over the measures whose names start with prefix.
func diffSeries(c *lab.CompareResult, k int, prefix string) (labels []string, paired, unpaired []stats.Interval) {
	for _, m := range c.Measures {
		if !strings.HasPrefix(m.Name, prefix) {
			continue
		}
		labels = append(labels, strings.TrimPrefix(m.Name, prefix))
		paired = append(paired, m.Diffs[k].Paired)
		unpaired = append(unpaired, m.Diffs[k].Unpaired)
	}
	return labels, paired, unpaired
}

// Sweep is sweep's --report: each column drawn against the grid: a curve over the values when one numeric key is swept,
// else estimates with intervals at each point.
func Sweep(s *lab.SweepResult, stamp Stamp) *Report {
	r := New("ruleslab sweep "+sweepName(s), stamp)
	sec := r.Section("Grid")
	sec.AddText("%s.", sweepHeadline(s))
	header, rows := sweepRows(s)
	sec.AddTable(header, rows)
	for _, l := range targetText(s) {
		sec.AddText("%s", l)
	}
	p := r.Section("Sweep curves")
	var xs []float64
	numeric := len(s.Axes) == 1
	if numeric {
		for _, v := range s.Axes[0].Values {
			f, err := strconv.ParseFloat(v, 64)
			if err != nil {
				numeric = false
				break
			}
			xs = append(xs, f)
		}
	}
	var labels []string
	for _, pt := range s.Points {
		labels = append(labels, pointValues(s, pt))
	}
	keys := strings.Join(axisKeys(s.Axes), ", ")
	for _, c := range s.Columns {
		var ivs []stats.Interval
		for _, pt := range s.Points {
			ivs = append(ivs, pt.Measures[c])
		}
		scale, unit := 1.0, s.Labels[c]
		if len(ivs) > 0 && ivs[0].Kind == stats.Rate {
			scale, unit = 100, s.Labels[c]+" (%)"
		}
		caption := fmt.Sprintf("%s by %s with 95%% intervals", s.Labels[c], keys)
		if numeric {
			p.AddPlot(caption, CurvePlot(s.Labels[c], s.Axes[0].Key, unit, xs, nil, [][]stats.Interval{ivs}, scale), 16, 10)
			continue
		}
		pl := IntervalPlot(s.Labels[c], unit, labels, nil, [][]stats.Interval{ivs}, scale, false)
		pl.X.Label.Text = keys
		p.AddPlot(caption, pl, 16, 10)
	}
	return r
}
