package stats

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/ruleslab/ruleslab/core"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Wilson intervals checked against values computed by hand from the score-interval formula. For k = 0
// the bounds are 0 and z²/(n+z²) (z = 1.95996), for k = n they are n/(n+z²) and 1.
func TestWilsonInterval(t *testing.T) {
	for _, tc := range []struct {
		k, n             int
		value, low, high float64
	}{
		{0, 1, 0, 0, 0.7935},         // one game, no win: 3.8415/4.8415
		{1, 1, 1, 0.2065, 1},         // one game, one win
		{0, 2, 0, 0, 0.6576},         // 3.8415/5.8415
		{5, 10, 0.5, 0.2366, 0.7634}, // a seat that wins half of 10 games
		{0, 10, 0, 0, 0.2775},        // a seat that never wins: 3.8415/13.8415
		{10, 10, 1, 0.7225, 1},
		{81, 263, 0.3080, 0.2553, 0.3662},
		{500, 1000, 0.5, 0.4691, 0.5309}, // 0.5 ± 1.96·sqrt(0.25/1000 + 3.8415/4e6)/1.0038415
		{0, 1000, 0, 0, 0.003827},        // a seat that never wins in 1000 games: 3.8415/1003.8415
	} {
		iv := Wilson(tc.k, tc.n)
		assert.InDelta(t, tc.value, iv.Value, 1e-4, "%d/%d", tc.k, tc.n)
		assert.InDelta(t, tc.low, iv.Low, 1e-4, "%d/%d low", tc.k, tc.n)
		assert.InDelta(t, tc.high, iv.High, 1e-4, "%d/%d high", tc.k, tc.n)
		assert.Equal(t, Rate, iv.Kind)
		assert.Equal(t, MethodWilson, iv.Method)
		assert.Equal(t, tc.n, iv.N)
	}
	none := Wilson(0, 0)
	assert.True(t, math.IsNaN(none.Value), "no games: no estimate")
	assert.False(t, none.Defined())
}

// Student's t quantiles against a published table (two-sided 95%: t(0.975, df)).
func TestTQuantile(t *testing.T) {
	for _, tc := range []struct {
		df int
		t  float64
	}{{1, 12.706}, {2, 4.303}, {3, 3.182}, {4, 2.776}, {7, 2.365}, {9, 2.262}, {29, 2.045}, {120, 1.980}, {1000000, 1.960}} {
		assert.InDelta(t, tc.t, TQuantile(0.975, tc.df), 5e-4, "df %d", tc.df)
	}
}

func moments(xs ...float64) *Moments {
	var m Moments
	for _, x := range xs {
		m.Add(x)
	}
	return &m
}

func seq(from, to int) []float64 {
	var xs []float64
	for i := from; i <= to; i++ {
		xs = append(xs, float64(i))
	}
	return xs
}

// Mean intervals are mean ± t(0.975, n-1)·s/√n, checked against values worked out by hand.
func TestMeanInterval(t *testing.T) {
	for _, tc := range []struct {
		name             string
		xs               []float64
		value, low, high float64
	}{
		// the example: the normal interval gave (2.52, 4.48); s = 0.7071, 12.706·0.7071/1.4142 = 6.353
		{"n=2", []float64{3, 4}, 3.5, -2.853, 9.853},
		// s = sqrt(32/7) = 2.1381, t(7) = 2.365: 2.365·2.1381/2.8284 = 1.788
		{"n=8", []float64{2, 4, 4, 4, 5, 5, 7, 9}, 5, 3.212, 6.788},
		// 1..30: s = sqrt(30·31/12) = 8.8034, t(29) = 2.045: 2.045·8.8034/5.4772 = 3.287
		{"n=30", seq(1, 30), 15.5, 12.213, 18.787},
		// 1..1000: s = sqrt(1000·1001/12) = 288.82, t(999) = 1.9623: 1.9623·288.82/31.623 = 17.922
		{"n=1000", seq(1, 1000), 500.5, 482.578, 518.422},
		// a constant statistic: s = 0, the interval is the value itself
		{"constant", []float64{3, 3, 3, 3, 3}, 3, 3, 3},
		{"constant 0", make([]float64, 300), 0, 0, 0},
	} {
		for _, kind := range []Kind{Count, Mean} {
			iv := moments(tc.xs...).Summarise(kind)
			assert.InDelta(t, tc.value, iv.Value, 1e-9, tc.name)
			assert.InDelta(t, tc.low, iv.Low, 2e-3, tc.name+" low")
			assert.InDelta(t, tc.high, iv.High, 2e-3, tc.name+" high")
			assert.Equal(t, kind, iv.Kind)
			assert.Equal(t, MethodStudentT, iv.Method)
			assert.Equal(t, len(tc.xs), iv.N)
		}
	}
	one := moments(7).Summarise(Mean)
	assert.Equal(t, 7.0, one.Value)
	assert.False(t, one.Defined(), "one game: Student's t interval undefined, not zero-width")
	none := moments().Summarise(Count)
	assert.True(t, math.IsNaN(none.Value))
	assert.False(t, none.Defined())
}

