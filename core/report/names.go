package report

import (
	"path/filepath"
	"strings"

	"github.com/ruleslab/ruleslab/core/config"
)

// ShortNames are variants as a report's titles, columns and legends show them: a bundled variant (or
// base) as it is, a variant file by its file stem (house for house/house.yaml), with as many of its
// folders as it takes to tell it from the others (a/house and b/house). The full names go in the
// table AddVariantNames adds.
func ShortNames(variants []string) []string {
	out := make([]string, len(variants))
	for depth := 0; ; depth++ {
		clash := false
		for i, v := range variants {
			out[i] = shortName(v, depth)
		}
		for i := range out {
			for j := i + 1; j < len(out); j++ {
				clash = clash || (out[i] == out[j] && variants[i] != variants[j])
			}
		}
		if !clash || depth > 8 {
			return out
		}
	}
}

// shortName is a variant file's stem with depth of its folders; any other variant as it is.
func shortName(v string, depth int) string {
	if !config.IsVariantFile(v) {
		return v
	}
	parts := strings.Split(filepath.ToSlash(filepath.Clean(v)), "/")
	last := len(parts) - 1
	parts[last] = strings.TrimSuffix(parts[last], filepath.Ext(parts[last]))
	return strings.Join(parts[max(0, last-depth):], "/")
}

// AddVariantNames adds, when a variant's short name is not the name it was given, the table of the
// short names and what they stand for.
func AddVariantNames(s *Section, variants []string) {
	short := ShortNames(variants)
	var rows [][]string
	for i, v := range variants {
		if short[i] != v {
			rows = append(rows, []string{short[i], v})
		}
	}
	if len(rows) == 0 {
		return
	}
	s.AddText("Variant files, by the short names the tables and plots use:")
	s.AddTable([]string{"name", "variant file"}, rows)
}
