package report

import (
	"fmt"
	"strings"

	"gonum.org/v1/plot/plotter"
)

// AddDistribution adds the histogram of series (one per name) or, when no series varies, their
// values as a sentence: a measure that is always the same (every Zoomies game is 52 moves long) has
// no distribution to draw, and a histogram of it would be one solid block. caption names the measure
// and unit its unit ("moves").
func AddDistribution(s *Section, caption, title, xlabel, unit string, names []string, series []plotter.XYs, w, h float64) {
	constant, ok := constantValues(names, series)
	if !ok {
		s.AddPlot(caption, histogram(title, xlabel, names, series), w, h)
		return
	}
	if len(constant) == 1 && len(names) <= 1 {
		s.AddText("%s: always %s %s (in every game), so there is no distribution to draw.", caption, constant[0], unit)
		return
	}
	for i := range constant {
		constant[i] += " " + unit
	}
	s.AddText("%s: always the same in every game, so there is no distribution to draw: %s.", caption,
		strings.Join(constant, "; "))
}

// constantValues says, when every non-empty series holds one value only, what each is ("name: value"
// with names, the value alone for a single unnamed series); ok is false when some series varies or
// all are empty.
func constantValues(names []string, series []plotter.XYs) (values []string, ok bool) {
	for k, vs := range series {
		if len(vs) == 0 {
			continue
		}
		for _, v := range vs[1:] {
			if v.X != vs[0].X {
				return nil, false
			}
		}
		value := fmt.Sprintf("%g", vs[0].X)
		if k < len(names) && (len(series) > 1 || len(names) > 1) {
			value = names[k] + " " + value
		}
		values = append(values, value)
	}
	return values, len(values) > 0
}
