// Package report presents what the lab found: the text, CSV and JSON that the commands print (a sim's
// summary, a comparison, a sweep, a tournament, a bench run), and the --report files, a self-contained
// HTML page (inline CSS, every plot an inline SVG drawn with gonum.org/v1/plot, its legend beside the
// data) or Markdown, built of sections of text, tables and plots (intervals, histograms, curves), with
// the reports of sim, compare, sweep and tournament, the tournament's CSV and the rule coverage
// section. Variant files go by their short names (ShortNames); the text of the files a report measured
// closes it (Stamp.Files).
//
// It holds no state between calls: what a report says about how it was made (the command line, the
// version, the variant files' text) is passed in a Stamp. It knows nothing of the command line's flags.
package report
