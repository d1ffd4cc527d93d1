package stats

import (
	"fmt"
	"math"
)

// How the reports and the text tables write an estimate with its interval.

// FormatStat prints a rate as a percentage and a count or mean as a mean with dec decimals, each with its
// 95% interval.
func FormatStat(v Interval, dec int) string {
	if v.Kind == Rate {
		return FormatRate(v)
	}
	return FormatMean(v, dec)
}

// FormatRate prints a share as "47.9% [46.9, 48.8]".
func FormatRate(v Interval) string {
	if !v.Defined() {
		return fmt.Sprintf("%.1f%% [n/a]", 100*v.Value)
	}
	return fmt.Sprintf("%.1f%% [%.1f, %.1f]", 100*v.Value, 100*v.Low, 100*v.High)
}

// FormatMean prints a mean as "3.73 [3.51, 3.94]", or "3.73 [n/a]" when the interval is undefined.
func FormatMean(v Interval, dec int) string {
	return fmt.Sprintf("%.*f %s", dec, v.Value, Bracket(v, dec))
}

// Bracket prints a mean's interval as "[3.51, 3.94]", or "[n/a]".
func Bracket(v Interval, dec int) string {
	if !v.Defined() {
		return "[n/a]"
	}
	return fmt.Sprintf("[%.*f, %.*f]", dec, v.Low, dec, v.High)
}

// Decimals gives the largest of the statistics about three significant digits: 0.163, 3.73, 12.45,
// 123.4.
func Decimals(vs ...Interval) int {
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

// FormatRating prints a Bradley-Terry rating on the Elo scale with its interval: "+12 [-30, +55]".
func FormatRating(r Rating) string {
	if math.IsNaN(r.Low) {
		return fmt.Sprintf("%+.0f [n/a]", r.Value)
	}
	return fmt.Sprintf("%+.0f [%+.0f, %+.0f]", r.Value, r.Low, r.High)
}
