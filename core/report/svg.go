package report

import (
	"bytes"
	"fmt"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"
)

// plotMargin is left free on every side of a drawn plot: gonum centres the first and last tick labels
// on the ends of an axis, so half of each would stick out of a canvas it filled, and a browser's
// fallback font may be wider than the one gonum measured.
const plotMargin = vg.Length(14)

// legendGap separates the plot from its legend.
const legendGap = vg.Length(8)

// legendSlack widens the legend's column beyond what gonum measured in Liberation Serif: a browser
// without that font (or Times New Roman, of the same widths) draws the text in a wider serif, such as
// DejaVu Serif, about a fifth wider.
const legendSlack = 1.3

// plotSVG draws p as an SVG document of w × h, within plotMargin of every edge, with its legend (if
// it has entries) in a column to the right of the plot rather than over the data.
func plotSVG(p *plot.Plot, w, h vg.Length) (svg []byte, err error) {
	defer func() {
		if e := recover(); e != nil {
			err = fmt.Errorf("%v", e)
		}
	}()
	c := vgsvg.New(w, h)
	dc := draw.New(c)
	dc = draw.Crop(dc, plotMargin, -plotMargin, plotMargin, -plotMargin)
	own := p.Legend
	p.Legend = plot.NewLegend()
	defer func() { p.Legend = own }()
	legend := own
	legendWidth := legend.Rectangle(dc).Size().X * legendSlack
	if legendWidth > 0 {
		legend.Top, legend.Left = true, true
		legend.XOffs, legend.YOffs = 0, 0
		legend.Draw(draw.Crop(dc, dc.Max.X-dc.Min.X-legendWidth, 0, 0, 0))
		dc = draw.Crop(dc, 0, -(legendWidth + legendGap), 0, 0)
	}
	p.Draw(dc)
	var buf bytes.Buffer
	if _, err := c.WriteTo(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// inlineSVG is an SVG document without its XML prolog and comments, to be written inside an HTML page;
// it scales down to the page's width.
func inlineSVG(doc []byte) []byte {
	i := bytes.Index(doc, []byte("<svg"))
	if i < 0 {
		return nil
	}
	return append([]byte(`<svg class="plot" preserveAspectRatio="xMinYMin meet"`), doc[i+len("<svg"):]...)
}
