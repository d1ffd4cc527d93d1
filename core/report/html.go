package report

import (
	"fmt"
	"html"
	"strings"
	"time"

	"github.com/ruleslab/ruleslab/core/textsafe"
)

// htmlHead is the page's style: the page never scrolls sideways at 1400 px: a table's cells wrap
// between an estimate and its interval (htmlCell), plots scale down to the page's width. The plots' text
// is in Liberation Serif, the font gonum measures it in, or Times New Roman, of the same widths.
const htmlHead = `<style>
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 84em; padding: 0 1em; color: #222; background: #fff; }
pre { background: #f4f4f4; padding: .6em; white-space: pre-wrap; overflow-wrap: anywhere; }
table { border-collapse: collapse; margin: .8em 0; font-size: 85%; max-width: 100%; }
th, td { border: 1px solid #ccc; padding: .25em .6em; text-align: right; }
th:first-child, td:first-child { text-align: left; }
th { background: #eee; }
figure { display: inline-block; vertical-align: top; margin: .5em 1em .5em 0; max-width: 100%; }
svg.plot { display: block; max-width: 100%; height: auto; border: 1px solid #ddd; background: #fff; }
svg.plot text { font-family: "Liberation Serif", "Times New Roman", Times, serif; }
span.nw { white-space: nowrap; }
figcaption { font-size: 85%; color: #555; max-width: 40em; }
</style>
</head>
<body>
`

// HTML renders the report as one self-contained page: inline CSS, plots as inline SVG, no scripts, the
// command line at the top and the text of the variant files at the end. Its footer names the version
// and today's date (UTC).
func (r *Report) HTML() []byte {
	var b strings.Builder
	e := html.EscapeString
	b.WriteString("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
	fmt.Fprintf(&b, "<title>%s</title>\n", e(r.Title))
	b.WriteString(htmlHead)
	fmt.Fprintf(&b, "<h1>%s</h1>\n", e(r.Title))
	fmt.Fprintf(&b, "<p>Produced by:</p>\n<pre class=\"cmd\">%s</pre>\n", e(textsafe.Escape(r.Command)))
	for _, s := range r.Sections {
		fmt.Fprintf(&b, "<h2>%s</h2>\n", e(s.Heading))
		for _, it := range s.Items {
			switch {
			case it.Table != nil:
				htmlTable(&b, it.Table)
			case it.Plot != nil:
				fmt.Fprintf(&b, "<figure>\n%s<figcaption>%s</figcaption></figure>\n", inlineSVG(it.Plot.SVG), e(it.Plot.Caption))
			default:
				fmt.Fprintf(&b, "<p>%s</p>\n", e(it.Text))
			}
		}
	}
	htmlFiles(&b, r.Files)
	fmt.Fprintf(&b, "<hr><p><small>ruleslab %s, %s</small></p>\n</body>\n</html>\n", e(r.Version), time.Now().UTC().Format("2006-01-02"))
	return []byte(b.String())
}

func htmlTable(b *strings.Builder, t *Table) {
	e := html.EscapeString
	b.WriteString("<table>\n<thead><tr>")
	for _, h := range t.Header {
		fmt.Fprintf(b, "<th>%s</th>", e(h))
	}
	b.WriteString("</tr></thead>\n<tbody>\n")
	for _, row := range t.Rows {
		b.WriteString("<tr>")
		for _, c := range row {
			fmt.Fprintf(b, "<td>%s</td>", htmlCell(c))
		}
		b.WriteString("</tr>\n")
	}
	b.WriteString("</tbody>\n</table>\n")
}

// htmlFiles writes the text of the variant files, each under its path.
func htmlFiles(b *strings.Builder, files []SourceText) {
	if len(files) == 0 {
		return
	}
	e := html.EscapeString
	b.WriteString("<h2>Variant files</h2>\n")
	for _, f := range files {
		fmt.Fprintf(b, "<h3>%s (%s)</h3>\n<pre class=\"file\">%s</pre>\n", e(textsafe.Escape(f.Path)), e(f.Part), e(textsafe.Escape(f.Text)))
	}
}

// htmlCell is a table cell's text, escaped; an estimate followed by its interval ("30.0% [18.1, 45.4]")
// is two spans that do not wrap, so the cell wraps only between them.
func htmlCell(s string) string {
	i := strings.LastIndex(s, " [")
	if i < 0 || !strings.Contains(s[i:], "]") {
		return html.EscapeString(s)
	}
	return fmt.Sprintf(`<span class="nw">%s</span> <span class="nw">%s</span>`, html.EscapeString(s[:i]), html.EscapeString(s[i+1:]))
}
