package cli

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"html"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/ruleslab/ruleslab/core/stats"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"
)

// Report is a self-contained report of one command: the command line that produced it, then sections
// of text, tables and plots. sim, compare and sweep build one for --report; any other command (a
// tournament) can too: fill the sections with AddTable, AddPlot and AddText, then WriteFile.
//
// WriteFile picks the format from the file name: .html embeds every plot as SVG (drawn with
// gonum.org/v1/plot) in one file with no outside references; .md writes the tables as Markdown tables
// and the text, and names the plots that the HTML report draws.
type Report struct {
	Title    string
	Command  string // the command line; Execute records it (see CommandLine)
	Sections []*Section
}

// Section is a heading followed by paragraphs, tables and plots, in the order they were added.
type Section struct {
	Heading string
	Items   []ReportItem
}

// ReportItem is one paragraph, table or plot of a section.
type ReportItem struct {
	Text  string
	Table *ReportTable
	Plot  *ReportPlot
}

// ReportTable is a table of strings.
type ReportTable struct {
	Header []string
	Rows   [][]string
}

// ReportPlot is a drawn plot: its SVG and a caption.
type ReportPlot struct {
	Caption string
	SVG     []byte
}

// NewReport starts a report for the command line being run.
func NewReport(title string) *Report {
	return &Report{Title: title, Command: CommandLine()}
}

// Section adds a section.
func (r *Report) Section(heading string) *Section {
	s := &Section{Heading: heading}
	r.Sections = append(r.Sections, s)
	return s
}

// AddText adds a paragraph.
func (s *Section) AddText(format string, args ...any) {
	s.Items = append(s.Items, ReportItem{Text: fmt.Sprintf(format, args...)})
}

// AddTable adds a table.
func (s *Section) AddTable(header []string, rows [][]string) {
	s.Items = append(s.Items, ReportItem{Table: &ReportTable{Header: header, Rows: rows}})
}

// AddPlot draws p as SVG (w × h centimetres) and adds it; a plot that fails to draw is replaced by a
// paragraph saying why.
func (s *Section) AddPlot(caption string, p *plot.Plot, w, h float64) {
	svg, err := plotSVG(p, vg.Length(w)*vg.Centimeter, vg.Length(h)*vg.Centimeter)
	if err != nil {
		s.AddText("(plot %q could not be drawn: %v)", caption, err)
		return
	}
	s.Items = append(s.Items, ReportItem{Plot: &ReportPlot{Caption: caption, SVG: svg}})
}

