package report

import (
	"image/color"
	"math"
	"sort"
	"strings"

	"github.com/ruleslab/ruleslab/core/stats"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// plotColor is the colour of series i: six colours in turn.
func plotColor(i int) color.Color {
	colors := [...]color.RGBA{
		{R: 0x1f, G: 0x77, B: 0xb4, A: 255}, {R: 0xff, G: 0x7f, B: 0x0e, A: 255},
		{R: 0x2c, G: 0xa0, B: 0x2c, A: 255}, {R: 0xd6, G: 0x27, B: 0x28, A: 255},
		{R: 0x94, G: 0x67, B: 0xbd, A: 255}, {R: 0x8c, G: 0x56, B: 0x4b, A: 255},
	}
	return colors[i%len(colors)]
}

// intervalPoints are estimates with 95% intervals at x = 0, 1, ...; they implement the XYer and
// YErrorer interfaces of gonum's error bars.
type intervalPoints []stats.Interval

func (p intervalPoints) Len() int { return len(p) }
func (p intervalPoints) XY(i int) (float64, float64) {
	return float64(i), finite(p[i].Value)
}
func (p intervalPoints) YError(i int) (float64, float64) {
	if !p[i].Defined() {
		return 0, 0
	}
	return p[i].Value - p[i].Low, p[i].High - p[i].Value
}

func finite(x float64) float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return 0
	}
	return x
}

// IntervalPlot draws estimates with their 95% intervals, one series per name, at the nominal x labels;
// series are offset sideways so their bars do not overlap. scale multiplies every number (100 for
// rates in percent). zero draws a dashed line at 0 (for differences).
func IntervalPlot(title, ylabel string, labels []string, names []string, series [][]stats.Interval, scale float64, zero bool) *plot.Plot {
	p := plot.New()
	p.Title.Text = title
	p.Y.Tick.Marker = trimmedTicks{}
	p.Y.Label.Text = ylabel
	n := len(series)
	for k, ivs := range series {
		pts := make(intervalPoints, len(ivs))
		for i, iv := range ivs {
			iv.Value, iv.Low, iv.High = iv.Value*scale, iv.Low*scale, iv.High*scale
			pts[i] = iv
		}
		off := 0.0
		if n > 1 {
			off = (float64(k) - float64(n-1)/2) * 0.5 / float64(n)
		}
		xy := make(plotter.XYs, len(pts))
		for i := range pts {
			xy[i].X, xy[i].Y = pts.XY(i)
			xy[i].X += off
		}
		errs := make(plotter.YErrors, len(pts))
		for i := range pts {
			errs[i].Low, errs[i].High = pts.YError(i)
		}
		eb := &plotter.YErrorBars{XYs: xy, YErrors: errs, LineStyle: plotter.DefaultLineStyle, CapWidth: vg.Points(6)}
		eb.LineStyle.Color = plotColor(k)
		eb.LineStyle.Width = vg.Points(1.5)
		sc, err := plotter.NewScatter(xy)
		if err == nil {
			sc.GlyphStyle.Color = plotColor(k)
			sc.GlyphStyle.Shape = draw.CircleGlyph{}
			sc.GlyphStyle.Radius = vg.Points(3.5)
			p.Add(eb, sc)
			if len(names) > k && n > 1 {
				p.Legend.Add(names[k], sc)
			}
		}
	}
	if zero && len(labels) > 0 {
		l, err := plotter.NewLine(plotter.XYs{{X: -0.5, Y: 0}, {X: float64(len(labels)) - 0.5, Y: 0}})
		if err == nil {
			l.LineStyle.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
			l.LineStyle.Color = color.Gray{Y: 120}
			p.Add(l)
		}
	}
	p.NominalX(labels...)
	p.X.Min, p.X.Max = -0.5, float64(len(labels))-0.5
	if len(labels) > 8 { // upright, so that they do not run into each other
		p.X.Tick.Label.Rotation = math.Pi / 2
		p.X.Tick.Label.XAlign, p.X.Tick.Label.YAlign = draw.XRight, draw.YCenter
	}
	rates := !zero && scale == 100
	fitY(p, series, scale, zero || rates, rates) // rates from 0%, differences with their 0 line
	p.Legend.Top = true
	p.Add(plotter.NewGrid())
	return p
}

