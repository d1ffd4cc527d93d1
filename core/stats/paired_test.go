package stats

import (
	"math"
	"testing"

	"github.com/ruleslab/ruleslab/core"
	"github.com/stretchr/testify/assert"
)

// Five games of two variants on the same seeds: A scores 3 5 4 6 2, B scores 4 7 4 8 3.
var pairA, pairB = []float64{3, 5, 4, 6, 2}, []float64{4, 7, 4, 8, 3}

// The paired t interval, by hand: d = 1 2 0 2 1, mean 1.2, s_d = √(2.8/4) = 0.83666, se = 0.37417,
// t(0.975, 4) = 2.77645, half-width 1.03884.
func TestPairedTInterval(t *testing.T) {
	iv := PairedT(pairA, pairB, Mean)
	assert.InDelta(t, 1.2, iv.Value, 1e-9)
	assert.InDelta(t, 0.16116, iv.Low, 1e-4)
	assert.InDelta(t, 2.23884, iv.High, 1e-4)
	assert.Equal(t, MethodPairedT, iv.Method)
	assert.Equal(t, 5, iv.N)

	one := PairedT([]float64{1}, []float64{2}, Mean)
	assert.Equal(t, 1.0, one.Value)
	assert.False(t, one.Defined(), "one pair: no interval")
	same := PairedT([]float64{1, 2, 3}, []float64{2, 3, 4}, Count)
	assert.Equal(t, [2]float64{1, 1}, [2]float64{same.Low, same.High}, "a constant difference has a zero-width interval")
}

// Welch's interval on the same games read as unrelated samples, by hand: means 4 and 5.2, variances 2.5
// and 4.7, se = √(0.5 + 0.94) = 1.2, ν = 1.44²/(0.5²/4 + 0.94²/4) = 7.3169, t(0.975, 7.3169) = 2.344
// (between the table's 2.365 at 7 and 2.306 at 8): 1.2 ± 2.813. Much wider than the paired interval.
func TestWelchIsWiderThanPaired(t *testing.T) {
	iv := Unpaired(pairA, pairB, Mean)
	assert.Equal(t, MethodWelch, iv.Method)
	assert.InDelta(t, 1.2, iv.Value, 1e-9)
	assert.InDelta(t, -1.613, iv.Low, 5e-3)
	assert.InDelta(t, 4.013, iv.High, 5e-3)
	p := PairedT(pairA, pairB, Mean)
	assert.Less(t, p.High-p.Low, iv.High-iv.Low)
}

// Newcombe's own worked example (Statistics in Medicine 17:873, 1998, method 10): 56/70 - 48/80 = 0.2
// with the interval [0.0524, 0.3339].
func TestNewcombeDifference(t *testing.T) {
	iv := NewcombeDiff(56, 70, 48, 80)
	assert.InDelta(t, 0.2, iv.Value, 1e-9)
	assert.InDelta(t, 0.0524, iv.Low, 1e-4)
	assert.InDelta(t, 0.3339, iv.High, 1e-4)
	assert.Equal(t, MethodNewcombe, iv.Method)
	assert.True(t, math.IsNaN(NewcombeDiff(0, 0, 1, 2).Value))

	// Unpaired on 0/1 values is Newcombe's interval of B's rate minus A's.
	a := []float64{1, 0, 0, 0}
	b := []float64{1, 1, 1, 0}
	u := Unpaired(a, b, Rate)
	want := NewcombeDiff(3, 4, 1, 4)
	assert.Equal(t, want, u)
}

// A paired rate: the differences of 0/1 outcomes are -1, 0, 1. Ten games, B wins where A lost in 3
// games and loses where A won in 1: d has three 1s, one -1 and six 0s, mean 0.2, s² = (3·0.64 + 1.44 +
// 6·0.04)/9 = 0.4, s = 0.63246, se = 0.2, t(0.975, 9) = 2.26216: 0.2 ± 0.45243.
func TestPairedRate(t *testing.T) {
	a := []float64{0, 0, 0, 1, 1, 0, 1, 0, 1, 0}
	b := []float64{1, 1, 1, 0, 1, 0, 1, 0, 1, 0}
	iv := PairedT(a, b, Rate)
	assert.InDelta(t, 0.2, iv.Value, 1e-9)
	assert.InDelta(t, 0.2-0.45243, iv.Low, 1e-4)
	assert.InDelta(t, 0.2+0.45243, iv.High, 1e-4)
	assert.Equal(t, Rate, iv.Kind)
}