func plotSVG(p *plot.Plot, w, h vg.Length) (svg []byte, err error) {
	defer func() {
		if e := recover(); e != nil {
			err = fmt.Errorf("%v", e)
		}
	}()
	c := vgsvg.New(w, h)
	p.Draw(draw.New(c))
	var buf bytes.Buffer
	if _, err := c.WriteTo(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// WriteFile writes the report as HTML (.html, .htm) or Markdown (.md).
func (r *Report) WriteFile(path string) error {
	var data []byte
	switch strings.ToLower(filepath.Ext(path)) {
	case ".html", ".htm":
		data = r.HTML()
	case ".md", ".markdown":
		data = r.Markdown()
	default:
		return usagef("--report %s: the file name must end in .html or .md", path)
	}
	return os.WriteFile(path, data, 0o644)
}

// checkReportPath rejects a --report name with no known format before any game is played.
func checkReportPath(path string) error {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".html", ".htm", ".md", ".markdown":
		return nil
	}
	if path == "" {
		return nil
	}
	return usagef("--report %s: the file name must end in .html or .md", path)
}

// HTML renders the report as one self-contained page: inline CSS, plots as SVG data URIs, no scripts.
func (r *Report) HTML() []byte {
	var b strings.Builder
	e := html.EscapeString
	b.WriteString("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
	fmt.Fprintf(&b, "<title>%s</title>\n", e(r.Title))
	b.WriteString(`<style>
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 96em; padding: 0 1em; color: #222; background: #fff; }
pre.cmd { background: #f4f4f4; padding: .6em; overflow-x: auto; }
div.wide { overflow-x: auto; }
table { border-collapse: collapse; margin: .8em 0; font-size: 85%; }
th, td { border: 1px solid #ccc; padding: .25em .6em; text-align: right; white-space: nowrap; }
th:first-child, td:first-child { text-align: left; }
th { background: #eee; }
figure { display: inline-block; margin: .5em 1em .5em 0; }
figure img { border: 1px solid #ddd; background: #fff; }
figcaption { font-size: 85%; color: #555; }
</style>
</head>
<body>
`)
	fmt.Fprintf(&b, "<h1>%s</h1>\n", e(r.Title))
	fmt.Fprintf(&b, "<p>Produced by:</p>\n<pre class=\"cmd\">%s</pre>\n", e(r.Command))
	for _, s := range r.Sections {
		fmt.Fprintf(&b, "<h2>%s</h2>\n", e(s.Heading))
		for _, it := range s.Items {
			switch {
			case it.Table != nil:
				b.WriteString("<div class=\"wide\"><table>\n<thead><tr>")
				for _, h := range it.Table.Header {
					fmt.Fprintf(&b, "<th>%s</th>", e(h))
				}
				b.WriteString("</tr></thead>\n<tbody>\n")
				for _, row := range it.Table.Rows {
					b.WriteString("<tr>")
					for _, c := range row {
						fmt.Fprintf(&b, "<td>%s</td>", e(c))
					}
					b.WriteString("</tr>\n")
				}
				b.WriteString("</tbody>\n</table></div>\n")
			case it.Plot != nil:
				fmt.Fprintf(&b, "<figure><img class=\"plot\" alt=\"%s\" src=\"data:image/svg+xml;base64,%s\"><figcaption>%s</figcaption></figure>\n",
					e(it.Plot.Caption), base64.StdEncoding.EncodeToString(it.Plot.SVG), e(it.Plot.Caption))
			default:
				fmt.Fprintf(&b, "<p>%s</p>\n", e(it.Text))
			}
		}
	}
	fmt.Fprintf(&b, "<hr><p><small>ruleslab %s, %s</small></p>\n</body>\n</html>\n", e(Version()), time.Now().UTC().Format("2006-01-02"))
	return []byte(b.String())
}

// Markdown renders the report's text and tables; plots are listed by caption (the HTML report draws them).
func (r *Report) Markdown() []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s\n\nProduced by:\n\n```sh\n%s\n```\n", r.Title, r.Command)
	cell := func(s string) string { return strings.ReplaceAll(s, "|", `\|`) }
	for _, s := range r.Sections {
		fmt.Fprintf(&b, "\n## %s\n", s.Heading)
		for _, it := range s.Items {
			switch {
			case it.Table != nil:
				b.WriteString("\n|")
				for _, h := range it.Table.Header {
					b.WriteString(" " + cell(h) + " |")
				}
				b.WriteString("\n|")
				for range it.Table.Header {
					b.WriteString("---|")
				}
				b.WriteString("\n")
				for _, row := range it.Table.Rows {
					b.WriteString("|")
					for _, c := range row {
						b.WriteString(" " + cell(c) + " |")
					}
					b.WriteString("\n")
				}
			case it.Plot != nil:
				fmt.Fprintf(&b, "\n*Plot (in the HTML report): %s*\n", it.Plot.Caption)
			default:
				fmt.Fprintf(&b, "\n%s\n", it.Text)
			}
		}
	}
	return []byte(b.String())
}

// commandLine is the command line Execute is running, for reports.
var commandLine string

// CommandLine returns "ruleslab ARGS..." of the running command, each argument quoted if it needs it.
func CommandLine() string {
	if commandLine == "" {
		return "github.com/ruleslab/ruleslab"
	}
	return commandLine
}

func setCommandLine(args []string) {
	parts := []string{"ruleslab"}
	for _, a := range args {
		if a == "" || strings.ContainsAny(a, " \t\n'\"\\$`;&|<>*?()[]{}#~") {
			a = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
		parts = append(parts, a)
	}
	commandLine = strings.Join(parts, " ")
}

// ---- plots ----

var plotColors = []color.Color{
	color.RGBA{R: 0x1f, G: 0x77, B: 0xb4, A: 255}, color.RGBA{R: 0xff, G: 0x7f, B: 0x0e, A: 255},
	color.RGBA{R: 0x2c, G: 0xa0, B: 0x2c, A: 255}, color.RGBA{R: 0xd6, G: 0x27, B: 0x28, A: 255},
	color.RGBA{R: 0x94, G: 0x67, B: 0xbd, A: 255}, color.RGBA{R: 0x8c, G: 0x56, B: 0x4b, A: 255},
}

func plotColor(i int) color.Color { return plotColors[i%len(plotColors)] }

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
	if !zero && scale == 100 {
		p.Y.Min = 0 // rates from 0%
	}
	p.Legend.Top = true
	p.Add(plotter.NewGrid())
	return p
}

// HistogramPlot draws the distribution of integer values (one histogram per series, drawn over each
// other with transparent fills), with one bin per value when the range is small.
func HistogramPlot(title, xlabel string, names []string, series [][]float64) *plot.Plot {
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = xlabel
	p.Y.Label.Text = "games"
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, vs := range series {
		for _, v := range vs {
			lo, hi = math.Min(lo, v), math.Max(hi, v)
		}
	}
	if math.IsInf(lo, 0) {
		return p
	}
	bins := int(hi-lo) + 1
	if bins > 40 {
		bins = 40
	}
	if bins < 1 {
		bins = 1
	}
	for k, vs := range series {
		if len(vs) == 0 {
			continue
		}
		h, err := plotter.NewHist(plotter.Values(vs), bins)
		if err != nil {
			continue
		}
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
	p.Legend.Top = true
	return p
}

// CurvePlot draws y against x with 95% intervals as error bars, one line per series.
func CurvePlot(title, xlabel, ylabel string, xs []float64, names []string, series [][]stats.Interval, scale float64) *plot.Plot {
	p := plot.New()
	p.Title.Text = title
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
	p.Legend.Top = true
	p.Add(plotter.NewGrid())
	return p
}

// sortedKeys returns a map's keys in order.
func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
