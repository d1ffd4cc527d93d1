package lab

import (
	"context"
	"runtime"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/ruleslab/ruleslab/core"
)

// heapAtLastGame runs sim of a variant (compared with its base) on games games and returns the heap
// allocated after a collection when the last game of the variant is handed over: what the sim still holds
// of the games before.
func heapAtLastGame(t *testing.T, games int) uint64 {
	t.Helper()
	var heap uint64
	o := &SimOptions{Game: "mimic-taking", Variant: "face-up", Seats: "random", Games: games, Seed: 1, Workers: 1, Index: -1,
		VersusBase: true, OnGame: func(r core.Result) {
			if r.Index == games-1 {
				runtime.GC()
				var m runtime.MemStats
				runtime.ReadMemStats(&m)
				heap = m.HeapAlloc // the live bytes the collection kept (HeapInuse also counts partly used spans)
			}
		}}
	res, err := Sim(context.Background(), o)
	require.NoError(t, err)
	require.NotNil(t, res.Base, res.BaseSkipped)
	require.Equal(t, games, res.Base.Pairs+res.Base.Failed[0]+res.Base.Failed[1])
	return heap
}

// A sim of a variant keeps nothing per game to compare with its base: ten times more games leave the
// heap at the last game where it was (a game kept until its base's was played holds kilobytes: 1,800
// of them would be megabytes). No timing: the heap allocated after a collection.
func TestSimVersusBaseMemoryFlatInGames(t *testing.T) {
	small := heapAtLastGame(t, 200)
	large := heapAtLastGame(t, 2000)
	t.Logf("heap allocated at the last game: %d bytes (200 games), %d bytes (2,000 games)", small, large)
	const margin = 1 << 20
	require.Less(t, int64(large)-int64(small), int64(margin),
		"the heap grew from %d to %d bytes with ten times more games", small, large)
}
