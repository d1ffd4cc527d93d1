package core

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestWilsonInterval(t *testing.T) {
	for _, tc := range []struct {
		k, n            int
		value, low, hig float64
	}{
		{5, 10, 0.5, 0.2366, 0.7634},
		{0, 10, 0, 0, 0.2775},
		{10, 10, 1, 0.7225, 1},
		{81, 263, 0.3080, 0.2553, 0.3662},
	} {
		iv := Wilson(tc.k, tc.n)
		assert.InDelta(t, tc.value, iv.Value, 1e-4, "%d/%d", tc.k, tc.n)
		assert.InDelta(t, tc.low, iv.Low, 1e-4, "%d/%d low", tc.k, tc.n)
		assert.InDelta(t, tc.hig, iv.High, 1e-4, "%d/%d high", tc.k, tc.n)
	}
	assert.Equal(t, Interval{}, Wilson(0, 0))
}

func TestMeanInterval(t *testing.T) {
	var m Moments
	for _, x := range []float64{2, 4, 4, 4, 5, 5, 7, 9} {
		m.Add(x)
	}
	iv := m.Mean()
	assert.InDelta(t, 5, iv.Value, 1e-9)
	// sample sd = 2.138; half width = 1.96 * 2.138 / sqrt(8)
	assert.InDelta(t, 5-1.4816, iv.Low, 1e-3)
	assert.InDelta(t, 5+1.4816, iv.High, 1e-3)
}

func TestQuantiles(t *testing.T) {
	q := QuantilesOf([]int{9, 1, 5, 3, 7})
	assert.Equal(t, Quantiles{Min: 1, Q1: 3, Median: 5, Q3: 7, Max: 9}, q)
}

func TestTallyCountsSharedVictoriesAndFailures(t *testing.T) {
	tl := NewTally(2, []string{"a", "b"})
	tl.Add(Result{Totals: []int{3, 3}, Winners: []int{0, 1}, Moves: make([]string, 10)})
	tl.Add(Result{Totals: []int{1, 5}, Winners: []int{1}, Moves: make([]string, 20)})
	tl.Add(Result{Error: "boom"})
	s := tl.Summary()
	assert.Equal(t, 2, s.Games)
	assert.Equal(t, 1, s.Failed)
	assert.Equal(t, 1, s.Seats[0].Wins)
	assert.Equal(t, 2, s.Seats[1].Wins)
	assert.InDelta(t, 15, s.Length.Value, 1e-9)
}

// slowWorker finishes games in a scrambled order.
type slowWorker struct{ rng *rand.Rand }

func (w *slowWorker) Play(i int, seed uint64) Result {
	time.Sleep(time.Duration(w.rng.IntN(300)) * time.Microsecond)
	return Result{Index: i, Seed: seed}
}
func (w *slowWorker) Close() {}

func TestBatchEmitsInGameOrderForAnyWorkerCount(t *testing.T) {
	for _, workers := range []int{1, 2, 7} {
		var got []int
		n := 0
		b := Batch{Games: 50, Seed: 3, Workers: workers, NewWorker: func() (Worker, error) {
			n++
			return &slowWorker{rng: rand.New(rand.NewPCG(uint64(n), 1))}, nil
		}}
		done, err := b.Run(context.Background(), func(r Result) {
			got = append(got, r.Index)
			assert.Equal(t, GameSeed(3, r.Index), r.Seed)
		})
		require.NoError(t, err)
		require.Equal(t, 50, done)
		for i, idx := range got {
			require.Equal(t, i, idx)
		}
	}
}

func TestBatchInterruptedKeepsFinishedGames(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	var got []int
	b := Batch{Games: 1000, Seed: 1, Workers: 2, NewWorker: func() (Worker, error) {
		return &slowWorker{rng: rand.New(rand.NewPCG(1, 1))}, nil
	}}
	done, err := b.Run(ctx, func(r Result) {
		got = append(got, r.Index)
		if len(got) == 10 {
			cancel()
		}
	})
	require.ErrorIs(t, err, context.Canceled)
	assert.Equal(t, done, len(got))
	assert.GreaterOrEqual(t, done, 10)
	assert.Less(t, done, 1000)
	for i, idx := range got {
		require.Equal(t, i, idx, "every game before the last reported one is reported")
	}
}

func TestMeanOfZeroOneValuesIsAShareWithWilsonInterval(t *testing.T) {
	var m Moments
	for i := 0; i < 10; i++ {
		m.Add(map[bool]float64{true: 1, false: 0}[i < 2])
	}
	require.True(t, m.Binary())
	share := Wilson(2, 10)
	share.Share = true
	assert.Equal(t, share, m.Mean())
	assert.GreaterOrEqual(t, m.Mean().Low, 0.0)
	m.Add(2)
	require.False(t, m.Binary())
	assert.InDelta(t, 4.0/11, m.Mean().Value, 1e-12)
	var none Moments
	require.False(t, none.Binary())
	assert.Equal(t, Interval{}, none.Mean())
}
