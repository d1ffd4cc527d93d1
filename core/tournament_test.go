package core

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Every bot holds every seat equally often over one pass of the schedule, and holds a balanced share
// of the seats in every seating.
func TestScheduleIsBalanced(t *testing.T) {
	for _, c := range []struct{ bots, players, want int }{{3, 4, 36}, {2, 4, 6}, {4, 4, 24}, {5, 3, 60}, {1, 3, 1}, {2, 2, 2}} {
		s, err := Schedule(c.bots, c.players)
		require.NoError(t, err)
		assert.Len(t, s, c.want, "%d bots, %d seats", c.bots, c.players)
		per := make([][]int, c.bots)
		for b := range per {
			per[b] = make([]int, c.players)
		}
		for _, a := range s {
			counts := make([]int, c.bots)
			for seat, b := range a {
				per[b][seat]++
				counts[b]++
			}
			for _, n := range counts {
				assert.LessOrEqual(t, n, (c.players+c.bots-1)/c.bots)
			}
		}
		for b := range per {
			for seat := range per[b] {
				assert.Equal(t, per[b][0], per[b][seat], "bot %d holds seat %d unequally", b, seat)
			}
		}
	}
}

// The Bradley-Terry fit orders bots by how often they beat each other; a bot that never lost is finite.
func TestBradleyTerry(t *testing.T) {
	tr := NewTournament([]string{"a", "b", "c"})
	for i := 0; i < 30; i++ {
		tr.Add(Result{Seats: []string{"a", "b", "c"}, Winners: []int{0}, Totals: []int{1, 0, 0}})
		if i%3 == 0 {
			tr.Add(Result{Seats: []string{"a", "b", "c"}, Winners: []int{1}, Totals: []int{0, 1, 0}})
		}
	}
	r := tr.Report(1, 200)
	require.Len(t, r.Bots, 3)
	assert.Greater(t, r.Bots[0].Rating.Value, r.Bots[1].Rating.Value)
	assert.Greater(t, r.Bots[1].Rating.Value, r.Bots[2].Rating.Value)
	assert.Less(t, r.Bots[0].Rating.Low, r.Bots[0].Rating.Value)
	assert.InDelta(t, 0, r.Bots[0].Rating.Value+r.Bots[1].Rating.Value+r.Bots[2].Rating.Value, 1e-6)
	for _, h := range r.HeadToHead {
		if h.A == "a" && h.B == "c" {
			assert.Equal(t, 30, h.Ahead)
			assert.True(t, h.Significant())
		}
	}
}
