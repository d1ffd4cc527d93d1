package report

import (
	"fmt"
	"math"

	"github.com/ruleslab/ruleslab/core/stats"
)

// The number formats of the reports' tables. (cmd/cli's sim.go and tournament.go still hold the same
// formats for their text output, as formatStat, formatRate, formatMean, bracket, decimals and
// formatRating: they are to call these.)

// Stat prints a rate as a percentage and a count or mean as a mean with dec decimals, each with its
// 95% interval.
func Stat(v stats.Interval, dec int) string {
	if v.Kind == stats.Rate {
		return Rate(v)
	}
	return Mean(v, dec)
}

// Rate prints a share as "47.9% [46.9, 48.8]".
func Rate(v stats.Interval) string {
	if !v.Defined() {
		return fmt.Sprintf("%.1f%% [n/a]", 100*v.Value)
	}
	return fmt.Sprintf("%.1f%% [%.1f, %.1f]", 100*v.Value, 100*v.Low, 100*v.High)
}

// Mean prints a mean as "3.73 [3.51, 3.94]", or "3.73 [n/a]" when the interval is undefined.
func Mean(v stats.Interval, dec int) string {
	return fmt.Sprintf("%.*f %s", dec, v.Value, Bracket(v, dec))
}

// Bracket prints a mean's interval as "[3.51, 3.94]", or "[n/a]".
func Bracket(v stats.Interval, dec int) string {
	if !v.Defined() {
		return "[n/a]"
	}
	return fmt.Sprintf("[%.*f, %.*f]", dec, v.Low, dec, v.High)
}

// Decimals gives the largest of the statistics about three significant digits: 0.163, 3.73, 12.45,
// 123.4.
func Decimals(vs ...stats.Interval) int {
	m := 0.0
	for _, v := range vs {
		m = math.Max(m, math.Abs(v.Value))
		if v.Defined() {
			m = math.Max(m, math.Max(math.Abs(v.Low), math.Abs(v.High)))
		}
	}
	switch {
	case m >= 100:
		return 1
	case m >= 1:
		return 2
	}
	return 3
}

// Rating prints a Bradley-Terry rating on the Elo scale with its interval: "+12 [-30, +55]".
func Rating(r stats.Rating) string {
	if math.IsNaN(r.Low) {
		return fmt.Sprintf("%+.0f [n/a]", r.Value)
	}
	return fmt.Sprintf("%+.0f [%+.0f, %+.0f]", r.Value, r.Low, r.High)
}
