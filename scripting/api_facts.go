package scripting

import (
	lua "github.com/yuin/gopher-lua"
)

// gFactMethods are the g methods on game facts: seats, params, the catalogue, random draws, rule marks.
var gFactMethods = map[string]lua.LGFunction{
	"players": func(L *lua.LState) int { g := handle(L); L.Push(g.r.h.int(g.s.Players)); return 1 },
	"param": func(L *lua.LState) int {
		g := handle(L)
		L.Push(g.r.data.param(L, g.s.Game.Config, L.CheckString(2)))
		return 1
	},
	"fixed": func(L *lua.LState) int {
		g := handle(L)
		L.Push(toLua(L, g.s.Fixed[L.CheckString(2)]))
		return 1
	},
	"card": func(L *lua.LState) int {
		g := handle(L)
		L.Push(g.r.data.cardIdx.RawGetString(L.CheckString(2)))
		return 1
	},
	"is_card": func(L *lua.LState) int {
		g := handle(L)
		L.Push(lua.LBool(g.s.Game.Catalog.Has(L.CheckString(2))))
		return 1
	},
	"random": func(L *lua.LState) int {
		g := handle(L)
		n := L.CheckInt(2)
		if n < 1 {
			L.ArgError(2, "n must be at least 1")
		}
		L.Push(lua.LNumber(g.s.Handle().RandomFor(g.stream(L, 3), n) + 1))
		return 1
	},
	// g:rule(id, ...) marks rules that fired: several ids in one call cost one call (marks sit on the
	// hot path of every game, where a call into Go is most of their cost)
	"rule": func(L *lua.LState) int {
		s := handle(L).s
		if s.Playout() {
			return 0 // no coverage is counted in a search's playout
		}
		s.Handle().Rule(L.CheckString(2))
		for i := 3; i <= L.GetTop(); i++ {
			s.Handle().Rule(L.CheckString(i))
		}
		return 0
	},
	"chance": func(L *lua.LState) int {
		g := handle(L)
		p := float64(L.CheckNumber(2))
		L.Push(lua.LBool(g.s.Handle().FloatFor(g.stream(L, 3)) < p))
		return 1
	},
}
