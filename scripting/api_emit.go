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
	if !g.s.KeepsHistory() && e.Type != "trick" {
		// nothing keeps the event: only its size counts (against the log's limit), so plain fields
		// are measured where they lie instead of converted
		if size, ok := plainFieldsSize(L, top); ok {
			must(L, g.s.Log(e, size))
			return 0
		}
	}
	e.Fields = make(map[string]any, (top-3)/2)
	for i := 4; i < top; i += 2 {
		name := L.CheckString(i)
		if _, twice := e.Fields[name]; twice {
			L.ArgError(i, "field "+name+" is given twice")
		}
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
	logEvent(L, g, e)
	return 0
}

// logEvent logs an event whose fields are converted, as g:event and g:emit do: a seat field is the
// event's seat, and a trick's winner and cards fill its own fields.
func logEvent(L *lua.LState, g *gHandle, e core.Event) {
	if seat, ok := e.Fields["seat"].(float64); ok {
		e.Seat = int(seat)
		delete(e.Fields, "seat")
	}
	liftEventFields(&e)
	must(L, g.s.Log(e, sizeOf(e.Fields)))
}

// plainFieldsSize is the size sizeOf gives the fields map g:emit would build from arguments 4..top, a
// number "seat" lifted out of it (a nil field is left out), when every value is a finite number, a
// string or a boolean and no name comes twice; ok is false otherwise (the map is built, which checks
// and counts everything else).
func plainFieldsSize(L *lua.LState, top int) (size int, ok bool) {
	size = 48
	for i := 4; i < top; i += 2 {
		name, isName := L.Get(i).(lua.LString)
		if !isName {
			return 0, false
		}
		for j := 4; j < i; j += 2 {
			if L.Get(j) == name {
				return 0, false
			}
		}
		switch v := L.Get(i + 1).(type) {
		case *lua.LNilType:
		case lua.LNumber:
			if !finite(float64(v)) {
				return 0, false
			}
			if name != "seat" {
				size += 16 + len(name) + 16
			}
		case lua.LBool:
			size += 16 + len(name) + 16
		case lua.LString:
			size += 16 + len(name) + 16 + len(v)
		default:
			return 0, false
		}
	}
	return size, true
}
