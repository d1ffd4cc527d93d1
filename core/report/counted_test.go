package report

import (
	"bytes"
	"testing"
)

// A histogram drawn from counts per value (what sim's --report keeps, a number per distinct value) is
// the very plot drawn from every game's value: the same bins, weights, range and constant-value text.
func TestCountedDrawsWhatWeightedDraws(t *testing.T) {
	for _, series := range [][][]float64{
		{{3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5}, {2, 7, 1, 8, 2, 8}},
		{{52, 52, 52}},
		{{0, 1000, 17, 17, 999}},
		{{10, 12}, {}},
	} {
		counts := make([]map[int]int, len(series))
		for k, vs := range series {
			counts[k] = map[int]int{}
			for _, v := range vs {
				counts[k][int(v)]++
			}
		}
		names := []string{"seat 0", "seat 1"}[:len(series)]
		fromValues := New("t", Stamp{})
		AddDistribution(fromValues.Section("Plots"), "c", "t", "x", "u", names, Weighted(series), 16, 10)
		fromCounts := New("t", Stamp{})
		AddDistribution(fromCounts.Section("Plots"), "c", "t", "x", "u", names, Counted(counts), 16, 10)
		if !bytes.Equal(fromValues.HTML(), fromCounts.HTML()) {
			t.Errorf("%v: the plot from counts differs from the plot from the values", series)
		}
	}
}
