package scripting

import (
	"fmt"
	"slices"
	"strings"

	lua "github.com/yuin/gopher-lua"

	"github.com/ruleslab/ruleslab/core"
)

// gHandle is what an engine's `g` stands for: the state a hook acts on (bound per call) and the engine.
type gHandle struct {
	s *core.State
	r *Engine
	// pure names the running hook when it may not change the game (can_play, normalize)
	pure string
	// zones remembers the zones hooks name (zoneArg)
	zones zoneNames
	// table is the Lua g (newG)
	table *lua.LTable
}

// mutators are the g methods that change the game: a pure hook may not call them.
var mutators = []string{"move", "move_top", "move_all", "shuffle", "sort", "set", "sset", "add_score", "stat",
	"ask", "start_trick", "event", "round_end", "finish", "random", "chance", "board_place", "board_clear"}

// newG makes an engine's g: a table that holds every method itself, so `g:name(...)` finds it with
// one table read (through a userdata's metatable it took two: about 5% of a move). A method finds the
// handle of the engine whose hook runs (Engine.bind) and checks it was called on that g (handle). A
// hook cannot add a field (__newindex), reach the metatable, or rawset g; a write over a method
// through an alias of g (the static check refuses `g.name = ...`) is found at the end of the game,
// which fails (checkMethods).
func (h *Host) newG(g *gHandle) {
	funcs := h.gFuncs()
	t := h.L.CreateTable(0, len(funcs))
	for _, m := range funcs {
		t.RawSetString(m.name, m.fn)
	}
	t.Metatable = h.gMeta()
	g.table = t
}

// namedFunc is one of g's methods.
type namedFunc struct {
	name string
	fn   *lua.LFunction
}

// gFuncs are g's methods by name, made once per host: a mutator refuses to run in a pure hook.
func (h *Host) gFuncs() []namedFunc {
	if h.gfuncs != nil {
		return h.gfuncs
	}
	for _, name := range sortedMethods(gMethods) {
		fn := gMethods[name]
		if slices.Contains(mutators, name) {
			fn = h.refusedToPureHooks(name, fn)
		}
		h.gfuncs = append(h.gfuncs, namedFunc{name, h.L.NewFunction(fn)})
	}
	return h.gfuncs
}

// refusedToPureHooks wraps a mutator: the host's pure flag is the running hook's (Engine.pure sets
// both); reading it here costs less than unwrapping g twice, and the method unwraps (and checks) g.
func (h *Host) refusedToPureHooks(name string, fn lua.LGFunction) lua.LGFunction {
	return func(L *lua.LState) int {
		if h.pure != "" {
			L.RaiseError("g:%s changes the game: %s may only read it", name, h.pure)
		}
		return fn(L)
	}
}

// gMeta is the metatable of every g of the host: a name g does not have is named, a new field is
// refused, and the metatable is hidden (it is shared by every engine of the host). Marked read-only
// (roMarker, named g), g is refused to rawset and the table library as the other read-only tables are.
func (h *Host) gMeta() *lua.LTable {
	if h.gmeta != nil {
		return h.gmeta
	}
	L := h.L
	meta := L.CreateTable(0, 5)
	meta.RawSetString("__index", L.NewFunction(func(L *lua.LState) int {
		L.RaiseError("g has no method %q (see docs/authoring.md for the g API)", L.Get(2).String())
		return 0
	}))
	meta.RawSetString("__newindex", L.NewFunction(func(L *lua.LState) int {
		L.RaiseError("g is read-only: keep game state in zones and values (g:set), not in fields of g")
		return 0
	}))
	meta.RawSetString("__metatable", lua.LFalse)
	meta.RawSetString("__ro", roMarker)
	meta.RawSetString("__name", lua.LString("g"))
	h.gmeta = meta
	return meta
}

// handle is the g a method was called on (argument 1): the running engine's, provided argument 1 is
// that g (`g.count("hand")` passes a string).
func handle(L *lua.LState) *gHandle {
	if c, ok := L.Context().(*workCtx); ok {
		if g := c.host.g; g != nil && L.Get(1) == lua.LValue(g.table) {
			return g
		}
	}
	L.ArgError(1, fmt.Sprintf("expected g, got %s: call methods as g:name(...)", L.Get(1).Type()))
	return nil
}

// checkMethods reports the methods of g a hook replaced (through an alias of g: the static check
// refuses `g.name = ...` and rawset refuses g) and puts them back: the next game starts with g whole.
func (g *gHandle) checkMethods() error {
	var replaced []string
	for _, m := range g.r.h.gFuncs() {
		if g.table.RawGetString(m.name) != lua.LValue(m.fn) {
			replaced = append(replaced, m.name)
			g.table.RawSetString(m.name, m.fn)
		}
	}
	if len(replaced) > 0 {
		return fmt.Errorf("a hook replaced g.%s: g is read-only (keep game state in zones and values: g:set)", strings.Join(replaced, ", g."))
	}
	return nil
}

// stream is the random stream a draw comes from (core/random.go): the purpose named by argument i, or
// else the running hook's, so a draw for one purpose never shifts another (common random numbers).
func (g *gHandle) stream(L *lua.LState, i int) uint64 {
	if L.GetTop() >= i && L.Get(i) != lua.LNil {
		purpose := L.CheckString(i)
		if purpose == "" {
			L.ArgError(i, "a purpose names its stream: it may not be empty")
		}
		return core.PurposeKey("purpose", purpose)
	}
	return core.PurposeKey("hook", g.r.h.running)
}

// must raises a Lua error for a Go error, so the message carries the script position.
func must(L *lua.LState, err error) {
	if err != nil {
		L.RaiseError("%s", err.Error())
	}
}

func optSeat(L *lua.LState, n int) int {
	v := L.Get(n)
	if v == lua.LNil {
		return -1
	}
	i, ok := toInt(v)
	if !ok {
		L.ArgError(n, "expected a seat number")
	}
	return i
}

// gMethods is the g API, defined by concept next to its helpers: game facts (api_facts.go), zones
// (api_zones.go), values (api_values.go), decisions and flow (api_flow.go), boards (board_api.go).
var gMethods = joinMethods(gFactMethods, gZoneMethods, gValueMethods, gFlowMethods, boardMethods)

// registerMethod adds a g method defined in its own file (a generic mechanic: api_<concept>.go),
// from that file's init; mutates says it changes the game, so a pure hook may not call it.
func registerMethod(name string, mutates bool, fn lua.LGFunction) {
	if _, dup := gMethods[name]; dup {
		panic("g method " + name + " is defined twice")
	}
	gMethods[name] = fn
	if mutates {
		mutators = append(mutators, name)
	}
}

// joinMethods merges method tables into one; a name defined twice is a programming error.
func joinMethods(parts ...map[string]lua.LGFunction) map[string]lua.LGFunction {
	all := map[string]lua.LGFunction{}
	for _, part := range parts {
		for name, fn := range part {
			if _, dup := all[name]; dup {
				panic("g method " + name + " is defined twice")
			}
			all[name] = fn
		}
	}
	return all
}

func checkSeat(L *lua.LState, g *gHandle, n int) int {
	i, ok := toInt(L.Get(n))
	if !ok || i < 0 || i >= g.s.Players {
		L.ArgError(n, fmt.Sprintf("expected a seat 0..%d, got %s", g.s.Players-1, L.Get(n).String()))
	}
	return i
}
