package lab

import (
	"context"
	"math/rand/v2"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ruleslab/ruleslab/core"
)

// slowWorker finishes games in a scrambled order.
type slowWorker struct{ rng *rand.Rand }

func (w *slowWorker) Play(i int, seed uint64) core.Result {
	time.Sleep(time.Duration(w.rng.IntN(300)) * time.Microsecond)
	return core.Result{Index: i, Seed: seed}
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
		done, err := b.Run(context.Background(), func(r core.Result) {
			got = append(got, r.Index)
			assert.Equal(t, core.GameSeed(3, r.Index), r.Seed)
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
	done, err := b.Run(ctx, func(r core.Result) {
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

// The shards of a batch (Start I, Step N) play disjoint games that together are the batch's, each with
// the seed the whole batch gives it, in order.
func TestBatchShardsCoverTheBatch(t *testing.T) {
	seen := map[int]int{}
	for shard := range 3 {
		var got []int
		b := Batch{Games: 50, Start: shard, Step: 3, Seed: 3, Workers: 2, NewWorker: func() (Worker, error) {
			return &slowWorker{rng: rand.New(rand.NewPCG(uint64(shard), 1))}, nil
		}}
		done, err := b.Run(context.Background(), func(r core.Result) {
			got = append(got, r.Index)
			assert.Equal(t, core.GameSeed(3, r.Index), r.Seed)
		})
		require.NoError(t, err)
		require.Equal(t, b.Count(), done)
		for k, idx := range got {
			require.Equal(t, b.Index(k), idx)
			seen[idx]++
		}
	}
	require.Len(t, seen, 50)
	for i := range 50 {
		require.Equal(t, 1, seen[i], "game %d", i)
	}
	assert.Equal(t, 0, Batch{Games: 5, Start: 7, Step: 2}.Count())
}

// heldWorker holds game 0 until release is closed; it counts the games it was asked to play.
type heldWorker struct {
	started *atomic.Int64
	full    chan struct{} // closed by the game whose start fills the window
	release chan struct{}
	window  int64
}

func (w *heldWorker) Play(i int, seed uint64) core.Result {
	if w.started.Add(1) == w.window {
		close(w.full)
	}
	if i == 0 {
		<-w.release
	}
	return core.Result{Index: i, Seed: seed}
}
func (w *heldWorker) Close() {}

// While game 0 is held, the other worker runs ahead only as far as the window (16 games per worker):
// then it waits, so the results kept for emitting in order stay bounded however long a game takes.
func TestBatchBoundsTheGamesAheadOfAHeldOne(t *testing.T) {
	var started atomic.Int64
	w := &heldWorker{started: &started, full: make(chan struct{}), release: make(chan struct{}), window: 32}
	go func() {
		<-w.full
		time.Sleep(20 * time.Millisecond) // room for a worker that ignored the window to start more games
		assert.Equal(t, int64(32), started.Load(), "games started while game 0 is held")
		close(w.release)
	}()
	var got []int
	b := Batch{Games: 100, Seed: 1, Workers: 2, NewWorker: func() (Worker, error) { return w, nil }}
	done, err := b.Run(context.Background(), func(r core.Result) { got = append(got, r.Index) })
	require.NoError(t, err)
	require.Equal(t, 100, done)
	for i, idx := range got {
		require.Equal(t, i, idx)
	}
}
