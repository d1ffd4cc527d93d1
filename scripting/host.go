package scripting

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"

	lua "github.com/yuin/gopher-lua"

	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/core/textsafe"
)

// Host is one sandboxed Lua state. It is not safe for concurrent use: give each worker its own.
type Host struct {
	L       *lua.LState
	globals *lua.LTable // the sandboxed library table every game environment reads through

	// current is the state the running hook acts on; math.random draws from it unless a bot runs,
	// when rand is the bot's own generator.
	current *core.State
	rand    *rand.Rand

	// the budget of hook calls (see budget.go): work counts the running call's instructions; the monitor
	// reads busySince, busySeq, busyProto and backstop to stop a call past its wall-time backstop or a
	// memory bomb
	work      workCtx
	seq       uint64 // sequence number of the running outermost call
	millis    int    // the budget of the engine running now, in ms of work
	budget    int64  // ... in units of work
	busySince atomic.Int64
	busySeq   atomic.Uint64
	backstop  atomic.Int64 // ns a call may take whatever its work (CPU time when pinned, else wall)
	tid       atomic.Int32 // the OS thread running the hooks (Pin), 0 when unknown
	// the Lua function the running call runs (its FunctionProto's address, 0 for a Go function), told
	// apart by the monitor and never read through
	busyProto atomic.Uintptr
	// only the monitor goroutine touches these: the call it last saw and the thread's CPU time then
	monSeq    uint64
	monCPU0   int64
	closeOnce sync.Once

	// Profile, when set, accumulates the wall time and calls of every hook (bench shows it).
	Profile map[string]*HookCost

	running string // the hook running now, for messages
	pure    string // the running hook may not change the game (math.random draws from it)

	intVals           []lua.LValue          // small integers, preboxed so hot calls do not allocate
	interned          map[string]lua.LValue // strings boxed once (intern.go)
	roNewindex, roLen *lua.LFunction
	progs             map[*Program]*hostData
	gmeta             *lua.LTable
	gfuncs            []namedFunc // g's methods, a mutator wrapped (gFuncs)
	g                 *gHandle    // the g of the engine whose hook runs (Engine.bind)
	factsMeta         *lua.LTable

	roGuards map[string]*lua.LUserData // the guards of read-only tables, by name (readonly.go)
}

// NewHost creates a sandboxed state: base, table, string and math only; no io, os, require, load,
// loadstring, dofile, loadfile; math.random draws from the running game's seeded streams (the running hook's).
func NewHost() *Host {
	L := lua.NewState(lua.Options{SkipOpenLibs: true, CallStackSize: 256, RegistrySize: 1024 * 4, RegistryMaxSize: 1024 * 256})
	for _, lib := range []struct {
		name string
		fn   lua.LGFunction
	}{{lua.BaseLibName, lua.OpenBase}, {lua.TabLibName, lua.OpenTable}, {lua.StringLibName, lua.OpenString}, {lua.MathLibName, lua.OpenMath}} {
		L.Push(L.NewFunction(lib.fn))
		L.Push(lua.LString(lib.name))
		L.Call(1, 0)
	}
	g := L.G.Global
	for _, name := range []string{"dofile", "loadfile", "load", "loadstring", "require", "module", "getfenv", "setfenv", "collectgarbage", "newproxy", "_G", "_printregs", "print"} {
		g.RawSetString(name, lua.LNil)
	}
	h := &Host{L: L, globals: g}
	h.work.host = h
	h.SetBudget(0)
	h.bindTableBuiltins(g)
	strT, tabT := g.RawGetString("string").(*lua.LTable), g.RawGetString("table").(*lua.LTable)
	h.bindBuiltins(strT, tabT)
	mathT := g.RawGetString("math").(*lua.LTable)
	mathT.RawSetString("random", L.NewFunction(h.luaRandom))
	mathT.RawSetString("randomseed", L.NewFunction(func(L *lua.LState) int {
		L.RaiseError("math.randomseed is disabled: the game's seed drives every random draw")
		return 0
	}))
	// words(s) splits a move on spaces and returns the words: gopher-lua compiles a string pattern on
	// every call (tens of µs), so hooks should not parse moves with string.match.
	g.RawSetString("words", L.NewFunction(h.luaWords))
	// the libraries are shared by every game and bot of this host: read-only (readonly.go); string
	// methods ("x"):upper() read the real string table, which __metatable hides
	for name, t := range map[string]*lua.LTable{"string": strT, "table": tabT, "math": mathT} {
		g.RawSetString(name, h.protect(t, name))
	}
	if smeta, ok := L.GetMetatable(lua.LString("")).(*lua.LTable); ok {
		smeta.RawSetString("__metatable", lua.LFalse)
	}
	for i := 0; i <= 256; i++ {
		h.intVals = append(h.intVals, lua.LNumber(i))
	}
	L.SetContext(&h.work)
	useBudgetLoop(L)
	register(h)
	return h
}

