package report

import (
	"fmt"
	"strings"

	"github.com/ruleslab/ruleslab/core/textsafe"
)

// Markdown renders the report's text and tables; plots are listed by caption (the HTML report draws them).
func (r *Report) Markdown() []byte {
	var b strings.Builder
	fence := codeFence(r.Command)
	fmt.Fprintf(&b, "# %s\n\nProduced by:\n\n%ssh\n%s\n%s\n", markdownText(r.Title), fence, textsafe.Escape(r.Command), fence)
	for _, s := range r.Sections {
		fmt.Fprintf(&b, "\n## %s\n", markdownText(s.Heading))
		for _, it := range s.Items {
			switch {
			case it.Table != nil:
				markdownTable(&b, it.Table)
			case it.Plot != nil:
				fmt.Fprintf(&b, "\n*Plot (in the HTML report): %s*\n", markdownText(it.Plot.Caption))
			default:
				fmt.Fprintf(&b, "\n%s\n", markdownText(it.Text))
			}
		}
	}
	markdownFiles(&b, r.Files)
	return []byte(b.String())
}

// markdownFiles writes the text of the variant files, each in a code block under its path.
func markdownFiles(b *strings.Builder, files []SourceText) {
	if len(files) == 0 {
		return
	}
	b.WriteString("\n## Variant files\n")
	for _, f := range files {
		text := textsafe.Escape(strings.TrimRight(f.Text, "\n"))
		fence := codeFence(text)
		fmt.Fprintf(b, "\n### %s (%s)\n\n%s\n%s\n%s\n", markdownText(f.Path), markdownText(f.Part), fence, text, fence)
	}
}

func markdownTable(b *strings.Builder, t *Table) {
	cell := markdownText
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

// markdownSpecial are the characters that make Markdown (or the HTML it may hold) of plain text.
var markdownSpecial = strings.NewReplacer(
	`\`, `\\`, "`", "\\`", "*", `\*`, "_", `\_`, "[", `\[`, "]", `\]`, "<", `\<`, ">", `\>`,
	"&", `\&`, "|", `\|`, "#", `\#`, "!", `\!`, "~", `\~`, "\n", " ", "\r", " ")

// markdownText writes plain text (a game's title, a bot's or a statistic's name, a sentence) so that a
// Markdown renderer shows it as it is, as the HTML report escapes it: no markup, no raw HTML, no line
// break out of a table row or a heading, no control character.
func markdownText(s string) string { return markdownSpecial.Replace(textsafe.Escape(s)) }

// codeFence is a fence of backticks longer than any run of them in s, so that s cannot close it.
func codeFence(s string) string {
	longest, run := 0, 0
	for _, c := range s {
		if c == '`' {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	return strings.Repeat("`", max(3, longest+1))
}