// HistogramPlot draws the distribution of integer values (one histogram per series, drawn over each
// other with transparent fills), one bin per value centred on it when the range is small, at most 40
// bins of whole values otherwise.
func HistogramPlot(title, xlabel string, names []string, series [][]float64) *plot.Plot {
	return histogram(title, xlabel, names, Weighted(series))
}

// Weighted is each series of values as weighted values: X a value, Y 1 (for histogram and
// AddDistribution).
func Weighted(series [][]float64) []plotter.XYs {
	xys := make([]plotter.XYs, len(series))
	for k, vs := range series {
		for _, v := range vs {
			xys[k] = append(xys[k], plotter.XY{X: v, Y: 1})
		}
	}
	return xys
}

// HistogramCountsPlot is HistogramPlot of values given as counts per value (a batch keeps those, not
// every game's value).
func HistogramCountsPlot(title, xlabel string, names []string, series []map[int]int) *plot.Plot {
	return histogram(title, xlabel, names, Counted(series))
}

// Counted is each series of counts per value as weighted values: X a value, Y how many games had it,
// in increasing X.
func Counted(series []map[int]int) []plotter.XYs {
	xys := make([]plotter.XYs, len(series))
	for k, counts := range series {
		values := make([]int, 0, len(counts))
		for v := range counts {
			values = append(values, v)
		}
		sort.Ints(values)
		for _, v := range values {
			xys[k] = append(xys[k], plotter.XY{X: float64(v), Y: float64(counts[v])})
		}
	}
	return xys
}

// histogram draws weighted values: X the value, Y how many games had it.
func histogram(title, xlabel string, names []string, series []plotter.XYs) *plot.Plot {
	p := plot.New()
	p.Title.Text = title
	p.Y.Tick.Marker = trimmedTicks{}
	p.X.Label.Text = xlabel
	p.Y.Label.Text = "games"
	lo, hi := seriesRange(series)
	if math.IsInf(lo, 0) {
		return p
	}
	width := math.Max(1, math.Ceil((hi-lo+1)/40))
	for k, vs := range series {
		if len(vs) == 0 {
			continue
		}
		h := &plotter.Histogram{Bins: integerBins(vs, lo, hi, width), Width: width, LineStyle: plotter.DefaultLineStyle}
		c := color.RGBAModel.Convert(plotColor(k)).(color.RGBA)
		if len(series) > 1 {
			c.A = 110
			c.R, c.G, c.B = uint8(uint16(c.R)*110/255), uint8(uint16(c.G)*110/255), uint8(uint16(c.B)*110/255) // premultiplied
		}
		h.FillColor = c
		h.LineStyle.Color = plotColor(k)
		p.Add(h)
		if len(series) > 1 && k < len(names) {
			p.Legend.Add(names[k], h)
		}
	}
	p.X.Min, p.X.Max = lo-0.5-width*0.1, lo-0.5+width*math.Ceil((hi-lo+1)/width)+width*0.1
	p.Y.Min = 0
	return p
}

// seriesRange is the smallest and the largest value of all series (+Inf, -Inf when they are empty).
func seriesRange(series []plotter.XYs) (lo, hi float64) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, vs := range series {
		for _, v := range vs {
			lo, hi = math.Min(lo, v.X), math.Max(hi, v.X)
		}
	}
	return lo, hi
}

// integerBins counts the weighted values vs in bins of width whole values from lo, each from half a value below its
// first value to half a value above its last, up to hi.
func integerBins(vs plotter.XYs, lo, hi, width float64) []plotter.HistogramBin {
	n := int(math.Ceil((hi - lo + 1) / width))
	bins := make([]plotter.HistogramBin, n)
	for i := range bins {
		bins[i].Min = lo - 0.5 + float64(i)*width
		bins[i].Max = bins[i].Min + width
	}
	for _, v := range vs {
		i := min(n-1, max(0, int(math.Floor((v.X-lo+0.5)/width))))
		bins[i].Weight += v.Y
	}
	return bins
}