// Close frees the state.
func (h *Host) Close() {
	h.closeOnce.Do(func() {
		unregister(h)
		h.L.Close()
	})
}

// SetBudget sets the work budget of each hook call in milliseconds of work (limits.hook_millis): 0 or
// less means DefaultHookMillis, and it is capped at MaxHookMillis.
func (h *Host) SetBudget(millis int) {
	if millis <= 0 {
		millis = DefaultHookMillis
	}
	if millis > MaxHookMillis {
		millis = MaxHookMillis
	}
	if millis == h.millis {
		return
	}
	h.millis = millis
	h.budget = int64(millis) * WorkPerMilli
	h.backstop.Store(int64(backstop(millis)))
}

// BudgetMillis is the budget in force, in ms of work.
func (h *Host) BudgetMillis() int { return h.millis }

// backstop is the wall time a call may take whatever its work count (a hook that loops over slow Go
// calls): four times its budget, at least 10 s (so a legal hook on a loaded machine, or under the race
// detector, is never stopped by it), at most 40 s.
func backstop(millis int) time.Duration {
	d := 4 * time.Duration(millis) * time.Millisecond
	return min(max(d, 10*time.Second), 40*time.Second)
}

func (h *Host) luaRandom(L *lua.LState) int {
	var src interface {
		Float() float64
		Random(int) int
	}
	switch {
	case h.rand != nil:
		src = botRand{h.rand}
	case h.pure != "":
		L.RaiseError("math.random changes the game's generator: %s may only read the game", h.pure)
	case h.current != nil:
		src = gameRand{h.current, core.PurposeKey("hook", h.running)}
	default:
		L.RaiseError("math.random is only available while a game runs")
	}
	switch L.GetTop() {
	case 0:
		L.Push(lua.LNumber(src.Float()))
	case 1:
		n := L.CheckInt(1)
		if n < 1 {
			L.ArgError(1, "interval is empty")
		}
		L.Push(lua.LNumber(src.Random(n) + 1))
	default:
		lo, hi := L.CheckInt(1), L.CheckInt(2)
		if hi < lo {
			L.ArgError(2, "interval is empty")
		}
		if hi-lo+1 <= 0 || hi-lo+1 > maxExactInt {
			L.ArgError(2, "interval is too large")
		}
		L.Push(lua.LNumber(lo + src.Random(hi-lo+1)))
	}
	return 1
}

// call runs fn with args under the budget and returns its first result; errors name the hook.
func (h *Host) call(hook string, fn *lua.LFunction, nret int, args ...lua.LValue) error {
	L := h.L
	L.Push(fn)
	for _, a := range args {
		L.Push(a)
	}
	start := time.Now()
	outer := h.running
	if outer == "" {
		h.seq++
		h.work.seq, h.work.left = h.seq, h.budget
		h.busySeq.Store(h.seq)
		h.busyProto.Store(uintptr(unsafe.Pointer(fn.Proto)))
		h.busySince.Store(start.UnixNano())
	}
	h.running = hook
	left := h.work.left
	err := L.PCall(len(args), nret, nil)
	h.running = outer
	if outer == "" {
		h.busySince.Store(0)
		h.busySeq.Store(0)
	}
	if h.Profile != nil {
		c := h.Profile[hook]
		if c == nil {
			c = &HookCost{}
			h.Profile[hook] = c
		}
		c.Calls++
		c.Time += time.Since(start)
		c.Work += left - h.work.left
	}
	if err == nil {
		return nil
	}
	return h.hookError(hook, err)
}

