package scripting

import (
	"fmt"
	"os"
	"strings"
	"sync/atomic"

	lua "github.com/yuin/gopher-lua"

	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/core/textsafe"
)

// debug makes g:log print to stderr: one switch for every host of the process (the command line's
// --debug), safe to set while hosts run.
var debug atomic.Bool

// SetDebug turns g:log's printing to stderr on or off.
func SetDebug(on bool) { debug.Store(on) }

func intList(L *lua.LState, n int, players int, what string) []int {
	t := raw(L.CheckTable(n))
	var out []int
	for i := 1; i <= t.Len(); i++ {
		v, ok := toInt(t.RawGetInt(i))
		if !ok {
			L.ArgError(n, what+" must be a list of integers")
		}
		out = append(out, v)
	}
	return out
}

// gFlowMethods are the g methods on decisions and the flow of the game: asks, tricks, events, the end.
var gFlowMethods = map[string]lua.LGFunction{
	"ask": func(L *lua.LState) int {
		g := handle(L)
		seat := checkSeat(L, g, 2)
		t, h := L.CheckTable(3), g.s.Handle()
		if _, proxy := t.Metatable.(*lua.LTable); !proxy {
			// a list built for this decision: its strings read into the state's own room, no list
			// allocated per decision (a frozen list is read once and shared: movesOf)
			must(L, h.AskBuilt(seat, appendMoves(L, h.LegalRoom(), t, 3)))
			return 0
		}
		must(L, h.Ask(seat, movesOf(L, t, 3)))
		return 0
	},
	"start_trick": func(L *lua.LState) int {
		g := handle(L)
		must(L, g.s.Handle().StartTrick(checkSeat(L, g, 2)))
		return 0
	},
	"event": func(L *lua.LState) int {
		g := handle(L)
		if g.s.Playout() {
			return 0 // a search's playout keeps no events
		}
		e := core.Event{Type: L.CheckString(2), Seat: -1, Vis: visArg(L, g, 4, -1)}
		// converted (and so checked) even when no log is kept, so a game fails the same with or without
		// --log; State.Log then keeps it only when the state keeps its history
		e.Fields = eventFields(L, 3)
		logEvent(L, g, e)
		return 0
	},
	"round_end": func(L *lua.LState) int {
		g := handle(L)
		round, ok := toInt(L.Get(2))
		if !ok {
			L.ArgError(2, "expected a round number")
		}
		scores := intList(L, 3, g.s.Players, "scores")
		var fields map[string]any
		if !g.s.Playout() { // a search's playout keeps no events
			fields = roundEndFields(L)
		}
		must(L, g.s.Handle().RoundEnd(round, scores, fields, sizeOf(fields)))
		return 0
	},
	"finish": func(L *lua.LState) int {
		g := handle(L)
		winners := intList(L, 2, g.s.Players, "winners")
		for i, w := range winners {
			if w < 0 || w >= g.s.Players {
				L.ArgError(2, fmt.Sprintf("winners: no seat %d (seats are 0..%d)", w, g.s.Players-1))
			}
			for _, o := range winners[:i] {
				if o == w {
					L.ArgError(2, fmt.Sprintf("winners: seat %d is listed twice", w))
				}
			}
		}
		g.s.Finish(winners)
		return 0
	},
	"to_act": func(L *lua.LState) int { g := handle(L); L.Push(g.r.h.int(g.s.ToAct())); return 1 },
	"log": func(L *lua.LState) int {
		if debug.Load() {
			var parts []string
			for i := 2; i <= L.GetTop(); i++ {
				parts = append(parts, L.Get(i).String())
			}
			fmt.Fprintln(os.Stderr, "lua:", textsafe.Escape(strings.Join(parts, " ")))
		}
		return 0
	},
}

// roundEndFields converts g:round_end's fields: a table (argument 4), or name, value pairs from
// argument 4 on as g:emit takes them (no table built for a round's facts).
func roundEndFields(L *lua.LState) map[string]any {
	if _, pairs := L.Get(4).(lua.LString); !pairs {
		return eventFields(L, 4)
	}
	top := L.GetTop()
	if (top-3)%2 != 0 {
		L.ArgError(top, "round_end fields come in pairs: a name, then its value")
	}
	return emitFields(L, top)
}

// eventFields converts the event fields table at argument i (nil when none is given) to Go values,
// raising the argument's error for a value an event cannot hold.
func eventFields(L *lua.LState, i int) map[string]any {
	t, ok := L.Get(i).(*lua.LTable)
	if !ok {
		return nil
	}
	fields := map[string]any{}
	var err error
	forEach(raw(t), func(k, v lua.LValue) {
		if err == nil {
			fields[k.String()], err = toGo(v)
			if err != nil {
				err = fmt.Errorf("field %s: %v", k.String(), err)
			}
		}
	})
	if err != nil {
		L.ArgError(i, err.Error())
	}
	return fields
}
