package report

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
)

// Report is a self-contained report of one command: the command line that produced it, then sections
// of text, tables and plots. sim, compare and sweep build one for --report; any other command (a
// tournament) can too: fill the sections with AddTable, AddPlot and AddText, then WriteFile.
//
// WriteFile picks the format from the file name: .html embeds every plot as SVG (drawn with
// gonum.org/v1/plot) in one file with no outside references; .md writes the tables as Markdown tables
// and the text, and names the plots that the HTML report draws.
type Report struct {
	Title string
	Stamp
	Sections []*Section
}

// Stamp is what a report says about how it was made.
type Stamp struct {
	Command string // the command line, "ruleslab ARGS..."
	Version string // the ruleslab version, in the HTML page's footer
	// Files are the variant files the command played (each YAML and the Lua files it overrides with),
	// whose text the report carries so that a reader sees the rules it measured.
	Files []SourceText
}

// SourceText is a file a report carries: its path as given, what it is ("variant", "override") and
// its text.
type SourceText struct {
	Path, Part, Text string
}

// Section is a heading followed by paragraphs, tables and plots, in the order they were added.
type Section struct {
	Heading string
	Items   []Item
}

// Item is one paragraph, table or plot of a section.
type Item struct {
	Text  string
	Table *Table
	Plot  *Plot
}

// Table is a table of strings.
type Table struct {
	Header []string
	Rows   [][]string
}

// Plot is a drawn plot: its SVG and a caption.
type Plot struct {
	Caption string
	SVG     []byte
}

// New starts a report.
func New(title string, stamp Stamp) *Report {
	return &Report{Title: title, Stamp: stamp}
}

// Section adds a section.
func (r *Report) Section(heading string) *Section {
	s := &Section{Heading: heading}
	r.Sections = append(r.Sections, s)
	return s
}

// AddText adds a paragraph.
func (s *Section) AddText(format string, args ...any) {
	s.Items = append(s.Items, Item{Text: fmt.Sprintf(format, args...)})
}

// AddTable adds a table.
func (s *Section) AddTable(header []string, rows [][]string) {
	s.Items = append(s.Items, Item{Table: &Table{Header: header, Rows: rows}})
}

// AddPlot draws p as SVG (w × h centimetres) and adds it; a plot that fails to draw is replaced by a
// paragraph saying why.
func (s *Section) AddPlot(caption string, p *plot.Plot, w, h float64) {
	svg, err := plotSVG(p, vg.Length(w)*vg.Centimeter, vg.Length(h)*vg.Centimeter)
	if err != nil {
		s.AddText("(plot %q could not be drawn: %v)", caption, err)
		return
	}
	s.Items = append(s.Items, Item{Plot: &Plot{Caption: caption, SVG: svg}})
}

// FormatError is a report file name with no known format.
type FormatError struct{ Path string }

func (e *FormatError) Error() string {
	return fmt.Sprintf("--report %s: the file name must end in .html or .md", e.Path)
}

// WriteFile writes the report as HTML (.html, .htm) or Markdown (.md); any other name is a
// *FormatError.
func (r *Report) WriteFile(path string) error {
	var data []byte
	switch strings.ToLower(filepath.Ext(path)) {
	case ".html", ".htm":
		data = r.HTML()
	case ".md", ".markdown":
		data = r.Markdown()
	default:
		return &FormatError{Path: path}
	}
	return os.WriteFile(path, data, 0o644)
}

// CheckPath rejects a report file name with no known format (a *FormatError) before any game is
// played; "" (no report) is fine.
func CheckPath(path string) error {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".html", ".htm", ".md", ".markdown":
		return nil
	}
	if path == "" {
		return nil
	}
	return &FormatError{Path: path}
}
