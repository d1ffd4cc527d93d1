package cli

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/ruleslab/ruleslab/core"
)

// sim --report keeps a count per distinct score and length, not a value per game: 10,000 games of a
// few distinct values hold a few numbers; failed games are not plotted.
func TestPlotCountsDoNotGrowWithGames(t *testing.T) {
	c := newPlotCounts()
	for i := 0; i < 10000; i++ {
		c.add(core.Result{Totals: []int{i % 3, 10 + i%2}, MoveCount: 50 + i%4})
	}
	c.add(core.Result{Totals: []int{99, 99}, MoveCount: 99, Error: "failed"})
	assert.Equal(t, []map[int]int{{0: 3334, 1: 3333, 2: 3333}, {10: 5000, 11: 5000}}, c.scores)
	assert.Equal(t, map[int]int{50: 2500, 51: 2500, 52: 2500, 53: 2500}, c.lengths)
}
