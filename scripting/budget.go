package scripting

import (
	"context"
	"errors"
	"runtime"
	"runtime/metrics"
	"sync"
	"sync/atomic"
	"time"
)

// The limits every hook call runs under. A hook's budget is a count of work, not of time, so a game
// passes or fails the same on a busy machine as on an idle one (and for any number of workers): each
// Lua instruction costs one unit, and the builtins that can run long (pattern matching, building big
// strings) charge their work too. limits.hook_millis sets the budget in milliseconds of a reference
// machine: WorkPerMilli units each.
const (
	// DefaultHookMillis is the budget of a hook call when the game sets no limits.hook_millis.
	DefaultHookMillis = 2000
	// MaxHookMillis is the ceiling of limits.hook_millis.
	MaxHookMillis = 10000
	// WorkPerMilli is how many units of work (Lua instructions) one millisecond of budget buys: about a
	// millisecond of plain Lua on the project's 2-core machine.
	WorkPerMilli = 50_000
	// DefaultMaxHeapBytes: while the process heap holds more than this, the hook that has run longest
	// (at least a tick of the monitor) is stopped: a memory bomb; innocent hooks take microseconds.
	DefaultMaxHeapBytes = 256 << 20
)

var maxHeap atomic.Uint64

func init() { maxHeap.Store(DefaultMaxHeapBytes) }

// SetMaxHeap changes the heap limit of the monitor (tests lower it) and returns the previous one.
func SetMaxHeap(bytes uint64) uint64 { return maxHeap.Swap(bytes) }

// DefaultHookBudget is the wall time of the default budget on the reference machine.
const DefaultHookBudget = DefaultHookMillis * time.Millisecond

// closedChan is returned by workCtx.Done once a hook must stop.
var closedChan = func() chan struct{} { c := make(chan struct{}); close(c); return c }()

// why the monitor stopped a call
const (
	stopTime int32 = iota + 1
	stopMemory
)

// workCtx is the context gopher-lua checks before every instruction (it calls Done): it counts the
// instructions of the running hook call and reports done once the call's budget is spent or the
// monitor stopped it. Counting replaces the cancel context's atomic load, so it costs no more.
type workCtx struct {
	left int64 // units left in this call; only the Lua goroutine touches it
	seq  uint64
	host *Host // whose count this is: g's methods find the running engine's handle there (handle)
	// stop is seq<<3 | reason for the call the monitor stopped, or stopAll after Interrupt
	stop atomic.Uint64
}

const stopAll = ^uint64(0)

var errStopped = errors.New("stopped")

func (c *workCtx) Deadline() (time.Time, bool) { return time.Time{}, false }
func (c *workCtx) Err() error                  { return errStopped }
func (c *workCtx) Value(any) any               { return nil }
func (c *workCtx) Done() <-chan struct{} {
	c.left--
	if c.spent() {
		return closedChan
	}
	return nil
}

// spent says whether the running call must stop: its budget is spent, or the monitor stopped it.
func (c *workCtx) spent() bool {
	if c.left < 0 {
		return true
	}
	s := c.stop.Load()
	return s != 0 && (s>>3 == c.seq || s == stopAll)
}

var _ context.Context = (*workCtx)(nil)

// charge counts n units of work done by a builtin; it reports false (the caller raises the error) once
// the call's budget is spent.
func (h *Host) charge(n int) bool {
	h.work.left -= int64(n)
	return h.work.left >= 0
}

// workLeft is what the running call may still spend.
func (h *Host) workLeft() int64 { return h.work.left }

// monitor watches every open host: it stops a hook past its wall-time backstop (a hook inside slow Go
// calls: the work count does not see their time) and, when the process heap passes the heap limit,
// the hook that has run longest (memoryGuard). One goroutine serves every host.
var monitor struct {
	once  sync.Once
	mu    sync.Mutex
	hosts map[*Host]struct{}
}

