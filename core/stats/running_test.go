package stats

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ruleslab/ruleslab/core"
)

// randomGames makes n games of 3 players; a statistic "late" is first recorded at game first, and one
// game in four plays rounds.
func randomGames(rng *rand.Rand, n, first int) []core.Result {
	var out []core.Result
	for i := 0; i < n; i++ {
		r := core.Result{Index: i, Players: 3, Totals: []int{rng.IntN(10), rng.IntN(10), rng.IntN(10)},
			Winners: []int{rng.IntN(3)}, MoveCount: 20 + rng.IntN(30)}
		if i >= first && rng.IntN(2) == 0 {
			r.SeatStats = map[string][]float64{"late": {1, 0, float64(rng.IntN(3))}}
			r.GameStats = map[string]float64{"tail": float64(rng.IntN(5))}
		}
		if i%4 == 0 {
			r.RoundTotals = [][]int{{1, 2, 0}, r.Totals}
		}
		out = append(out, r)
	}
	return out
}

// The running sums give exactly the intervals the batch functions give over every game kept in
// memory: per group, and the paired and unpaired differences, statistics first recorded late included.
func TestMeasureSumsEqualTheBatchComputation(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	a, b := randomGames(rng, 200, 70), randomGames(rng, 200, 120)
	kinds := map[string]Kind{"declared": Mean}
	sums := NewMeasureSums(3, 2, kinds)
	for i := range a {
		sums.AddPaired([]core.Result{a[i], b[i]})
	}
	want := Measures(3, kinds, a, b)
	got := sums.Measures()
	require.Equal(t, len(want), len(got))
	for i, m := range want {
		require.Equal(t, m.Name, got[i].Name)
		va, vb := m.Values(a), m.Values(b)
		var ma, mb Moments
		for k := range va {
			ma.Add(va[k])
			mb.Add(vb[k])
		}
		oa, ob := sums.Of(m.Name, 0), sums.Of(m.Name, 1)
		assert.Equal(t, ma.Summarise(m.Kind), oa.Summarise(m.Kind), m.Name)
		assert.Equal(t, mb.Summarise(m.Kind), ob.Summarise(m.Kind), m.Name)
		assert.Equal(t, PairedT(va, vb, m.Kind), PairedMoments(sums.Diff(m.Name, 1), m.Kind, Confidence), m.Name)
		assert.Equal(t, Unpaired(va, vb, m.Kind), UnpairedMoments(oa, ob, m.Kind), m.Name)
	}
	assert.Contains(t, names(got), "stat.late.2")
	assert.Contains(t, names(got), "stat.tail")
	assert.Contains(t, names(got), "rounds")
}

// Groups added one game at a time (sweep's points) have their own counts.
func TestMeasureSumsByGroup(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	a, b := randomGames(rng, 50, 40), randomGames(rng, 30, 0)
	sums := NewMeasureSums(3, 2, nil)
	for _, r := range a {
		sums.Add(0, r)
	}
	for _, r := range b {
		sums.Add(1, r)
	}
	for _, m := range Measures(3, nil, a, b) {
		for g, games := range [][]core.Result{a, b} {
			var mo Moments
			for _, x := range m.Values(games) {
				mo.Add(x)
			}
			got := sums.Of(m.Name, g)
			assert.Equal(t, mo.Summarise(m.Kind), got.Summarise(m.Kind), "%s group %d", m.Name, g)
		}
	}
}

func names(ms []Measure) []string {
	var out []string
	for _, m := range ms {
		out = append(out, m.Name)
	}
	return out
}
