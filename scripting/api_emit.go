package scripting

import (
	"fmt"

	lua "github.com/yuin/gopher-lua"

	"github.com/ruleslab/ruleslab/core"
)

// g:emit(type, vis, name, value, ...) appends an event as g:event(type, {name = value, ...}, vis) does,
// its fields given as name, value pairs (vis nil: public): no Lua table is built for the fields. A
// hook that logs an event on every turn spends most of that event's cost building the table (gopher-lua
// gives a table a hash map at its first string key), so the per-turn events of a game go here.
func init() {
	gMethods["emit"] = gEmit
	mutators = append(mutators, "emit")
}

func gEmit(L *lua.LState) int {
	g := handle(L)
	if g.s.Playout() {
		return 0 // a search's playout keeps no events
	}
	e := core.Event{Type: L.CheckString(2), Seat: -1, Vis: visArg(L, g, 3, -1)}
	top := L.GetTop()
	if top > 3 && (top-3)%2 != 0 {
		L.ArgError(top, "event fields come in pairs: a name, then its value")
	}
	e.Fields = make(map[string]any, (top-3)/2)
	for i := 4; i < top; i += 2 {
		name := L.CheckString(i)
		v := L.Get(i + 1)
		if v == lua.LNil {
			continue // as a table constructor leaves out a nil field
		}
		f, err := toGo(v)
		if err != nil {
			L.ArgError(i+1, fmt.Sprintf("field %s: %v", name, err))
		}
		e.Fields[name] = f
	}
	if seat, ok := e.Fields["seat"].(float64); ok {
		e.Seat = int(seat)
		delete(e.Fields, "seat")
	}
	liftEventFields(&e)
	must(L, g.s.Log(e, sizeOf(e.Fields)))
	return 0
}
