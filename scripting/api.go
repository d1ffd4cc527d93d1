package scripting

import (
	"fmt"
	"os"
	"strings"

	lua "github.com/yuin/gopher-lua"

	"github.com/ruleslab/ruleslab/core"
)

// gHandle is what the Lua `g` userdata holds: the state a hook acts on (bound per call) and the engine.
type gHandle struct {
	s *core.State
	r *Engine
	// pure names the running hook when it may not change the game (can_play, normalize)
	pure string
}

// mutators are the g methods that change the game: a pure hook may not call them.
var mutators = []string{"move", "move_top", "move_all", "shuffle", "sort", "set", "sset", "add_score", "stat",
	"ask", "start_trick", "event", "round_end", "finish", "random", "chance", "board_place", "board_clear"}

// Debug makes g:log print to stderr.
var Debug = false

func (h *Host) gMeta() *lua.LTable {
	if h.gmeta != nil {
		return h.gmeta
	}
	L := h.L
	methods := L.SetFuncs(L.NewTable(), gMethods)
	for _, name := range mutators {
		fn, name := gMethods[name], name
		methods.RawSetString(name, L.NewFunction(func(L *lua.LState) int {
			if g := handle(L); g.pure != "" {
				L.RaiseError("g:%s changes the game: %s may only read it", name, g.pure)
			}
			return fn(L)
		}))
	}
	// a method g does not have is named (known methods are found in the table, at no extra cost)
	missing := L.CreateTable(0, 1)
	missing.RawSetString("__index", L.NewFunction(func(L *lua.LState) int {
		L.RaiseError("g has no method %q (see scripting/API.md for the g API)", L.Get(2).String())
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

func handle(L *lua.LState) *gHandle {
	ud := L.CheckUserData(1)
	g, ok := ud.Value.(*gHandle)
	if !ok {
		L.ArgError(1, "expected g (call methods as g:name(...))")
	}
	return g
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

func zoneArg(L *lua.LState, g *gHandle, nameIdx, seatIdx int) core.ZoneRef {
	z, err := g.s.Zone(L.CheckString(nameIdx), optSeat(L, seatIdx))
	must(L, err)
	return z
}

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

func (g *gHandle) cardsTable(L *lua.LState, cards []core.CardIdx) *lua.LTable {
	t := L.CreateTable(len(cards), 0)
	for _, c := range cards {
		t.Append(g.r.data.cardStr[c])
	}
	return t
}

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

var gMethods = map[string]lua.LGFunction{
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
		L.Push(lua.LNumber(g.s.RandomFor(g.stream(L, 3), n) + 1))
		return 1
	},
	// g:rule(id, ...) marks rules that fired: several ids in one call cost one call (marks sit on the
	// hot path of every game, where a call into Go is most of their cost)
	"rule": func(L *lua.LState) int {
		s := handle(L).s
		s.Rule(L.CheckString(2))
		for i := 3; i <= L.GetTop(); i++ {
			s.Rule(L.CheckString(i))
		}
		return 0
	},
	"chance": func(L *lua.LState) int {
		g := handle(L)
		p := float64(L.CheckNumber(2))
		L.Push(lua.LBool(g.s.FloatFor(g.stream(L, 3)) < p))
		return 1
	},
	"cards": func(L *lua.LState) int {
		g := handle(L)
		L.Push(g.cardsTable(L, g.s.Cards(zoneArg(L, g, 2, 3))))
		return 1
	},
	"count": func(L *lua.LState) int {
		g := handle(L)
		L.Push(g.r.h.int(g.s.Count(zoneArg(L, g, 2, 3))))
		return 1
	},
	"has": func(L *lua.LState) int {
		g := handle(L)
		var z core.ZoneRef
		var id string
		if L.GetTop() >= 4 {
			z, id = zoneArg(L, g, 2, 3), L.CheckString(4)
		} else {
			z, id = zoneArg(L, g, 2, 99), L.CheckString(3)
		}
		L.Push(lua.LBool(g.s.Find(z, id) >= 0))
		return 1
	},
	"top": func(L *lua.LState) int {
		g := handle(L)
		cards := g.s.Cards(zoneArg(L, g, 2, 3))
		if len(cards) == 0 {
			L.Push(lua.LNil)
		} else {
			L.Push(g.r.data.cardStr[cards[len(cards)-1]])
		}
		return 1
	},
	"tally": func(L *lua.LState) int {
		g := handle(L)
		cards := g.s.Cards(zoneArg(L, g, 2, 3))
		keys := g.r.data.attrKeys(g.s.Game.Catalog, L.CheckString(4))
		// count in Go first: every Lua number stored is an allocation
		var distinct [8]string
		var counts [8]int
		n := 0
		var more map[string]int
	cards:
		for _, c := range cards {
			key := keys[c]
			if key == "" {
				continue
			}
			for i := 0; i < n; i++ {
				if distinct[i] == key {
					counts[i]++
					continue cards
				}
			}
			if n < len(distinct) {
				distinct[n], counts[n] = key, 1
				n++
				continue
			}
			if more == nil {
				more = map[string]int{}
			}
			more[key]++
		}
		if order, ok := L.Get(5).(*lua.LTable); ok {
			order = raw(order)
			// counts aligned with a list of values: an array, so Lua needs no string-keyed table
			t := L.CreateTable(order.Len(), 0)
			for j := 1; j <= order.Len(); j++ {
				want := lua.LVAsString(order.RawGetInt(j))
				c := more[want]
				for i := 0; i < n; i++ {
					if distinct[i] == want {
						c = counts[i]
					}
				}
				t.RawSetInt(j, lua.LNumber(c))
			}
			L.Push(t)
			return 1
		}
		t := L.CreateTable(0, n+len(more))
		for i := 0; i < n; i++ {
			t.RawSetString(distinct[i], lua.LNumber(counts[i]))
		}
		for k, v := range more {
			t.RawSetString(k, lua.LNumber(v))
		}
		L.Push(t)
		return 1
	},
	"memo": func(L *lua.LState) int {
		// a value computed from the program alone (params, hooks), kept for every later game of this
		// program on this host, so a costly pure computation runs once per worker, not once per game
		g := handle(L)
		key := L.CheckString(2)
		d := g.r.data
		if L.GetTop() >= 3 {
			v := L.Get(3)
			switch v.(type) {
			case lua.LNumber, lua.LString, lua.LBool:
			default:
				L.ArgError(3, "memo values must be numbers, strings or booleans")
			}
			if d.memo == nil {
				d.memo = map[string]lua.LValue{}
			}
			d.memo[key] = v
			return 0
		}
		if v, ok := d.memo[key]; ok {
			L.Push(v)
		} else {
			L.Push(lua.LNil)
		}
		return 1
	},
	"count_kind": func(L *lua.LState) int {
		g := handle(L)
		cards := g.s.Cards(zoneArg(L, g, 2, 3))
		kind := L.CheckString(4)
		n := 0
		for _, c := range cards {
			if g.s.Game.Catalog.Cards[c].Kind == kind {
				n++
			}
		}
		L.Push(lua.LNumber(n))
		return 1
	},
	"move": func(L *lua.LState) int {
		g := handle(L)
		id := L.CheckString(2)
		from, to := zoneArg(L, g, 3, 4), zoneArg(L, g, 5, 6)
		must(L, g.s.MoveCard(id, from, to))
		return 0
	},
	"move_top": func(L *lua.LState) int {
		g := handle(L)
		from, to := zoneArg(L, g, 2, 3), zoneArg(L, g, 4, 5)
		L.Push(lua.LNumber(g.s.MoveTop(from, to, L.OptInt(6, 1))))
		return 1
	},
	"move_all": func(L *lua.LState) int {
		g := handle(L)
		g.s.MoveAll(zoneArg(L, g, 2, 3), zoneArg(L, g, 4, 5))
		return 0
	},
	"shuffle": func(L *lua.LState) int {
		g := handle(L)
		g.s.Shuffle(zoneArg(L, g, 2, 3))
		return 0
	},
	"sort": func(L *lua.LState) int {
		g := handle(L)
		g.s.Sort(zoneArg(L, g, 2, 3))
		return 0
	},
	"get": func(L *lua.LState) int {
		g := handle(L)
		// g:get("a", "b", ...) returns several values in one call
		n := L.GetTop()
		for i := 2; i <= n; i++ {
			v, _ := g.s.Get(L.CheckString(i))
			L.Push(g.r.h.valueLua(v))
		}
		return n - 1
	},
	"set": func(L *lua.LState) int {
		g := handle(L)
		must(L, g.s.Set(L.CheckString(2), plainArg(L, 3, visArg(L, g, 4, -1))))
		return 0
	},
	"sget": func(L *lua.LState) int {
		g := handle(L)
		seat := checkSeat(L, g, 2)
		v, _ := g.s.SeatGet(seat, L.CheckString(3))
		L.Push(g.r.h.valueLua(v))
		return 1
	},
	"sset": func(L *lua.LState) int {
		g := handle(L)
		seat := checkSeat(L, g, 2)
		must(L, g.s.SeatSet(seat, L.CheckString(3), plainArg(L, 4, visArg(L, g, 5, seat))))
		return 0
	},
	"score": func(L *lua.LState) int {
		g := handle(L)
		L.Push(g.r.h.int(g.s.Score(checkSeat(L, g, 2))))
		return 1
	},
	"add_score": func(L *lua.LState) int {
		g := handle(L)
		seat := checkSeat(L, g, 2)
		d, ok := toInt(L.Get(3))
		if !ok {
			L.ArgError(3, fmt.Sprintf("expected an integer score change, got %s", L.Get(3).String()))
		}
		if t := g.s.Score(seat) + d; t > maxExactInt || t < -maxExactInt {
			L.ArgError(3, fmt.Sprintf("seat %d's score would pass %d", seat, int64(maxExactInt)))
		}
		g.s.AddScore(seat, d)
		return 0
	},
	"stat": func(L *lua.LState) int {
		g := handle(L)
		seat, name := checkSeat(L, g, 2), L.CheckString(3)
		d := float64(L.OptNumber(4, 1))
		if !finite(d) {
			L.ArgError(4, fmt.Sprintf("statistic %s: expected a finite number, got %v", name, d))
		}
		must(L, g.s.AddStat(seat, name, d))
		return 0
	},
	"ask": func(L *lua.LState) int {
		g := handle(L)
		seat := checkSeat(L, g, 2)
		t := raw(L.CheckTable(3))
		moves := make([]string, 0, t.Len())
		for i := 1; i <= t.Len(); i++ {
			s, ok := t.RawGetInt(i).(lua.LString)
			if !ok {
				L.ArgError(3, "moves must be a list of strings")
			}
			moves = append(moves, string(s))
		}
		must(L, g.s.Ask(seat, moves))
		return 0
	},
	"start_trick": func(L *lua.LState) int {
		g := handle(L)
		must(L, g.s.StartTrick(checkSeat(L, g, 2)))
		return 0
	},
	"event": func(L *lua.LState) int {
		g := handle(L)
		e := core.Event{Type: L.CheckString(2), Seat: -1, Vis: visArg(L, g, 4, -1)}
		// converted (and so checked) even when no log is kept, so a game fails the same with or without
		// --log; State.Log then keeps it only when the state keeps its history
		if t, ok := L.Get(3).(*lua.LTable); ok {
			e.Fields = map[string]any{}
			var err error
			raw(t).ForEach(func(k, v lua.LValue) {
				if err == nil {
					e.Fields[k.String()], err = toGo(v)
					if err != nil {
						err = fmt.Errorf("field %s: %v", k.String(), err)
					}
				}
			})
			if err != nil {
				L.ArgError(3, err.Error())
			}
			if seat, ok := e.Fields["seat"].(float64); ok {
				e.Seat = int(seat)
				delete(e.Fields, "seat")
			}
			liftEventFields(&e)
		}
		must(L, g.s.Log(e, sizeOf(e.Fields)))
		return 0
	},
	"round_end": func(L *lua.LState) int {
		g := handle(L)
		round, ok := toInt(L.Get(2))
		if !ok {
			L.ArgError(2, "expected a round number")
		}
		g.s.RoundEnd(round, intList(L, 3, g.s.Players, "scores"))
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
		if Debug {
			var parts []string
			for i := 2; i <= L.GetTop(); i++ {
				parts = append(parts, L.Get(i).String())
			}
			fmt.Fprintln(os.Stderr, "lua:", strings.Join(parts, " "))
		}
		return 0
	},
}

func checkSeat(L *lua.LState, g *gHandle, n int) int {
	i, ok := toInt(L.Get(n))
	if !ok || i < 0 || i >= g.s.Players {
		L.ArgError(n, fmt.Sprintf("expected a seat 0..%d, got %s", g.s.Players-1, L.Get(n).String()))
	}
	return i
}
