package scripting

import (
	"runtime"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// runningCall marks a new host as running call seq for ran milliseconds, hidden from the monitor's own
// goroutine (no start time), so only the test's guard looks at it; the call runs a function of its
// own (numbered as the call: the tests give each call its own number).
func runningCall(t *testing.T, seq uint64, ran int64) longCall {
	h := NewHost()
	t.Cleanup(h.Close)
	h.busySeq.Store(seq)
	return longCall{h, seq, uintptr(seq), ran * int64(time.Millisecond)}
}

func stoppedForMemory(c longCall) bool {
	return c.h.work.stop.Load() == c.seq<<3|uint64(stopMemory)
}

// Over the heap limit, the guard stops every long call at once: two bombs on two workers are stopped
// together.
func TestMemoryGuardStopsEveryLongCall(t *testing.T) {
	defer SetMaxHeap(SetMaxHeap(1)) // any heap is past it, and its live part too
	bomb, twin := runningCall(t, 7, 400), runningCall(t, 2, 30)
	var guard memoryGuard
	guard.check([]longCall{bomb, twin})
	assert.True(t, stoppedForMemory(bomb))
	assert.True(t, stoppedForMemory(twin))
}

// After a stop, the guard stops a call that ran a while but not long (one the bomb slowed down) only
// once the stopped call has ended and a collection begun after it has ended: until then the heap still
// shows the bomb's data. A call that ran long, or a call of the function that bombed (the same
// scripts' next game, on any worker), is stopped all the same.
func TestMemoryGuardWaitsForTheHeapToSettle(t *testing.T) {
	defer SetMaxHeap(SetMaxHeap(1))
	bomb, next, longer := runningCall(t, 7, 400), runningCall(t, 3, 30), runningCall(t, 4, 100)
	var guard memoryGuard
	guard.check([]longCall{bomb})
	require.True(t, stoppedForMemory(bomb))
	guard.check([]longCall{bomb, next, longer})
	assert.False(t, stoppedForMemory(next), "stopped while the bomb's call still ran")
	assert.True(t, stoppedForMemory(longer))
	assert.Len(t, guard.stopped, 2, "a call stopped already is not counted again")
	longer.h.busySeq.Store(0)

	again := runningCall(t, 2, 30) // another worker's game, which bombs as well
	again.proto = bomb.proto
	guard.check([]longCall{again, next})
	assert.True(t, stoppedForMemory(again), "a call of the function that bombed")
	assert.False(t, stoppedForMemory(next))

	bomb.h.busySeq.Store(0) // the bombs' calls end
	again.h.busySeq.Store(0)
	guard.check([]longCall{next})
	assert.False(t, stoppedForMemory(next), "stopped before a collection showed what is live")
	runtime.GC() // (the collection running when they ended, if one did, may have begun before)
	runtime.GC()
	guard.check([]longCall{next})
	assert.True(t, stoppedForMemory(next), "a call still long past the limit after the collection is stopped")
}
