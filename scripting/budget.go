package scripting

import (
	"context"
	"errors"
	"runtime"
	"runtime/metrics"
	"slices"
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
	// DefaultMaxHeapBytes: while the process heap holds more than this, the hooks that have run a few
	// ticks of the monitor are stopped (memoryGuard): memory bombs; innocent hooks take microseconds.
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
// the hooks that have run for a while (memoryGuard). One goroutine serves every host.
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
	var long []longCall // reused: the monitor must not allocate, or it would assist the collector in
	// the middle of a memory bomb
	for range tick.C {
		long = longCalls(time.Now().UnixNano(), long[:0])
		guard.check(long)
	}
}

// longCall is a hook call that has run at least bombTicks: its host, the call, the Lua function it
// runs and how long it ran.
type longCall struct {
	h     *Host
	seq   uint64
	proto uintptr
	ran   int64
}

// longCalls stops every hook past its backstop and appends to long the others that ran bombTicks.
func longCalls(now int64, long []longCall) []longCall {
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
		if ran >= bomb {
			long = append(long, longCall{h, seq, h.busyProto.Load(), ran})
		}
	}
	return long
}

// memoryGuard stops memory bombs: over the heap limit, every hook that has run bombTicks (in CPU time
// when known) is stopped. Building hundreds of MB takes that long, innocent hooks take microseconds.
// No collection first: runtime.GC takes long on a big heap, and a bomb grows by hundreds of MB
// meanwhile.
//
// After a stop the heap still shows the stopped bombs' data until their calls have ended (what a
// bomb was building when stopped, such as a table's array grown again, can take a second more) and a
// collection begun after that has ended. Meanwhile a hook next to them can run for a while (the
// runtime makes it help the collector and fault in pages): it must not be stopped for memory that is
// not its own, so until the heap has settled a call is stopped only past settlingBombTicks, unless it
// runs a function that was stopped for memory before: every game of a broken script bombs, on every
// worker, and those are stopped as soon as the first was.
type memoryGuard struct {
	heap      heapReading
	stopped   []longCall // the calls stopped last, until they end (reused)
	settledAt uint64     // the count of collections at which the heap has settled
	// the functions of the last calls stopped for memory (a ring: a broken script has a few)
	bombed [8]uintptr
	next   int
}

// check stops the long calls when the heap is past the limit.
func (g *memoryGuard) check(long []longCall) {
	settling := g.settling()
	if len(long) == 0 || !g.heap.overLimit(maxHeap.Load()) {
		return
	}
	for _, c := range long {
		if c.h.work.stop.Load()>>3 == c.seq || settling && !g.bombedBefore(c.proto) && c.ran < int64(settlingBombTicks*monitorTick) {
			continue // stopped already, or maybe slowed by the bombs
		}
		c.h.stopCall(stopMemory)
		g.stopped = append(g.stopped, c)
		if !g.bombedBefore(c.proto) {
			g.bombed[g.next], g.next = c.proto, (g.next+1)%len(g.bombed)
		}
	}
}

// bombedBefore says whether a call of the Lua function proto (busyProto) was stopped for memory.
func (g *memoryGuard) bombedBefore(proto uintptr) bool {
	return proto != 0 && slices.Contains(g.bombed[:], proto)
}

// settling reports whether the heap may still hold the data of the calls stopped last, as far as the
// monitor can tell: one of them still runs, or no collection began after they ended. (It asks for
// none: the collections overLimit asks for, or the runtime's own, serve; one more would delay them.)
func (g *memoryGuard) settling() bool {
	if len(g.stopped) > 0 {
		for _, c := range g.stopped {
			if c.h.busySeq.Load() == c.seq {
				return true
			}
		}
		// the collection running now may have begun before they ended: the one after it is the first
		// that knows
		g.stopped, g.settledAt = g.stopped[:0], g.heap.collections()+2
	}
	return g.heap.collections() < g.settledAt
}

// heapReading reads the heap's size for the monitor, with samples made once (the monitor must not
// allocate, or it would assist the collector in the middle of a memory bomb).
type heapReading struct {
	samples []metrics.Sample
	cycles  []metrics.Sample
}

// collections is how many collections have ended since the process started.
func (r *heapReading) collections() uint64 {
	if r.cycles == nil {
		r.cycles = []metrics.Sample{{Name: "/gc/cycles/total:gc-cycles"}}
	}
	metrics.Read(r.cycles)
	return sampleBytes(r.cycles[0])
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

// askCollection asks for a collection, unless one is asked for already.
func askCollection() {
	select {
	case collectNow <- struct{}{}:
	default:
	}
}

// collectOnRequest collects the heap when the monitor asks (runtime.GC waits for the collection to
// end: the monitor goes on looking meanwhile).
func collectOnRequest() {
	for range collectNow {
		runtime.GC()
	}
}

// sampleBytes is a sample's count (of bytes, or of collections), 0 when the runtime has none.
func sampleBytes(s metrics.Sample) uint64 {
	if s.Value.Kind() == metrics.KindUint64 {
		return s.Value.Uint64()
	}
	return 0
}

// Over the heap limit, the hooks that ran this many monitor ticks are stopped: of wall time
// (bombTicks), or of CPU time for a pinned host (bombCPUTicks; a hook waiting for a core uses none).
const (
	bombTicks    = 4
	bombCPUTicks = 4
	// until the heap has settled after a stop (memoryGuard), of either time
	settlingBombTicks = 20
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
