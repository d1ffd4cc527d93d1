package scripting

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// busyCall marks h as running call seq, hidden from the monitor's own goroutine (no start time), so
// only the test's guard looks at it.
func busyCall(h *Host, seq uint64) { h.busySeq.Store(seq) }

func stoppedForMemory(h *Host, seq uint64) bool {
	return h.work.stop.Load() == seq<<3|uint64(stopMemory)
}

// Over the heap limit, the guard stops one hook, and no other until that call has ended and a
// collection begun after it has ended: the hook next to a bomb is not stopped for the bomb's data.
func TestMemoryGuardStopsOneHookAtATime(t *testing.T) {
	defer SetMaxHeap(SetMaxHeap(1)) // any heap is past it, and its live part too
	bomb, next := NewHost(), NewHost()
	defer bomb.Close()
	defer next.Close()
	busyCall(bomb, 7)
	busyCall(next, 3)
	var guard memoryGuard

	guard.check(bomb)
	require.True(t, stoppedForMemory(bomb, 7))
	guard.check(next)
	assert.False(t, stoppedForMemory(next, 3), "stopped while the bomb's call still ran")

	bomb.busySeq.Store(0) // the bomb's call ends
	guard.check(next)
	if collected.Load() < guard.collection {
		assert.False(t, stoppedForMemory(next, 3), "stopped before a collection showed what is live")
	}
	require.Eventually(t, func() bool { return collected.Load() >= guard.collection }, 10*time.Second, time.Millisecond)
	guard.check(next)
	assert.True(t, stoppedForMemory(next, 3), "a hook still past the limit after the collection is stopped")
}
