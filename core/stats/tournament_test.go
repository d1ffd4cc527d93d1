package stats

import (
	"context"
	"testing"

	"github.com/ruleslab/ruleslab/core"
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
		tr.Add(core.Result{Seats: []string{"a", "b", "c"}, Winners: []int{0}, Totals: []int{1, 0, 0}})
		if i%3 == 0 {
			tr.Add(core.Result{Seats: []string{"a", "b", "c"}, Winners: []int{1}, Totals: []int{0, 1, 0}})
		}
	}
	r := tr.Report(context.Background(), 1, 200)
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

// The head-to-head counts games, not pairs of seats: when a bot holds two seats and the other bot's
// seat wins, that is one game behind (not two pairs), and a game in which each has a pair ahead is
// level. Wilson's interval is taken over those games.
func TestHeadToHeadCountsGames(t *testing.T) {
	tr := NewTournament([]string{"a", "b", "c"})
	// a holds two seats, b wins: one game b ahead of a (two pairs behind for a)
	tr.Add(core.Result{Seats: []string{"a", "a", "b", "c"}, Winners: []int{2}, Totals: []int{0, 0, 1, 0}})
	// one of a's seats wins: one game a ahead of b (one pair ahead, one level)
	tr.Add(core.Result{Seats: []string{"a", "a", "b", "c"}, Winners: []int{0}, Totals: []int{1, 0, 0, 0}})
	// a's first seat and b's seat tie for the win: pairs (a0,b) level, (a1,b) behind: a behind
	tr.Add(core.Result{Seats: []string{"a", "a", "b", "c"}, Winners: []int{0, 2}, Totals: []int{1, 0, 1, 0}})
	// a and b both win one of two seats each: one pair ahead and one behind each way: level
	tr.Add(core.Result{Seats: []string{"a", "b", "a", "b"}, Winners: []int{0, 1}, Totals: []int{1, 1, 0, 0}})
	// c wins: a and b both played and neither finished ahead of the other: level
	tr.Add(core.Result{Seats: []string{"a", "a", "b", "c"}, Winners: []int{3}, Totals: []int{0, 0, 0, 1}})
	// c is absent: no game between c and the others
	tr.Add(core.Result{Seats: []string{"a", "a", "b", "b"}, Winners: []int{2}, Totals: []int{0, 0, 1, 0}})
	r := tr.Report(context.Background(), 1, 10)
	got := map[[2]string]HeadToHead{}
	for _, h := range r.HeadToHead {
		got[[2]string{h.A, h.B}] = h
	}
	ab := got[[2]string{"a", "b"}]
	assert.Equal(t, 1, ab.Ahead)
	assert.Equal(t, 3, ab.Behind)
	assert.Equal(t, 2, ab.Ties)
	assert.Equal(t, Wilson(1, 4), ab.Rate)
	ba := got[[2]string{"b", "a"}]
	assert.Equal(t, 3, ba.Ahead)
	assert.Equal(t, 1, ba.Behind)
	ca := got[[2]string{"c", "a"}]
	assert.Equal(t, 1, ca.Ahead)  // c's win over a's two seats is one game
	assert.Equal(t, 2, ca.Behind) // a's seat won (games 2 and 3)
	assert.Equal(t, 1, ca.Ties)   // b won: neither a nor c (game 1); c was absent from games 4 and 6
}
