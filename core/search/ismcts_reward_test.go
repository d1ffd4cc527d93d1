package search

import (
	"testing"

	"github.com/ruleslab/ruleslab/core"
	"github.com/stretchr/testify/require"
)

// The reward of a playout: the win share when it finished, the share of first place by the evaluation
// when cut at the horizon, and with Margin the lead over the best other seat mixed in.
func TestISMCTSRewards(t *testing.T) {
	b := New(Config{}, nil, 1)
	r := make([]float64, 3)

	over := standing{over: true, winners: []int{1, 2}, totals: []int{5, 9, 9}}
	require.NoError(t, b.rewardsOf(over, nil, r, false))
	require.Equal(t, []float64{0, 0.5, 0.5}, r, "tied winners share the win")

	cut := standing{totals: []int{7, 3, 7}}
	require.NoError(t, b.rewardsOf(cut, nil, r, false))
	require.Equal(t, []float64{0.5, 0, 0.5}, r, "cut: the leaders by the totals share the win")

	b.Evaluate = func(*core.State) ([]float64, error) { return []float64{-1, -4, -2}, nil }
	require.NoError(t, b.rewardsOf(cut, nil, r, false))
	require.Equal(t, []float64{1, 0, 0}, r, "cut: the evaluation ranks")

	// margin 0.5: lead over the best other, scaled by the largest lead seen (3 here)
	b.cfg.Margin = 0.5
	b.spread = 0
	require.NoError(t, b.rewardsOf(cut, nil, r, false))
	// leads: seat 0 +1, seat 1 -3, seat 2 -1 -> shares 0.5+1/6, 0, 0.5-1/6
	require.InDeltaSlice(t, []float64{0.5*1 + 0.5*(0.5+1.0/6), 0, 0.5 * (0.5 - 1.0/6)}, r, 1e-12)

	// a finished game with margin: the win and the lead by the evaluation
	b.Evaluate = nil
	require.NoError(t, b.rewardsOf(over, nil, r, false))
	require.InDeltaSlice(t, []float64{0.5 * (0.5 - 4.0/(2*4)), 0.5*0.5 + 0.5*0.5, 0.5*0.5 + 0.5*0.5}, r, 1e-12)

	b.Evaluate = func(*core.State) ([]float64, error) { return []float64{1}, nil }
	require.ErrorContains(t, b.rewardsOf(cut, nil, r, false), "the evaluation gave 1 values for 3 seats")
}

// The pairwise reward: the share of the other seats a seat stands ahead of, ties counting half; the
// winners of a finished game stand ahead of the rest, who rank by the evaluation.
func TestISMCTSPairwiseRewards(t *testing.T) {
	b := New(Config{Pairwise: true}, nil, 1)
	r := make([]float64, 4)

	cut := standing{totals: []int{7, 3, 7, 1}}
	require.NoError(t, b.rewardsOf(cut, nil, r, false))
	// seat 0 ahead of 1 and 3, level with 2: 2.5 of 3; seat 1 ahead of 3 only; seat 3 of nobody
	require.InDeltaSlice(t, []float64{2.5 / 3, 1.0 / 3, 2.5 / 3, 0}, r, 1e-12)

	b.Evaluate = func(*core.State) ([]float64, error) { return []float64{-6, -2, -2, -9}, nil }
	over := standing{over: true, winners: []int{0}, totals: []int{0, 0, 0, 0}}
	require.NoError(t, b.rewardsOf(over, nil, r, false))
	// the winner first whatever the evaluation says; the others by it (1 and 2 level, ahead of 3)
	require.InDeltaSlice(t, []float64{1, 1.5 / 3, 1.5 / 3, 0}, r, 1e-12)

	require.NoError(t, b.rewardsOf(cut, nil, r, false))
	require.InDeltaSlice(t, []float64{1.0 / 3, 2.5 / 3, 2.5 / 3, 0}, r, 1e-12, "cut: the evaluation ranks")
}

// A `mast` playout move: a move not tried yet first, else the best mean reward for the seat, except for
// a MASTEpsilon share of uniformly random moves.
func TestISMCTSMASTChoice(t *testing.T) {
	b := New(Config{Rollout: "mast"}, nil, 1)
	b.mast = []map[string]mastStat{
		{"draw": {sum: 1, n: 10}, "play G3": {sum: 6, n: 10}, "cheat M2": {sum: 3, n: 4}},
		{"draw": {sum: 9, n: 10}},
	}
	legal := []string{"draw", "play G3", "cheat M2"}
	counts := make([]int, len(legal))
	const n = 20000
	for i := 0; i < n; i++ {
		counts[b.mastChoice(0, legal)]++
	}
	// cheat M2 (0.75) is best: chosen 1-ε of the time plus its share of the random moves
	require.InDelta(t, 1-MASTEpsilon+MASTEpsilon/3, float64(counts[2])/n, 0.015)
	require.InDelta(t, MASTEpsilon/3, float64(counts[0])/n, 0.015)
	// seat 1 knows only draw: the untried moves come first, the first of them when greedy
	counts = make([]int, len(legal))
	for i := 0; i < n; i++ {
		counts[b.mastChoice(1, legal)]++
	}
	require.InDelta(t, 1-MASTEpsilon+MASTEpsilon/3, float64(counts[1])/n, 0.015)
	require.Equal(t, 0, b.mastChoice(0, legal[:1]), "one legal move")
}

// The same move text chosen by two seats is two children of a node (who acts next may hang on a
// chance outcome the tree does not branch on), with few children and with many (looked up by index).
func TestISMCTSChildrenBySeatAndMove(t *testing.T) {
	b := New(Config{}, nil, 1)
	b.startTrees(3)
	draw0 := b.addChild(0, 0, "draw", 0)
	require.Equal(t, int32(-1), b.child(0, 0, "draw", 1))
	draw1 := b.addChild(0, 0, "draw", 1)
	require.NotEqual(t, draw0, draw1)
	for i := 0; i < 20; i++ {
		b.addChild(0, 0, "play "+string(rune('a'+i)), 2)
	}
	require.NotNil(t, b.trees[0][0].index, "many children are indexed")
	require.Equal(t, draw0, b.child(0, 0, "draw", 0))
	require.Equal(t, draw1, b.child(0, 0, "draw", 1))
	require.Equal(t, int32(-1), b.child(0, 0, "draw", 2))
	require.Equal(t, int32(-1), b.child(0, 0, "play a", 0))
}
