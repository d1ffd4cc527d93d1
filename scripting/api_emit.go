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
	if !g.s.KeepsHistory() {
		// nothing keeps the event: only its size counts (against the log's limit), so plain fields
		// are measured where they lie instead of converted
		if size, ok := plainFieldsSize(L, top, e.Type == "trick"); ok {
			must(L, g.s.Log(e, size))
			return 0
		}
	}
	e.Fields = emitFields(L, top)
	logEvent(L, g, e)
	return 0
}

// emitFields converts g:emit's name, value pairs (arguments 4..top) into an event's fields.
func emitFields(L *lua.LState, top int) map[string]any {
	fields := make(map[string]any, (top-3)/2)
	for i := 4; i < top; i += 2 {
		name := L.CheckString(i)
		if _, twice := fields[name]; twice {
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
		fields[name] = f
	}
	return fields
}

// logEvent logs an event whose fields are converted, as g:event and g:emit do.
func logEvent(L *lua.LState, g *gHandle, e core.Event) {
	liftSeat(&e)
	liftEventFields(&e)
	must(L, g.s.Log(e, sizeOf(e.Fields)))
}

// liftSeat makes a number field seat the event's seat.
func liftSeat(e *core.Event) {
	if seat, ok := e.Fields["seat"].(float64); ok {
		e.Seat = int(seat)
		delete(e.Fields, "seat")
	}
}

// plainFieldsSize is the size sizeOf gives the fields g:emit would log from arguments 4..top (logEvent:
// a number "seat" lifted out, and in a trick event (trick) a whole-number winner with a list of card
// ids, and then a string how, lifted into the event's own fields; a nil field left out), when every
// value is a finite number, a string, a boolean or a non-empty list of them and no name comes twice;
// ok is false otherwise (the fields are converted, which checks and counts everything else).
func plainFieldsSize(L *lua.LState, top int, trick bool) (size int, ok bool) {
	lifted := trick && liftsTrick(L, top)
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
		v := L.Get(i + 1)
		n, plain := plainSize(v)
		if !plain {
			return 0, false
		}
		_, isNumber := v.(lua.LNumber)
		_, isString := v.(lua.LString)
		switch {
		case v == lua.LNil, name == "seat" && isNumber:
		case lifted && (name == "winner" || name == "cards" || name == "how" && isString):
		default:
			size += 16 + len(name) + n
		}
	}
	return size, true
}

// plainSize is sizeOf of what toGo makes of v when v is nil, a finite number, a string, a boolean or
// a non-empty list of those but nil; ok is false for anything else.
func plainSize(v lua.LValue) (size int, ok bool) {
	switch x := v.(type) {
	case *lua.LNilType:
		return 0, true
	case *lua.LTable:
		t := raw(x)
		n := t.Len()
		if n == 0 {
			return 0, false // an empty table converts to an empty list or a map
		}
		size = 24
		for i := 1; i <= n; i++ {
			e := t.RawGetInt(i)
			if e == lua.LNil {
				return 0, false
			}
			es, ok := plainSize(e)
			if _, isTable := e.(*lua.LTable); isTable || !ok {
				return 0, false
			}
			size += es
		}
		return size, true
	case lua.LNumber:
		return 16, finite(float64(x))
	case lua.LBool:
		return 16, true
	case lua.LString:
		return 16 + len(x), true
	}
	return 0, false
}

// liftsTrick reports whether liftEventFields lifts a trick event's winner and cards out of the fields
// g:emit gives in arguments 4..top: a whole-number winner and a non-empty list of strings.
func liftsTrick(L *lua.LState, top int) bool {
	winner, cards := false, false
	for i := 4; i < top; i += 2 {
		switch L.Get(i) {
		case lua.LString("winner"):
			w, ok := L.Get(i + 1).(lua.LNumber)
			winner = ok && float64(w) == float64(int(w))
		case lua.LString("cards"):
			cards = isStringList(L.Get(i + 1))
		}
	}
	return winner && cards
}

// isStringList reports whether v is a non-empty list of strings.
func isStringList(v lua.LValue) bool {
	t, ok := v.(*lua.LTable)
	if !ok {
		return false
	}
	t = raw(t)
	n := t.Len()
	for i := 1; i <= n; i++ {
		if _, ok := t.RawGetInt(i).(lua.LString); !ok {
			return false
		}
	}
	return n > 0
}
