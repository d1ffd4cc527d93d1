package report

import (
	"encoding/base64"
	"fmt"
	"html"
	"strings"
	"time"
)

const htmlHead = `<style>
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
`

// HTML renders the report as one self-contained page: inline CSS, plots as SVG data URIs, no scripts.
// Its footer names the version and today's date (UTC).
func (r *Report) HTML() []byte {
	var b strings.Builder
	e := html.EscapeString
	b.WriteString("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
	fmt.Fprintf(&b, "<title>%s</title>\n", e(r.Title))
	b.WriteString(htmlHead)
	fmt.Fprintf(&b, "<h1>%s</h1>\n", e(r.Title))
	fmt.Fprintf(&b, "<p>Produced by:</p>\n<pre class=\"cmd\">%s</pre>\n", e(r.Command))
	for _, s := range r.Sections {
		fmt.Fprintf(&b, "<h2>%s</h2>\n", e(s.Heading))
		for _, it := range s.Items {
			switch {
			case it.Table != nil:
				htmlTable(&b, it.Table)
			case it.Plot != nil:
				fmt.Fprintf(&b, "<figure><img class=\"plot\" alt=\"%s\" src=\"data:image/svg+xml;base64,%s\"><figcaption>%s</figcaption></figure>\n",
					e(it.Plot.Caption), base64.StdEncoding.EncodeToString(it.Plot.SVG), e(it.Plot.Caption))
			default:
				fmt.Fprintf(&b, "<p>%s</p>\n", e(it.Text))
			}
		}
	}
	fmt.Fprintf(&b, "<hr><p><small>ruleslab %s, %s</small></p>\n</body>\n</html>\n", e(r.Version), time.Now().UTC().Format("2006-01-02"))
	return []byte(b.String())
}

func htmlTable(b *strings.Builder, t *Table) {
	e := html.EscapeString
	b.WriteString("<div class=\"wide\"><table>\n<thead><tr>")
	for _, h := range t.Header {
		fmt.Fprintf(b, "<th>%s</th>", e(h))
	}
	b.WriteString("</tr></thead>\n<tbody>\n")
	for _, row := range t.Rows {
		b.WriteString("<tr>")
		for _, c := range row {
			fmt.Fprintf(b, "<td>%s</td>", e(c))
		}
		b.WriteString("</tr>\n")
	}
	b.WriteString("</tbody>\n</table></div>\n")
}
