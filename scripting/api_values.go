package scripting

import (
	"fmt"

	lua "github.com/yuin/gopher-lua"

	"github.com/ruleslab/ruleslab/core"
)

func visArg(L *lua.LState, g *gHandle, n int, seat int) core.Vis {
	v := L.Get(n)
	switch x := v.(type) {
	case *lua.LNilType:
		return core.VisPublic
	case lua.LString:
		switch string(x) {
		case "public":
			return core.VisPublic
		case "hidden":
			return core.VisHidden
		case "owner":
			if seat >= 0 {
				return core.SeatVis(seat)
			}
		}
	case lua.LNumber:
		if i, ok := toInt(x); ok && i >= 0 && i < g.s.Players {
			return core.SeatVis(i)
		}
		L.ArgError(n, fmt.Sprintf("visibility: no seat %s (seats are 0..%d)", x.String(), g.s.Players-1))
	}
	L.ArgError(n, `expected "public", "hidden", "owner" or a seat number`)
	return core.VisPublic
}

func plainArg(L *lua.LState, n int, vis core.Vis) core.Value {
	var out core.Value
	lv := L.Get(n)
	switch x := lv.(type) {
	case lua.LNumber:
		if !finite(float64(x)) {
			L.ArgError(n, fmt.Sprintf("values must be finite numbers, not %s", x.String()))
		}
		out = core.NumberValue(float64(x))
	case lua.LString:
		out = core.StringValue(string(x))
	case lua.LBool:
		out = core.BoolOf(bool(x))
	case *lua.LNilType:
	default:
		L.ArgError(n, "values must be numbers, strings or booleans")
	}
	out.Vis = vis
	if out.Kind != core.NilValue {
		out.Script = lv
	}
	return out
}

// valueLua converts a stored value for Lua.
func (h *Host) valueLua(v core.Value) lua.LValue {
	if lv, ok := v.Script.(lua.LValue); ok {
		return lv
	}
	switch v.Kind {
	case core.NumValue:
		if i := int(v.Num); float64(i) == v.Num {
			return h.int(i)
		}
		return lua.LNumber(v.Num)
	case core.StrValue:
		return lua.LString(v.Str)
	case core.BoolValue:
		return lua.LBool(v.Num != 0)
	}
	return lua.LNil
}

// gValueMethods are the g methods on values, scores, statistics and memos.
var gValueMethods = map[string]lua.LGFunction{
	"memo": func(L *lua.LState) int {
		// a value computed from the program alone (params, hooks), kept for every later game of this
		// program on this host, so a costly pure computation runs once per worker, not once per game
		g := handle(L)
		key := L.CheckString(2)
		d := g.r.data
		if L.GetTop() >= 3 {
			v := L.Get(3)
			if !memoable(v, 0) {
				L.ArgError(3, "memo values must be numbers, strings, booleans or tables of them (no cycles)")
			}
			if t, ok := v.(*lua.LTable); ok {
				// shared by every later game: read-only from now on, the hook's own table included
				v = freezeInPlace(g.r.h, t, "memo "+key)
			}
			if d.memo == nil {
				d.memo = map[string]lua.LValue{}
			}
			d.memo[key] = v
			L.Push(v)
			return 1
		}
		if v, ok := d.memo[key]; ok {
			L.Push(v)
		} else {
			L.Push(lua.LNil)
		}
		return 1
	},
	"get": func(L *lua.LState) int {
		g := handle(L)
		// g:get("a", "b", ...) returns several values in one call
		n := L.GetTop()
		for i := 2; i <= n; i++ {
			v, _ := g.s.Handle().Get(L.CheckString(i))
			L.Push(g.r.h.valueLua(v))
		}
		return n - 1
	},
	"set": func(L *lua.LState) int {
		g := handle(L)
		must(L, g.s.Handle().Set(L.CheckString(2), plainArg(L, 3, visArg(L, g, 4, -1))))
		return 0
	},
	"sget": func(L *lua.LState) int {
		g := handle(L)
		seat := checkSeat(L, g, 2)
		v, _ := g.s.Handle().SeatGet(seat, L.CheckString(3))
		L.Push(g.r.h.valueLua(v))
		return 1
	},
	"sset": func(L *lua.LState) int {
		g := handle(L)
		seat := checkSeat(L, g, 2)
		must(L, g.s.Handle().SeatSet(seat, L.CheckString(3), plainArg(L, 4, visArg(L, g, 5, seat))))
		return 0
	},
	"score": func(L *lua.LState) int {
		g := handle(L)
		L.Push(g.r.h.int(g.s.Handle().Score(checkSeat(L, g, 2))))
		return 1
	},
	"add_score": func(L *lua.LState) int {
		g := handle(L)
		seat := checkSeat(L, g, 2)
		d, ok := toInt(L.Get(3))
		if !ok {
			L.ArgError(3, fmt.Sprintf("expected an integer score change, got %s", L.Get(3).String()))
		}
		if t := g.s.Handle().Score(seat) + d; t > maxExactInt || t < -maxExactInt {
			L.ArgError(3, fmt.Sprintf("seat %d's score would pass %d", seat, int64(maxExactInt)))
		}
		g.s.Handle().AddScore(seat, d)
		return 0
	},
	"stat": func(L *lua.LState) int {
		g := handle(L)
		seat, name := checkSeat(L, g, 2), L.CheckString(3)
		d := float64(L.OptNumber(4, 1))
		if !finite(d) {
			L.ArgError(4, fmt.Sprintf("statistic %s: expected a finite number, got %v", name, d))
		}
		if g.s.Playout() {
			return 0 // statistics are read only from played games
		}
		must(L, g.s.Handle().AddStat(seat, name, d))
		return 0
	},
}

// memoable says whether v may be kept by g:memo: a number, string or boolean, or a table of them
// nested at most maxMemoDepth deep (so no cycle, and no function that could reach a game).
func memoable(v lua.LValue, depth int) bool {
	switch v := v.(type) {
	case lua.LNumber, lua.LString, lua.LBool:
		return true
	case *lua.LTable:
		if depth >= maxMemoDepth || v.Metatable != lua.LNil {
			return false
		}
		ok := true
		v.ForEach(func(k, e lua.LValue) { ok = ok && memoable(k, maxMemoDepth) && memoable(e, depth+1) })
		return ok
	}
	return false
}

// maxMemoDepth bounds the nesting of a table g:memo keeps.
const maxMemoDepth = 8
