package report

import (
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ruleslab/ruleslab/core/stats"
)

func sample() *Report {
	r := New("ruleslab sim <g>", Stamp{Command: "ruleslab sim g --report r.html", Version: "v9"})
	s := r.Section("Summary")
	s.AddText("%d games", 3)
	s.AddTable([]string{"seat", "a|b"}, [][]string{{"0", "x<y"}})
	p := r.Section("Plots")
	ivs := []stats.Interval{{Value: 0.5, Low: 0.4, High: 0.6, Kind: stats.Rate}, {Value: 0.25, Low: 0.2, High: 0.3, Kind: stats.Rate}}
	p.AddPlot("win rate", IntervalPlot("Win rate", "%", []string{"0", "1"}, nil, [][]stats.Interval{ivs}, 100, false), 8, 5)
	p.AddPlot("lengths", HistogramPlot("Length", "moves", []string{"a", "b"}, [][]float64{{1, 2, 2, 3}, {2, 3}}), 8, 5)
	p.AddPlot("curve", CurvePlot("Curve", "x", "y", []float64{1, 2}, nil, [][]stats.Interval{ivs}, 1), 8, 5)
	return r
}

// The HTML page carries the command, the escaped text and tables, and every plot as an SVG data URI;
// Markdown the same text and tables, and the plots by caption.
func TestHTMLAndMarkdown(t *testing.T) {
	r := sample()
	page := string(r.HTML())
	for _, want := range []string{"<title>ruleslab sim &lt;g&gt;</title>", `<pre class="cmd">ruleslab sim g --report r.html</pre>`,
		"<p>3 games</p>", "<td>x&lt;y</td>", "<th>a|b</th>", "ruleslab v9, "} {
		if !strings.Contains(page, want) {
			t.Errorf("the page has no %q", want)
		}
	}
	if n := strings.Count(page, `<svg class="plot"`); n != 3 {
		t.Errorf("%d plots on the page, want 3", n)
	}
	md := string(r.Markdown())
	want := "# ruleslab sim \\<g\\>\n\nProduced by:\n\n```sh\nruleslab sim g --report r.html\n```\n\n## Summary\n\n3 games\n\n| seat | a\\|b |\n|---|---|\n| 0 | x\\<y |\n\n## Plots\n\n*Plot (in the HTML report): win rate*\n"
	if !strings.HasPrefix(md, want) {
		t.Errorf("markdown:\n%s\nwant it to start with:\n%s", md, want)
	}
}

func TestWriteFileAndCheckPath(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"r.html", "r.HTM", "r.md", "r.markdown", ""} {
		if err := CheckPath(name); err != nil {
			t.Errorf("CheckPath(%q): %v", name, err)
		}
	}
	var fe *FormatError
	if err := CheckPath("r.pdf"); !errors.As(err, &fe) || err.Error() != "--report r.pdf: the file name must end in .html or .md" {
		t.Errorf("CheckPath(r.pdf): %v", err)
	}
	if err := sample().WriteFile(filepath.Join(dir, "r.pdf")); !errors.As(err, &fe) {
		t.Errorf("WriteFile(r.pdf): %v", err)
	}
	if err := sample().WriteFile(filepath.Join(dir, "r.md")); err != nil {
		t.Fatal(err)
	}
	if data, err := os.ReadFile(filepath.Join(dir, "r.md")); err != nil || !strings.HasPrefix(string(data), "# ruleslab sim") {
		t.Errorf("r.md: %v %.40q", err, data)
	}
}

func TestFormats(t *testing.T) {
	rate := stats.Interval{Value: 0.479, Low: 0.469, High: 0.488, Kind: stats.Rate, N: 10}
	mean := stats.Interval{Value: 3.734, Low: 3.51, High: 3.94, Kind: stats.Mean, N: 10}
	for _, c := range [][2]string{
		{stats.FormatStat(rate, 2), "47.9% [46.9, 48.8]"},
		{stats.FormatStat(mean, stats.Decimals(mean)), "3.73 [3.51, 3.94]"},
		{stats.Bracket(stats.Interval{Value: 1, Low: math.NaN(), High: math.NaN()}, 1), "[n/a]"},
		{stats.FormatRating(stats.Rating{Value: 12.4, Low: -30, High: 55}), "+12 [-30, +55]"},
		{RungName("a", "b"), "a vs b"},
	} {
		if c[0] != c[1] {
			t.Errorf("got %q, want %q", c[0], c[1])
		}
	}
}

// Hostile names (a bot, a game title, a command line) cannot inject Markdown, HTML or a line break
// into the Markdown report, as they cannot into the HTML one; a command cannot close its code fence.
func TestMarkdownEscapesHostileNames(t *testing.T) {
	r := New("evil <script>alert(1)</script> **bold**\n# heading", Stamp{Command: "ruleslab sim g --seats 'cmd:echo ```; rm'"})
	s := r.Section("bots [link](http://x) | _u_")
	s.AddTable([]string{"bot"}, [][]string{{"cmd:x\n| injected | row |"}, {"<img src=x onerror=alert(1)>"}, {"\x1b]0;t\x07"}})
	md := string(r.Markdown())
	for _, want := range []string{
		"# evil \\<script\\>alert(1)\\</script\\> \\*\\*bold\\*\\* \\# heading\n",
		"````sh\nruleslab sim g --seats 'cmd:echo ```; rm'\n````\n",
		"## bots \\[link\\](http://x) \\| \\_u\\_\n",
		"| cmd:x \\| injected \\| row \\| |\n",
		"| \\<img src=x onerror=alert(1)\\> |\n",
		`| \\x1b\]0;t\\x07 |`,
	} {
		if !strings.Contains(md, want) {
			t.Errorf("markdown has no %q:\n%s", want, md)
		}
	}
	if strings.Contains(md, "<script>") || strings.Contains(md, "\x1b") {
		t.Errorf("raw HTML or control characters in:\n%s", md)
	}
}