// The sequential test splits 5% over its looks: 1000 games looked at every 200 is 5 looks, each at
// level 1 - 0.05/5 = 0.99. On the five games above, t(0.995, 4) = 4.60409 gives 1.2 ± 1.72270, which
// includes 0: not resolved, where the single 95% interval [0.161, 2.239] would have been.
func TestSequentialBonferroni(t *testing.T) {
	q := NewSequential(0.05, 200, 1000)
	assert.Equal(t, 5, q.Looks)
	assert.InDelta(t, 0.99, q.Level(), 1e-12)
	iv, resolved := q.Look(pairA, pairB, Mean)
	assert.False(t, resolved)
	assert.InDelta(t, 1.2-1.72270, iv.Low, 1e-4)
	assert.InDelta(t, 1.2+1.72270, iv.High, 1e-4)

	one := NewSequential(0.05, 1000, 1000)
	assert.Equal(t, 1, one.Looks)
	_, resolved = one.Look(pairA, pairB, Mean)
	assert.True(t, resolved, "one look is the plain 95% interval")
	assert.Equal(t, 3, NewSequential(0.05, 400, 1001).Looks, "a partial last group is a look")
}

// Under no difference the sequential test stops wrongly in at most about 5% of experiments: 400 runs of
// 10 looks over pure noise.
func TestSequentialErrorRate(t *testing.T) {
	q := NewSequential(0.05, 20, 200)
	seed := uint64(1)
	next := func() float64 { // a small LCG: deterministic noise
		seed = seed*6364136223846793005 + 1442695040888963407
		return float64(seed>>11) / (1 << 53)
	}
	wrong := 0
	for run := 0; run < 400; run++ {
		var a, b []float64
		for look := 1; look <= q.Looks; look++ {
			for i := 0; i < q.Every; i++ {
				a = append(a, next())
				b = append(b, next())
			}
			if _, stop := q.Look(a, b, Mean); stop {
				wrong++
				break
			}
		}
	}
	assert.LessOrEqual(t, wrong, 32, "%d of 400 false stops", wrong) // 5% is 20; 32 is far in the tail
}

// Lead changes over running totals: leader 0, then a tie (no leader), then 1, then 1, then 0: two changes.
func TestLeadChangesAndDecidedEarly(t *testing.T) {
	rounds := [][]int{{3, 1, 0}, {4, 4, 0}, {4, 6, 1}, {5, 9, 1}, {12, 9, 2}}
	assert.Equal(t, 2, LeadChanges(rounds))
	assert.Equal(t, 0, LeadChanges(nil))
	// seat 0 won the last round from behind: not decided early
	r := core.Result{Totals: []int{12, 9, 2}, Winners: []int{0}, RoundTotals: rounds}
	assert.False(t, DecidedEarly(r))
	// seat 1 led before the last round and won
	r = core.Result{Totals: []int{8, 9, 2}, Winners: []int{1}, RoundTotals: [][]int{{5, 9, 1}, {8, 9, 2}}}
	assert.True(t, DecidedEarly(r))
	// a second-place win (the top is eliminated): seat 0 was second before the last round and won second
	r = core.Result{Totals: []int{8, 9, 2}, Winners: []int{0}, RoundTotals: [][]int{{5, 9, 1}, {8, 9, 2}}}
	assert.True(t, DecidedEarly(r))
	assert.False(t, DecidedEarly(core.Result{Totals: []int{1}, Winners: []int{0}, RoundTotals: [][]int{{1}}}), "one round")

	ms := Measures(3, map[string]Kind{"right": Count}, []core.Result{r})
	var names []string
	for _, m := range ms {
		names = append(names, m.Name)
	}
	assert.Equal(t, []string{"win.0", "win.1", "win.2", "score.0", "score.1", "score.2", "score.mean", "score.spread", "moves",
		"rounds", "lead_changes", "decided_early", "tie", "no_winner", "stat.right.0", "stat.right.1", "stat.right.2"}, names)
	assert.Equal(t, 7.0, ms[7].Of(r), "spread 9 - 2")
}
