package scripting

import (
	"fmt"

	lua "github.com/yuin/gopher-lua"

	"github.com/ruleslab/ruleslab/core"
)

// An event logged on every move or trick pays for its fields table: a Lua table with string keys costs
// several allocations per key in gopher-lua (its map, its key list, each key boxed). g:event_pairs logs
// the same event from the fields given as arguments, so no table is built.

func init() { registerMethod("event_pairs", true, eventPairs) }

// eventPairs is g:event_pairs(type, vis, key, value, ...): the event g:event(type, {key = value, ...},
// vis) logs (vis nil: public). A nil value leaves its key out, as in a table.
func eventPairs(L *lua.LState) int {
	g := handle(L)
	if g.s.Playout() {
		return 0 // a search's playout keeps no events
	}
	e := core.Event{Type: L.CheckString(2), Seat: -1, Vis: visArg(L, g, 3, -1)}
	top := L.GetTop()
	if top > 3 {
		if (top-3)%2 != 0 {
			L.ArgError(top, "expected key, value pairs: the last key has no value")
		}
		e.Fields = make(map[string]any, (top-3)/2)
	}
	for i := 4; i < top; i += 2 {
		key := L.CheckString(i)
		if _, twice := e.Fields[key]; twice {
			L.ArgError(i, "field "+key+" is given twice")
		}
		v := L.Get(i + 1)
		if v == lua.LNil {
			continue
		}
		gv, err := toGo(v)
		if err != nil {
			L.ArgError(i+1, fmt.Sprintf("field %s: %v", key, err))
		}
		e.Fields[key] = gv
	}
	logEvent(L, g, e)
	return 0
}

// logEvent logs an event whose fields are converted, as g:event does: a seat field is the event's seat,
// and a trick's winner and cards fill its own fields. (g:event in api_flow.go ends with the same lines
// and can call this instead.)
func logEvent(L *lua.LState, g *gHandle, e core.Event) {
	if seat, ok := e.Fields["seat"].(float64); ok {
		e.Seat = int(seat)
		delete(e.Fields, "seat")
	}
	liftEventFields(&e)
	must(L, g.s.Log(e, sizeOf(e.Fields)))
}
