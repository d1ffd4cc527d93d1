package scripting

import (
	"fmt"

	lua "github.com/yuin/gopher-lua"

	"github.com/ruleslab/ruleslab/core"
)

// g:add(key, delta [, vis]) and g:sadd(seat, key, delta [, vis]) add delta to a number value (one not
// set counts as 0), store it with vis as g:set and g:sset do, and return the new value: a counter in
// one call into Go, not a g:get and a g:set.
func init() {
	gMethods["add"] = func(L *lua.LState) int {
		g := handle(L)
		key := L.CheckString(2)
		h := g.s.Handle()
		old, _ := h.Get(key)
		v := addedValue(L, g, old, key, 3, visArg(L, g, 4, -1))
		must(L, h.Set(key, v))
		L.Push(v.Script.(lua.LValue))
		return 1
	}
	gMethods["sadd"] = func(L *lua.LState) int {
		g := handle(L)
		seat := checkSeat(L, g, 2)
		key := L.CheckString(3)
		h := g.s.Handle()
		old, _ := h.SeatGet(seat, key)
		v := addedValue(L, g, old, key, 4, visArg(L, g, 5, seat))
		must(L, h.SeatSet(seat, key, v))
		L.Push(v.Script.(lua.LValue))
		return 1
	}
	mutators = append(mutators, "add", "sadd")
}

// addedValue is old plus the number argument n, with vis, and the Lua value it reads back as.
func addedValue(L *lua.LState, g *gHandle, old core.Value, key string, n int, vis core.Vis) core.Value {
	delta := float64(L.CheckNumber(n))
	if old.Kind != core.NumValue && old.Kind != core.NilValue {
		L.ArgError(n, fmt.Sprintf("value %s is not a number: it cannot be added to", key))
	}
	sum := old.Num + delta
	if !finite(sum) {
		L.ArgError(n, fmt.Sprintf("values must be finite numbers, not %v", sum))
	}
	v := core.NumberValue(sum)
	v.Vis = vis
	v.Script = g.r.h.valueLua(v)
	return v
}