func register(h *Host) {
	monitor.once.Do(func() {
		monitor.hosts = map[*Host]struct{}{}
		go watchHosts()
		go collectOnRequest()
	})
	monitor.mu.Lock()
	monitor.hosts[h] = struct{}{}
	monitor.mu.Unlock()
}

func unregister(h *Host) {
	monitor.mu.Lock()
	delete(monitor.hosts, h)
	monitor.mu.Unlock()
}

// monitorTick is how often the monitor looks.
const monitorTick = 5 * time.Millisecond

func watchHosts() {
	tick := time.NewTicker(monitorTick)
	defer tick.Stop()
	var guard memoryGuard
	for range tick.C {
		guard.check(longestHook(time.Now().UnixNano()))
	}
}

// longestHook stops every hook past its wall-time backstop and returns the hook that has run longest
// of those that ran bombTicks (nil if none did).
func longestHook(now int64) *Host {
	var longest *Host
	var longestRan int64
	monitor.mu.Lock()
	defer monitor.mu.Unlock()
	for h := range monitor.hosts {
		since, seq := h.busySince.Load(), h.busySeq.Load()
		if since == 0 || seq == 0 {
			continue
		}
		// a pinned host (Worker.Play) reports the CPU time its hook used since the monitor first saw
		// it: a hook waiting for a core uses none, so load does not count
		cpu := int64(-1)
		if tid := h.tid.Load(); tid != 0 {
			cpu = threadCPU(tid)
		}
		if seq != h.monSeq {
			h.monSeq, h.monCPU0 = seq, cpu
		}
		ran, bomb := now-since, int64(bombTicks*monitorTick)
		if cpu >= 0 && h.monCPU0 >= 0 {
			ran, bomb = cpu-h.monCPU0+int64(monitorTick), int64(bombCPUTicks*monitorTick)
		}
		if ran > h.backstop.Load() {
			h.stopCall(stopTime)
			continue
		}
		if ran >= bomb && ran > longestRan {
			longest, longestRan = h, ran
		}
	}
	return longest
}

// memoryGuard stops a memory bomb: over the heap limit, the hook that has run longest (at least
// bombTicks; in CPU time when known) is stopped. Building hundreds of MB takes that long, innocent hooks
// take microseconds. No collection first: runtime.GC takes long on a big heap, and a doubling string
// reaches gigabytes meanwhile.
//
// One hook at a time: while a bomb's data is in the heap, a hook next to it can run for a while too
// (the runtime makes it help the collector and fault in pages), so it must not be stopped for
// memory that is not its own. After a stop the guard waits for the stopped call to end (the string
// it was building when stopped can take long) and for a collection that began after that: only then
// does the heap show whether another hook holds too much.
type memoryGuard struct {
	heap       heapReading
	stopped    *Host  // the host of the call stopped last, until that call ends
	stoppedSeq uint64 // that call
	collection uint64 // the collection that must end before the next stop (0: none)
}

// check stops longest (the hook that has run longest, or nil) when the heap is past the limit.
func (g *memoryGuard) check(longest *Host) {
	if g.settling() || longest == nil || !g.heap.overLimit(maxHeap.Load()) {
		return
	}
	g.stopped, g.stoppedSeq = longest, longest.busySeq.Load()
	longest.stopCall(stopMemory)
}

// settling reports whether the heap still holds the last stopped call's data as far as the monitor
// can tell: the call still runs, or no collection began after it ended.
func (g *memoryGuard) settling() bool {
	if g.stopped != nil {
		if g.stopped.busySeq.Load() == g.stoppedSeq {
			return true
		}
		g.stopped, g.collection = nil, askCollection()
	}
	return collected.Load() < g.collection
}

// heapReading reads the heap's size for the monitor, with samples made once (the monitor must not
// allocate, or it would assist the collector in the middle of a memory bomb).
type heapReading struct {
	samples []metrics.Sample
}