// The kind decides the summary, never the values: a count whose values are all 0 or 1 is still a mean,
// a rate is a share of games with Wilson's interval.
func TestKindIsDeclaredNotGuessed(t *testing.T) {
	m := moments(1, 0, 1, 1, 0, 1, 1)
	count := m.Summarise(Count)
	assert.Equal(t, MethodStudentT, count.Method)
	assert.InDelta(t, 5.0/7, count.Value, 1e-12)
	rate := m.Summarise(Rate)
	assert.Equal(t, Wilson(5, 7), rate)
}

// Undefined numbers are null in JSON, and read back as NaN.
func TestIntervalJSON(t *testing.T) {
	data, err := json.Marshal(moments(2).Summarise(Mean))
	require.NoError(t, err)
	assert.JSONEq(t, `{"value": 2, "low": null, "high": null, "kind": "mean", "method": "student-t", "n": 1}`, string(data))
	var back Interval
	require.NoError(t, json.Unmarshal(data, &back))
	assert.Equal(t, 2.0, back.Value)
	assert.False(t, back.Defined())
	data, err = json.Marshal(moments(3, 3).Summarise(Count))
	require.NoError(t, err)
	assert.JSONEq(t, `{"value": 3, "low": 3, "high": 3, "kind": "count", "method": "student-t", "n": 2}`, string(data))
	data, err = json.Marshal(Wilson(0, 0))
	require.NoError(t, err)
	assert.JSONEq(t, `{"value": null, "low": null, "high": null, "kind": "rate", "method": "wilson", "n": 0}`, string(data))
}

func TestQuantiles(t *testing.T) {
	q := QuantilesOf([]int{9, 1, 5, 3, 7})
	assert.Equal(t, Quantiles{Min: 1, Q1: 3, Median: 5, Q3: 7, Max: 9}, q)
}

func TestTallyCountsSharedVictoriesAndFailures(t *testing.T) {
	tl := NewTally(2, []string{"a", "b"}, nil)
	tl.Add(core.Result{Totals: []int{3, 3}, Winners: []int{0, 1}, Moves: make([]string, 10)})
	tl.Add(core.Result{Totals: []int{1, 5}, Winners: []int{1}, Moves: make([]string, 20)})
	tl.Add(core.Result{Error: "boom"})
	s := tl.Summary()
	assert.Equal(t, 2, s.Games)
	assert.Equal(t, 1, s.Failed)
	assert.Equal(t, 1, s.Seats[0].Wins)
	assert.Equal(t, 2, s.Seats[1].Wins)
	assert.InDelta(t, 15, s.Length.Value, 1e-9)
}

func seatStats(name string, vals ...float64) map[string][]float64 {
	return map[string][]float64{name: vals}
}

