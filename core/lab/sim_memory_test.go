package lab

import (
	"context"
	"runtime"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/ruleslab/ruleslab/core"
)

// heapSeen runs sim of a variant (compared with its base) on games games and returns, for each index
// given, the heap allocated after a collection when the variant's games up to it are handed over
// (the least of five readings up to it, so that what another goroutine of the test binary allocates
// at that moment is not counted): what the sim still holds of the games before.
func heapSeen(t *testing.T, games int, at ...int) []uint64 {
	t.Helper()
	const readings = 5
	least := make([]uint64, len(at))
	o := &SimOptions{Game: "mimic-taking", Variant: "face-up", Seats: "random", Games: games, Seed: 1, Workers: 1, Index: -1,
		VersusBase: true, OnGame: func(r core.Result) {
			for k, i := range at {
				if r.Index > i-readings && r.Index <= i {
					runtime.GC()
					var m runtime.MemStats
					runtime.ReadMemStats(&m)
					// the live bytes the collection kept (HeapInuse also counts partly used spans)
					if least[k] == 0 || m.HeapAlloc < least[k] {
						least[k] = m.HeapAlloc
					}
				}
			}
		}}
	res, err := Sim(context.Background(), o)
	require.NoError(t, err)
	require.NotNil(t, res.Base, res.BaseSkipped)
	require.Equal(t, games, res.Base.Pairs+res.Base.Failed[0]+res.Base.Failed[1])
	return least
}

// A sim of a variant keeps nothing per game to compare with its base: after 1,700 more games the
// heap is where it was (a game kept until its base's was played holds kilobytes: 1,800 of them would
// be megabytes). Both figures come from the same run, so the test binary's other work counts alike in
// both. No timing: the heap allocated after a collection.
func TestSimVersusBaseMemoryFlatInGames(t *testing.T) {
	// both in the middle of the run, where as many games are in flight
	heap := heapSeen(t, 2000, 199, 1899)
	small, large := heap[0], heap[1]
	t.Logf("heap allocated after a collection: %d bytes at game 200, %d bytes at game 1,900", small, large)
	const margin = 1 << 20
	require.Less(t, int64(large)-int64(small), int64(margin),
		"the heap grew from %d to %d bytes in 1,700 more games", small, large)
}