func (h *Host) hookError(hook string, err error) error {
	if h.running == "" {
		if msg := h.stopped(hook); msg != "" {
			h.L.SetTop(0)
			return &LimitError{Hook: hook, Msg: msg}
		}
	} else if h.work.left < 0 || h.work.stop.Load() != 0 {
		// a nested call: the outermost reports it
		return err
	}
	var apiErr *lua.ApiError
	msg := err.Error()
	if errors.As(err, &apiErr) {
		msg = apiErr.Object.String()
	}
	if i := strings.Index(msg, "\nstack traceback:"); i >= 0 {
		msg = msg[:i]
	}
	return &HookError{Hook: hook, Msg: strings.TrimSpace(msg)}
}

// stopped says why the call that just ended was stopped ("" if it was not) and clears the stop.
func (h *Host) stopped(hook string) string {
	s := h.work.stop.Load()
	switch {
	case s == stopAll:
		return "the run was interrupted"
	case s != 0 && s>>3 == h.seq:
		h.work.stop.CompareAndSwap(s, 0)
		switch int32(s & 7) {
		case stopTime:
			return fmt.Sprintf("it ran longer than %v (limits.hook_millis %d ms of work; slow calls into the engine?)", backstop(h.millis), h.millis)
		case stopMemory:
			return fmt.Sprintf("the heap passed %d MiB while it ran (a hook may not hold that much memory)", maxHeap.Load()>>20)
		}
	case h.work.left < 0:
		return fmt.Sprintf("it did more than %d ms of work (limits.hook_millis; %d Lua instructions): an endless loop?", h.millis, h.budget)
	}
	return ""
}

// LimitError is a hook stopped by a limit: its work budget, its wall-time backstop, the heap, or an
// interrupted run.
type LimitError struct {
	Hook string
	Msg  string
}

func (e *LimitError) Error() string { return fmt.Sprintf("hook %s was stopped: %s", e.Hook, e.Msg) }

// EndsSearch tells a search (package search) that a hook stopped by a limit would be stopped again in
// every iteration: the search fails at once, naming the hook, instead of retrying it.
func (e *LimitError) EndsSearch() bool { return true }

// HookCost is the measured cost of one hook: its calls, their time and the units of work they spent
// (its Lua instructions and what the library charged, as the budget counts them: the machine's load
// does not change it). A call made while another runs is counted in both.
type HookCost struct {
	Calls int
	Time  time.Duration
	Work  int64
}

// HookError is a Lua error raised inside a hook.
type HookError struct {
	Hook string
	Msg  string
}

// Error is the hook's name and the Lua error's text, its control characters escaped: a rule file's
// error message may not send escape sequences to the terminal that prints it.
func (e *HookError) Error() string { return fmt.Sprintf("hook %s: %s", e.Hook, textsafe.Escape(e.Msg)) }

func (h *Host) int(i int) lua.LValue {
	if i >= 0 && i < len(h.intVals) {
		return h.intVals[i]
	}
	return lua.LNumber(i)
}

type botRand struct{ r *rand.Rand }

// gameRand is math.random in a rules hook: the running hook's stream, as g:random without a purpose.
type gameRand struct {
	s   *core.State
	key uint64
}

func (r gameRand) Float() float64   { return r.s.Handle().FloatFor(r.key) }
func (r gameRand) Random(n int) int { return r.s.Handle().RandomFor(r.key, n) }

func (b botRand) Float() float64 { return b.r.Float64() }
func (b botRand) Random(n int) int {
	if n < 1 {
		return 0
	}
	return b.r.IntN(n)
}

// freeze makes a rules environment read-only once its scripts are loaded: one engine runs every game
// of a worker, so a hook that assigned a global would change the games after it. Assigning a new global
// is stopped with the hook's name. (Reassigning a global the scripts defined cannot be caught this way;
// the bundled scripts keep state only in g.)
func (h *Host) freeze(env *lua.LTable) {
	meta, _ := h.L.GetMetatable(env).(*lua.LTable)
	if meta == nil {
		meta = h.L.CreateTable(0, 2)
		meta.RawSetString("__index", h.globals)
		h.L.SetMetatable(env, meta)
	}
	meta.RawSetString("__newindex", h.L.NewFunction(func(L *lua.LState) int {
		L.RaiseError("assigns the global `%s`: rules keep no state in Lua globals (use a local, or g:set to keep it in the game)", L.Get(2).String())
		return 0
	}))
}
