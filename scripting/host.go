package scripting

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime/metrics"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	lua "github.com/yuin/gopher-lua"

	"ruleslab/core"
)

// DefaultHookBudget is the wall time one hook call may take before it is stopped.
const DefaultHookBudget = 2 * time.Second

// MaxHeapBytes stops a hook when the process heap grows past this while it runs.
const MaxHeapBytes = 2 << 30

// Host is one sandboxed Lua state. It is not safe for concurrent use: give each worker its own.
type Host struct {
	L       *lua.LState
	globals *lua.LTable // the sandboxed library table every game environment reads through

	// current is the state the running hook acts on; math.random draws from it unless a bot runs,
	// when rand is the bot's own generator.
	current *core.State
	rand    *rand.Rand

	ctx       context.Context
	cancel    context.CancelFunc
	busySince atomic.Int64
	budget    time.Duration
	overran   atomic.Int32 // 1: time, 2: memory
	stopWatch chan struct{}
	closeOnce sync.Once

	// Profile, when set, accumulates the wall time and calls of every hook (bench shows it).
	Profile map[string]*HookCost

	running string // the hook running now, for messages

	intVals   []lua.LValue // small integers, preboxed so hot calls do not allocate
	progs     map[*Program]*hostData
	gmeta     *lua.LTable
	factsMeta *lua.LTable
}

// NewHost creates a sandboxed state: base, table, string and math only; no io, os, require, load,
// loadstring, dofile, loadfile; math.random draws from the running game's seeded generator.
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
	h := &Host{L: L, globals: g, budget: DefaultHookBudget}
	mathT := g.RawGetString("math").(*lua.LTable)
	mathT.RawSetString("random", L.NewFunction(h.luaRandom))
	mathT.RawSetString("randomseed", L.NewFunction(func(L *lua.LState) int {
		L.RaiseError("math.randomseed is disabled: the game's seed drives every random draw")
		return 0
	}))
	// words(s) splits a move on spaces and returns the words: gopher-lua compiles a string pattern on
	// every call (tens of µs), so hooks should not parse moves with string.match.
	g.RawSetString("words", L.NewFunction(luaWords))
	for i := 0; i <= 256; i++ {
		h.intVals = append(h.intVals, lua.LNumber(i))
	}
	h.ctx, h.cancel = context.WithCancel(context.Background())
	L.SetContext(h.ctx)
	h.stopWatch = make(chan struct{})
	go h.watch()
	return h
}

// Close stops the watchdog and frees the state.
func (h *Host) Close() {
	h.closeOnce.Do(func() {
		close(h.stopWatch)
		h.cancel()
		h.L.Close()
	})
}

// watch stops a hook that runs past its budget or while the heap grows past MaxHeapBytes.
func (h *Host) watch() {
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	for {
		select {
		case <-h.stopWatch:
			return
		case <-tick.C:
		}
		since := h.busySince.Load()
		if since == 0 {
			continue
		}
		if time.Since(time.Unix(0, since)) > h.budget {
			h.overran.Store(1)
			h.cancel()
			continue
		}
		metrics.Read(sample)
		if sample[0].Value.Kind() == metrics.KindUint64 && sample[0].Value.Uint64() > MaxHeapBytes {
			h.overran.Store(2)
			h.cancel()
		}
	}
}

// SetBudget changes the per-hook time budget (0 keeps the default).
func (h *Host) SetBudget(d time.Duration) {
	if d > 0 {
		h.budget = d
	}
}

func (h *Host) luaRandom(L *lua.LState) int {
	var src interface {
		Float() float64
		Random(int) int
	}
	switch {
	case h.rand != nil:
		src = botRand{h.rand}
	case h.current != nil:
		src = h.current
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
	h.busySince.Store(start.UnixNano())
	outer := h.running
	h.running = hook
	err := L.PCall(len(args), nret, nil)
	h.running = outer
	h.busySince.Store(0)
	if h.Profile != nil {
		c := h.Profile[hook]
		if c == nil {
			c = &HookCost{}
			h.Profile[hook] = c
		}
		c.Calls++
		c.Time += time.Since(start)
	}
	if err == nil {
		return nil
	}
	return h.hookError(hook, err)
}

func (h *Host) hookError(hook string, err error) error {
	if why := h.overran.Swap(0); why != 0 || h.ctx.Err() != nil {
		h.ctx, h.cancel = context.WithCancel(context.Background())
		h.L.SetContext(h.ctx)
		h.L.SetTop(0)
		if why == 2 {
			return fmt.Errorf("hook %s was stopped: the heap grew past %d MiB", hook, MaxHeapBytes>>20)
		}
		return fmt.Errorf("hook %s was stopped: it ran longer than %v (an endless loop?)", hook, h.budget)
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

// HookCost is the measured cost of one hook.
type HookCost struct {
	Calls int
	Time  time.Duration
}

// HookError is a Lua error raised inside a hook.
type HookError struct {
	Hook string
	Msg  string
}

func (e *HookError) Error() string { return fmt.Sprintf("hook %s: %s", e.Hook, e.Msg) }

func (h *Host) int(i int) lua.LValue {
	if i >= 0 && i < len(h.intVals) {
		return h.intVals[i]
	}
	return lua.LNumber(i)
}

type botRand struct{ r *rand.Rand }

func (b botRand) Float() float64   { return b.r.Float64() }
func (b botRand) Random(n int) int { return b.r.IntN(n) }

func msDuration(ms int) time.Duration { return time.Duration(ms) * time.Millisecond }

func luaWords(L *lua.LState) int {
	s := L.CheckString(1)
	n := 0
	for _, w := range strings.Fields(s) {
		L.Push(lua.LString(w))
		n++
	}
	return n
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

// readOnly returns a table that reads through to t and refuses writes, naming what it is.
func (h *Host) readOnly(t *lua.LTable, name string) *lua.LTable {
	L := h.L
	proxy := L.CreateTable(0, 0)
	meta := L.CreateTable(0, 2)
	meta.RawSetString("__index", t)
	meta.RawSetString("__newindex", L.NewFunction(func(L *lua.LState) int {
		L.RaiseError("%s is read-only (assigning %s)", name, L.Get(2).String())
		return 0
	}))
	L.SetMetatable(proxy, meta)
	return proxy
}
