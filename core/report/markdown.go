package report

import (
	"fmt"
	"strings"
)

// Markdown renders the report's text and tables; plots are listed by caption (the HTML report draws them).
func (r *Report) Markdown() []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s\n\nProduced by:\n\n```sh\n%s\n```\n", r.Title, r.Command)
	for _, s := range r.Sections {
		fmt.Fprintf(&b, "\n## %s\n", s.Heading)
		for _, it := range s.Items {
			switch {
			case it.Table != nil:
				markdownTable(&b, it.Table)
			case it.Plot != nil:
				fmt.Fprintf(&b, "\n*Plot (in the HTML report): %s*\n", it.Plot.Caption)
			default:
				fmt.Fprintf(&b, "\n%s\n", it.Text)
			}
		}
	}
	return []byte(b.String())
}

func markdownTable(b *strings.Builder, t *Table) {
	cell := func(s string) string { return strings.ReplaceAll(s, "|", `\|`) }
	b.WriteString("\n|")
	for _, h := range t.Header {
		b.WriteString(" " + cell(h) + " |")
	}
	b.WriteString("\n|")
	for range t.Header {
		b.WriteString("---|")
	}
	b.WriteString("\n")
	for _, row := range t.Rows {
		b.WriteString("|")
		for _, c := range row {
			b.WriteString(" " + cell(c) + " |")
		}
		b.WriteString("\n")
	}
}
