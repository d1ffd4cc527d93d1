package report

import (
	"fmt"
	"io"

	"github.com/ruleslab/ruleslab/core/lab"
)

// versusBaseIntro says what the comparison under a variant's sim table is, and the compare command
// that computes the same.
func versusBaseIntro(b *lab.BaseComparison) []string {
	return []string{
		fmt.Sprintf("%s compared with what it extends (%s), as computed by: %s", b.Variant, b.Extends, b.Command),
		compareHeadline(b.CompareResult),
		fmt.Sprintf("%d of %d differences resolved (paired 95%% interval excludes 0), listed first", len(b.Resolved), len(b.Measures)),
	}
}

// versusBaseRows is compare's table of the measures, the resolved differences first (each group in
// compare's order).
func versusBaseRows(b *lab.BaseComparison) ([]string, [][]string) {
	header, rows := compareRows(b.CompareResult)
	var resolved, rest [][]string
	for i, m := range b.Measures {
		if m.Diffs[0].Paired.ExcludesZero() {
			resolved = append(resolved, rows[i])
		} else {
			rest = append(rest, rows[i])
		}
	}
	return header, append(resolved, rest...)
}

// VersusBaseText writes a sim's comparison with its base, under the sim's own table.
func VersusBaseText(w io.Writer, b *lab.BaseComparison) {
	fmt.Fprintln(w)
	for _, line := range versusBaseIntro(b) {
		fmt.Fprintln(w, line)
	}
	header, rows := versusBaseRows(b)
	textTable(w, header, rows)
	compareFootnote(w)
}

// AddVersusBase adds a sim's comparison with its base to its report, a variant file named by its
// short name (ShortNames) in the table.
func AddVersusBase(r *Report, b *lab.BaseComparison) {
	s := r.Section("Versus the base")
	AddVariantNames(s, b.Variants)
	named := *b.CompareResult
	named.Variants = ShortNames(b.Variants)
	nb := *b
	nb.CompareResult = &named
	b = &nb
	for _, line := range versusBaseIntro(b) {
		s.AddText("%s", line)
	}
	s.AddTable(versusBaseRows(b))
}
