package scripting

import (
	"fmt"

	lua "github.com/yuin/gopher-lua"

	"github.com/ruleslab/ruleslab/core"
)

// gHandle is what the Lua `g` userdata holds: the state a hook acts on (bound per call) and the engine.
type gHandle struct {
	s *core.State
	r *Engine
	// pure names the running hook when it may not change the game (can_play, normalize)
	pure string
	// zones remembers the zones hooks name (zoneArg)
	zones zoneNames
}

// mutators are the g methods that change the game: a pure hook may not call them.
var mutators = []string{"move", "move_top", "move_all", "shuffle", "sort", "set", "sset", "add_score", "stat",
	"ask", "start_trick", "event", "round_end", "finish", "random", "chance", "board_place", "board_clear"}

func (h *Host) gMeta() *lua.LTable {
	if h.gmeta != nil {
		return h.gmeta
	}
	L := h.L
	methods := L.SetFuncs(L.NewTable(), gMethods)
	for _, name := range mutators {
		fn, name := gMethods[name], name
		// the host's pure flag is the running hook's (Engine.pure sets both): reading it here costs
		// less than unwrapping g twice, and the method unwraps (and checks) g itself
		methods.RawSetString(name, L.NewFunction(func(L *lua.LState) int {
			if h.pure != "" {
				L.RaiseError("g:%s changes the game: %s may only read it", name, h.pure)
			}
			return fn(L)
		}))
	}
	// a method g does not have is named (known methods are found in the table, at no extra cost)
	missing := L.CreateTable(0, 1)
	missing.RawSetString("__index", L.NewFunction(func(L *lua.LState) int {
		L.RaiseError("g has no method %q (see docs/authoring.md for the g API)", L.Get(2).String())
		return 0
	}))
	L.SetMetatable(methods, missing)
	meta := L.NewTable()
	meta.RawSetString("__index", methods)
	meta.RawSetString("__newindex", L.NewFunction(func(L *lua.LState) int {
		L.RaiseError("g is read-only: keep game state in zones and values (g:set), not in fields of g")
		return 0
	}))
	meta.RawSetString("__metatable", lua.LFalse) // the methods table is shared by every game
	h.gmeta = meta
	return meta
}

// handle is the g a method was called on (argument 1); every g: call unwraps it, so the common case
// is two type assertions and the checks' messages are kept for the rest.
func handle(L *lua.LState) *gHandle {
	if ud, ok := L.Get(1).(*lua.LUserData); ok {
		if g, ok := ud.Value.(*gHandle); ok {
			return g
		}
		L.ArgError(1, "expected g (call methods as g:name(...))")
	}
	L.CheckUserData(1) // raises the type error
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
