package report

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/ruleslab/ruleslab/core/stats"
)

func TestShortNames(t *testing.T) {
	for _, c := range []struct{ in, want []string }{
		{[]string{"base", "face-up"}, []string{"base", "face-up"}},
		{[]string{"base", "house/house.yaml", "face-up"}, []string{"base", "house", "face-up"}},
		{[]string{"my-rule.yml"}, []string{"my-rule"}},
		{[]string{"a/house.yaml", "b/house.yaml"}, []string{"a/house", "b/house"}},
		{[]string{"house", "x/house.yaml"}, []string{"house", "x/house"}},
	} {
		if got := ShortNames(c.in); strings.Join(got, ",") != strings.Join(c.want, ",") {
			t.Errorf("ShortNames(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// A variant file is listed under its short name with its path; bundled names need no list.
func TestAddVariantNames(t *testing.T) {
	r := New("t", Stamp{})
	s := r.Section("s")
	AddVariantNames(s, []string{"base", "face-up"})
	if len(s.Items) != 0 {
		t.Errorf("bundled variants listed: %+v", s.Items)
	}
	AddVariantNames(s, []string{"base", "rules/house.yaml"})
	if len(s.Items) != 2 || s.Items[1].Table == nil || strings.Join(s.Items[1].Table.Rows[0], " ") != "house rules/house.yaml" {
		t.Errorf("items %+v", s.Items)
	}
}

// The variant files' text is in both formats, escaped; a fence in a file cannot close its block.
func TestVariantFilesEmbedded(t *testing.T) {
	files := []SourceText{
		{Path: "house/house.yaml", Part: "variant", Text: "extends: g\ntitle: <b>&</b>\n"},
		{Path: "house/house.lua", Part: "override", Text: "-- ``` not the end\x1b\nfunction f() end\n"},
	}
	r := New("t", Stamp{Command: "ruleslab sim 'house/<x>\x1b.yaml'", Files: files})
	page := string(r.HTML())
	for _, want := range []string{"<pre class=\"cmd\">ruleslab sim &#39;house/&lt;x&gt;\\x1b.yaml&#39;</pre>", "<h2>Variant files</h2>", "<h3>house/house.yaml (variant)</h3>",
		"<pre class=\"file\">extends: g\ntitle: &lt;b&gt;&amp;&lt;/b&gt;\n</pre>", "-- ``` not the end\\x1b\n"} {
		if !strings.Contains(page, want) {
			t.Errorf("the page has no %q", want)
		}
	}
	md := string(r.Markdown())
	for _, want := range []string{"\n## Variant files\n", "\n### house/house.lua (override)\n\n````\n-- ``` not the end\\x1b\nfunction f() end\n````\n",
		"```\nextends: g\ntitle: <b>&</b>\n```\n"} {
		if !strings.Contains(md, want) {
			t.Errorf("the markdown has no %q:\n%s", want, md)
		}
	}
	if strings.Contains(page+md, "\x1b") {
		t.Error("a control character reached the report")
	}
}

// A measure that never varies is written as its value, not drawn; one that varies is drawn.
func TestAddDistribution(t *testing.T) {
	r := New("t", Stamp{})
	s := r.Section("s")
	AddDistribution(s, "Game length (moves)", "Game length", "moves", "moves", nil, Weighted([][]float64{{52, 52, 52}}), 16, 10)
	AddDistribution(s, "Game length (moves)", "Game length", "moves", "moves", []string{"base", "house"}, Weighted([][]float64{{52, 52}, {60, 60}}), 16, 10)
	AddDistribution(s, "Game length (moves)", "Game length", "moves", "moves", []string{"base", "house"}, Weighted([][]float64{{52, 52}, {50, 60}}), 16, 10)
	want := []string{
		"Game length (moves): always 52 moves (in every game), so there is no distribution to draw.",
		"Game length (moves): always the same in every game, so there is no distribution to draw: base 52 moves; house 60 moves.",
	}
	for i, w := range want {
		if s.Items[i].Text != w {
			t.Errorf("item %d: %q, want %q", i, s.Items[i].Text, w)
		}
	}
	if len(s.Items) != 3 || s.Items[2].Plot == nil {
		t.Errorf("a measure that varies is not drawn: %+v", s.Items[2])
	}
}

// Histogram bins are whole values, each centred on its value; a wide range is cut into at most 40.
func TestIntegerBins(t *testing.T) {
	bins := integerBins(Weighted([][]float64{{3, 3, 4, 6}})[0], 3, 6, 1)
	var got []string
	for _, b := range bins {
		got = append(got, strconv.FormatFloat(b.Min, 'g', -1, 64)+":"+strconv.FormatFloat(b.Weight, 'g', -1, 64))
	}
	if strings.Join(got, " ") != "2.5:2 3.5:1 4.5:0 5.5:1" {
		t.Errorf("bins %v", got)
	}
	if n := len(HistogramPlot("h", "x", nil, [][]float64{{0, 1000}}).Y.Label.Text); n == 0 {
		t.Error("no y label")
	}
	if bins := integerBins(Weighted([][]float64{{0, 1000}})[0], 0, 1000, 26); len(bins) != 39 || bins[38].Weight != 1 || bins[0].Weight != 1 {
		t.Errorf("%d wide bins, last %v", len(bins), bins[len(bins)-1])
	}
}

// Every interval lies inside the vertical range with a margin; rates start at 0.
func TestFitY(t *testing.T) {
	ivs := []stats.Interval{{Value: 0.5, Low: 0.2, High: 0.95, Kind: stats.Rate}, {Value: 0.1, Low: 0.01, High: 0.3, Kind: stats.Rate}}
	p := IntervalPlot("w", "%", []string{"0", "1"}, nil, [][]stats.Interval{ivs}, 100, false)
	if p.Y.Min != 0 || p.Y.Max <= 95 {
		t.Errorf("rates drawn from %g to %g", p.Y.Min, p.Y.Max)
	}
	diffs := []stats.Interval{{Value: 2, Low: 1, High: 3}}
	p = IntervalPlot("d", "points", []string{"0"}, nil, [][]stats.Interval{diffs}, 1, true)
	if p.Y.Min >= 0 || p.Y.Max <= 3 {
		t.Errorf("differences drawn from %g to %g, want 0 and 3 inside", p.Y.Min, p.Y.Max)
	}
}

// The legend is drawn in its own column right of the data: every legend text starts to the right of
// every tick of the x axis.
func TestLegendBesideTheData(t *testing.T) {
	ivs := []stats.Interval{{Value: 0.5, Low: 0.4, High: 0.6, Kind: stats.Rate}, {Value: 0.25, Low: 0.2, High: 0.3, Kind: stats.Rate}}
	p := IntervalPlot("Win rate", "%", []string{"seat 0", "seat 1"}, []string{"first-variant", "second-variant"}, [][]stats.Interval{ivs, ivs}, 100, false)
	svg, err := plotSVG(p, 400, 250)
	if err != nil {
		t.Fatal(err)
	}
	x := func(label string) float64 {
		m := regexp.MustCompile(`<text x="([0-9.]+)"[^>]*\n?[^>]*>` + label + `</text>`).FindSubmatch(svg)
		if m == nil {
			t.Fatalf("no %q in the SVG", label)
		}
		f, _ := strconv.ParseFloat(string(m[1]), 64)
		return f
	}
	if legend, tick := x("first-variant"), x("seat 1"); legend <= tick+10 {
		t.Errorf("the legend (x %g) is not right of the data (last tick label at x %g)", legend, tick)
	}
	if p.Legend.Left || p.Legend.Top != true {
		t.Error("drawing changed the plot's own legend")
	}
}

// A cell wraps only between an estimate and its interval; text is escaped either way.
func TestHTMLCell(t *testing.T) {
	for _, c := range [][2]string{
		{"30.0% [18.1, 45.4]", `<span class="nw">30.0%</span> <span class="nw">[18.1, 45.4]</span>`},
		{"+1.2 pts [0.1, 2.3]", `<span class="nw">+1.2 pts</span> <span class="nw">[0.1, 2.3]</span>`},
		{"91.7% [74.2, 97.7] *", `<span class="nw">91.7%</span> <span class="nw">[74.2, 97.7] *</span>`},
		{"a <b> [c", "a &lt;b&gt; [c"},
		{"house/house.yaml", "house/house.yaml"},
	} {
		if got := htmlCell(c[0]); got != c[1] {
			t.Errorf("htmlCell(%q) = %q, want %q", c[0], got, c[1])
		}
	}
}

func TestTrimmedTicks(t *testing.T) {
	var labels []string
	for _, tk := range (trimmedTicks{}).Ticks(0, 52) {
		if tk.Label != "" {
			labels = append(labels, tk.Label)
		}
	}
	if got := strings.Join(labels, " "); got != "0 25 50" {
		t.Errorf("ticks %q", got)
	}
	labels = nil
	for _, tk := range (trimmedTicks{}).Ticks(-12.9, 7.9) {
		if tk.Label != "" {
			labels = append(labels, tk.Label)
		}
	}
	if got := strings.Join(labels, " "); got != "-12.5 -2.5 7.5" {
		t.Errorf("ticks %q", got)
	}
}
