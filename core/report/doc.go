// Package report writes ruleslab's reports: a self-contained HTML page (inline CSS, every plot an
// embedded SVG drawn with gonum.org/v1/plot) or Markdown, built of sections of text, tables and plots;
// the plots themselves (intervals, histograms, curves); the number formats of the tables (a rate or a
// mean with its 95% interval, a rating); and the reports of sim and tournament, the tournament's CSV
// and the rule coverage section.
//
// It holds no state between calls: what a report says about how it was made (the command line, the
// version) is passed in a Stamp. It knows nothing of the command line's flags.
package report