// overLimit reports whether the heap holds more than limit bytes of objects, of which enough were
// live at the last collection. A batch lets garbage pile up to several times its live data before
// collecting (lab.TuneGC: GOGC 800): garbage alone past the limit is no memory bomb, and a hook
// that a loaded machine kept waiting for a few ticks must not be stopped for it. A bomb's data is
// live: after a collection it is most of the heap. So while the heap is past the limit with little
// live at the last collection, a collection is asked for (the next ticks know which it was: garbage
// is gone, a bomb's data is live). Far past the limit (four times, e.g. with the collector off) the
// heap counts whatever it holds.
func (r *heapReading) overLimit(limit uint64) bool {
	if r.samples == nil {
		r.samples = []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}, {Name: "/gc/heap/live:bytes"}}
	}
	metrics.Read(r.samples)
	heap, live := sampleBytes(r.samples[0]), sampleBytes(r.samples[1])
	if heap <= limit {
		return false
	}
	if live > limit/3 || heap > 4*limit {
		return true
	}
	askCollection()
	return false
}

// collectNow asks collectOnRequest for a collection; it holds one request at most.
var collectNow = make(chan struct{}, 1)

// asked numbers the requests for a collection; collected is the number of the last request that a
// collection begun after it answered.
var asked, collected atomic.Uint64

// askCollection asks for a collection that begins after now and returns the request's number: once
// collected reaches it, the heap readings know what was live after now.
func askCollection() uint64 {
	n := asked.Add(1)
	select {
	case collectNow <- struct{}{}:
	default: // one is asked for and not begun yet: it reads asked when it begins
	}
	return n
}

// collectOnRequest collects the heap when the monitor asks (runtime.GC waits for the collection to
// end: the monitor goes on looking meanwhile).
func collectOnRequest() {
	for range collectNow {
		n := asked.Load()
		runtime.GC()
		collected.Store(n)
	}
}

func sampleBytes(s metrics.Sample) uint64 {
	if s.Value.Kind() == metrics.KindUint64 {
		return s.Value.Uint64()
	}
	return 0
}

// Over the heap limit, the longest of the hooks that ran this many monitor ticks is stopped: of wall time
// (bombTicks), or of CPU time for a pinned host (bombCPUTicks; a hook waiting for a core uses none).
const (
	bombTicks    = 4
	bombCPUTicks = 4
)

// stopCall stops the hook call running now (if it is still the same call when Lua next checks).
func (h *Host) stopCall(why int32) {
	seq := h.busySeq.Load()
	if seq == 0 {
		return
	}
	for {
		old := h.work.stop.Load()
		if old == stopAll || h.work.stop.CompareAndSwap(old, seq<<3|uint64(why)) {
			return
		}
	}
}

// Pin tells the monitor that the calling goroutine runs this host's hooks and locks it to its OS thread
// until the returned function is called: the monitor then measures a hook's CPU time, not the wall
// time, for its backstop and to find a memory bomb (a hook waiting for a core is not running).
func (h *Host) Pin() (unpin func()) {
	runtime.LockOSThread()
	h.tid.Store(gettid())
	return func() {
		h.tid.Store(0)
		runtime.UnlockOSThread()
	}
}

// ThreadCPU is the CPU time the calling goroutine's OS thread has used, or -1 when it cannot be read
// (not Linux). Lock the goroutine to its thread (Pin) between two readings: bench measures a game's
// cost with it, which the load of a shared machine changes far less than the wall time.
func ThreadCPU() time.Duration { return time.Duration(threadCPU(gettid())) }

// Interrupt stops the running hook and every later one on this host (Ctrl-C, SIGTERM): each returns an
// error that says so. It is safe to call from any goroutine.
func (h *Host) Interrupt() {
	h.work.stop.Store(stopAll)
}

// Interrupted reports whether Interrupt was called.
func (h *Host) Interrupted() bool { return h.work.stop.Load() == stopAll }