// CurvePlot draws y against x with 95% intervals as error bars, one line per series.
func CurvePlot(title, xlabel, ylabel string, xs []float64, names []string, series [][]stats.Interval, scale float64) *plot.Plot {
	p := plot.New()
	p.Title.Text = title
	p.Y.Tick.Marker = trimmedTicks{}
	p.X.Label.Text = xlabel
	p.Y.Label.Text = ylabel
	for k, ivs := range series {
		xy := make(plotter.XYs, len(ivs))
		errs := make(plotter.YErrors, len(ivs))
		for i, iv := range ivs {
			xy[i].X, xy[i].Y = xs[i], finite(iv.Value*scale)
			if iv.Defined() {
				errs[i].Low, errs[i].High = (iv.Value-iv.Low)*scale, (iv.High-iv.Value)*scale
			}
		}
		l, sc, err := plotter.NewLinePoints(xy)
		if err != nil {
			continue
		}
		l.LineStyle.Color, sc.GlyphStyle.Color = plotColor(k), plotColor(k)
		sc.GlyphStyle.Shape = draw.CircleGlyph{}
		eb := &plotter.YErrorBars{XYs: xy, YErrors: errs, LineStyle: plotter.DefaultLineStyle, CapWidth: vg.Points(6)}
		eb.LineStyle.Color = plotColor(k)
		p.Add(l, sc, eb)
		if len(series) > 1 && k < len(names) {
			p.Legend.Add(names[k], l, sc)
		}
	}
	if len(xs) > 0 {
		lo, hi := xs[0], xs[0]
		for _, x := range xs {
			lo, hi = math.Min(lo, x), math.Max(hi, x)
		}
		pad := (hi - lo) * 0.06
		if pad == 0 {
			pad = 1
		}
		p.X.Min, p.X.Max = lo-pad, hi+pad
	}
	fitY(p, series, scale, false, false)
	p.Legend.Top = true
	p.Add(plotter.NewGrid())
	return p
}

// fitY sets p's vertical range to hold every estimate and interval of series (times scale) with a
// margin, so that no interval ends on or beyond the plot's frame; withZero keeps 0 in the range, and
// fromZero starts it at 0 when nothing is below.
func fitY(p *plot.Plot, series [][]stats.Interval, scale float64, withZero, fromZero bool) {
	lo, hi := math.Inf(1), math.Inf(-1)
	if withZero {
		lo, hi = 0, 0
	}
	for _, ivs := range series {
		for _, iv := range ivs {
			for _, v := range []float64{iv.Value, iv.Low, iv.High} {
				if v = v * scale; !math.IsNaN(v) && !math.IsInf(v, 0) {
					lo, hi = math.Min(lo, v), math.Max(hi, v)
				}
			}
		}
	}
	if math.IsInf(lo, 0) {
		return
	}
	pad := (hi - lo) * 0.08
	if pad == 0 {
		pad = math.Max(1, math.Abs(hi)*0.1)
	}
	p.Y.Min, p.Y.Max = lo-pad, hi+pad
	if fromZero && lo == 0 {
		p.Y.Min = 0
	}
}

// trimmedTicks are gonum's default ticks with their labels' trailing zeros left out ("50" for "50.00",
// "2.5" for "2.50"), so that a percentage axis reads as percentages.
type trimmedTicks struct{ plot.DefaultTicks }

func (t trimmedTicks) Ticks(min, max float64) []plot.Tick {
	ticks := t.DefaultTicks.Ticks(min, max)
	for i, tk := range ticks {
		if strings.Contains(tk.Label, ".") && !strings.ContainsAny(tk.Label, "eE") {
			ticks[i].Label = strings.TrimSuffix(strings.TrimRight(tk.Label, "0"), ".")
		}
	}
	return ticks
}