// A statistic a game did not record counts 0 in that game, whether it first appears late or stops
// appearing; a declared statistic no game records is reported as 0; an undeclared one is a count.
func TestTallyCountsMissingStatisticsAsZero(t *testing.T) {
	tl := NewTally(2, []string{"a", "b"}, map[string]Kind{"right": Count, "end_a": Rate, "never": Count, "eliminated": Rate})
	win := func(w int) []int { return []int{w} }
	tl.Add(core.Result{Totals: []int{1, 0}, Winners: win(0), Moves: make([]string, 4)})
	tl.Add(core.Result{Totals: []int{0, 1}, Winners: win(1), Moves: make([]string, 4),
		SeatStats: seatStats("right", 2, 0), GameStats: map[string]float64{"end_a": 1}})
	tl.Add(core.Result{Totals: []int{0, 1}, Winners: win(1), Moves: make([]string, 4),
		SeatStats: map[string][]float64{"eliminated": {1, 0}, "extra": {0, 1}}})
	tl.Add(core.Result{Totals: []int{0, 1}, Winners: win(1), Moves: make([]string, 4), SeatStats: seatStats("right", 1, 1)})
	tl.Add(core.Result{Error: "boom"})
	s := tl.Summary()
	require.Equal(t, 4, s.Games)
	assert.Equal(t, 1, s.Failed)

	// right: seat 0 recorded 2 and 1 in two of four games: (0+2+0+1)/4, s = sqrt(((0.75)²·2+1.25²+0.25²)/3)
	right := s.Seats[0].Stats["right"]
	assert.InDelta(t, 0.75, right.Value, 1e-12)
	assert.Equal(t, 4, right.N)
	sd := math.Sqrt((0.75*0.75*2 + 1.25*1.25 + 0.25*0.25) / 3)
	assert.InDelta(t, 0.75-3.182*sd/2, right.Low, 1e-3)
	assert.InDelta(t, 0.25, s.Seats[1].Stats["right"].Value, 1e-12)

	// a declared rate recorded once in four games: 1 of 4, Wilson
	assert.Equal(t, Wilson(1, 4), s.GameStats["end_a"])
	assert.Equal(t, Wilson(1, 4), s.Seats[0].Stats["eliminated"])
	assert.Equal(t, Wilson(0, 4), s.Seats[1].Stats["eliminated"])

	// declared, never recorded: 0 in every game, a constant
	never := s.Seats[1].Stats["never"]
	assert.Equal(t, 4, never.N)
	assert.Equal(t, [3]float64{0, 0, 0}, [3]float64{never.Value, never.Low, never.High})

	// recorded but not declared: a count, and listed
	assert.Equal(t, Count, s.Seats[1].Stats["extra"].Kind)
	assert.InDelta(t, 0.25, s.Seats[1].Stats["extra"].Value, 1e-12)
	assert.Equal(t, []string{"extra"}, s.Undeclared)
	assert.Empty(t, s.Problems)

	// built-in measures have fixed kinds
	assert.Equal(t, 1, s.Seats[0].Wins)
	assert.Equal(t, Wilson(1, 4), s.Seats[0].WinRate)
	assert.Equal(t, Mean, s.Seats[0].Score.Kind)
	assert.Equal(t, Count, s.Length.Kind)
	assert.InDelta(t, 4, s.Length.Value, 1e-12)
	assert.Equal(t, [2]float64{4, 4}, [2]float64{s.Length.Low, s.Length.High}, "a constant length")
}

func TestTallySeatThatNeverWins(t *testing.T) {
	tl := NewTally(2, []string{"a", "b"}, nil)
	for i := 0; i < 10; i++ {
		tl.Add(core.Result{Totals: []int{0, 1}, Winners: []int{1}})
	}
	s := tl.Summary()
	assert.Equal(t, 0, s.Seats[0].Wins)
	assert.Equal(t, 0.0, s.Seats[0].WinRate.Low)
	assert.InDelta(t, 0.2775, s.Seats[0].WinRate.High, 1e-4)
	assert.InDelta(t, 0.7225, s.Seats[1].WinRate.Low, 1e-4)
	assert.Equal(t, 1.0, s.Seats[1].WinRate.High)
}

// A value a declared rate cannot take is reported, not folded into a share.
func TestTallyRateOutOfRangeIsAProblem(t *testing.T) {
	tl := NewTally(1, []string{"a"}, map[string]Kind{"elim": Rate})
	tl.Add(core.Result{Totals: []int{0}, SeatStats: seatStats("elim", 2)})
	tl.Add(core.Result{Totals: []int{0}, SeatStats: seatStats("elim", 1)})
	s := tl.Summary()
	require.Len(t, s.Problems, 1)
	assert.Contains(t, s.Problems[0], "elim is declared a rate")
}

func TestQuantilesOfCountsIsQuantilesOf(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 2))
	for n := 1; n < 60; n++ {
		var vals []int
		counts := map[int]int{}
		for range n {
			v := rng.IntN(9) - 4
			vals = append(vals, v)
			counts[v]++
		}
		require.Equal(t, QuantilesOf(vals), QuantilesOfCounts(counts), "values %v", vals)
	}
	assert.Equal(t, Quantiles{}, QuantilesOfCounts(nil))
}
