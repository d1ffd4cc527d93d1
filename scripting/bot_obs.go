package scripting

import (
	"slices"

	lua "github.com/yuin/gopher-lua"

	"github.com/ruleslab/ruleslab/core"
)

// Observation builds the Lua table a bot or the render hook receives for a seat's view. Only seat,
// players and to_act are filled at once; every other field (zones and each zone, vars, seat_vars,
// scores, events, boards, params) is built when the script first reads it, so a bot pays for what it
// looks at. events holds those logged from index from on.
func (h *Host) Observation(p *Program, v core.View, from int) *lua.LTable {
	return newObsBuilder(h, p, nil).build(v, from)
}

// obsBuilder makes observation tables for one reader (a bot seat, or render). Its metatable and lazy
// field builder are made once. A bot's builder (keep) hands the same tables again from one decision to
// the next, refilled in place when their data changed (bot_reuse.go): the observation table itself,
// obs.zones, each zone, obs.vars, each seat's values, obs.scores and the list obs.events; the events
// in it are the engine's shared read-only tables (bot_events.go). A table is good for the decision it
// was made for; fields first read later come from the reader's latest view.
type obsBuilder struct {
	h      *Host
	p      *Program
	d      *hostData
	shared *botShared // the engine's event tables; nil: fresh ones
	keep   bool       // a bot's: tables kept between decisions
	v      core.View
	from   int

	obs, zones  lazyTable
	entries     [][]*zoneEntry // by zone def, then seat+1: the zones' tables (bot_obs_zone.go)
	entryMeta   *lua.LTable    // their metatable, made on first use
	entryOfT    map[*lua.LTable]*zoneEntry
	cardBuf     []core.CardIdx // a zone's cards, refilled for each list of cards handed
	vars        lua.LValue
	seatVars    []lua.LValue
	scores      lua.LValue
	eventList   keptList
	perSeat     []keptList // by zone def: the list of a per-seat zone's tables
	boardTables boardsView
	decision    uint64 // counts the observations built: what a board's kept grids are up to date for
}

func newObsBuilder(h *Host, p *Program, shared *botShared) *obsBuilder {
	b := &obsBuilder{h: h, p: p, d: h.data(p), shared: shared, keep: shared != nil}
	L := h.L
	b.obs.meta = L.CreateTable(0, 1)
	b.obs.meta.RawSetString("__index", L.NewFunction(b.index))
	b.zones.meta = L.CreateTable(0, 1)
	b.zones.meta.RawSetString("__index", L.NewFunction(b.zoneIndex))
	b.obs.names, b.obs.fixed = obsFields, len(obsNumbers)
	for _, z := range p.Game.Zones {
		b.zones.names = append(b.zones.names, z.Name)
	}
	return b
}

// obsFields are the fields of an observation built on first read.
var obsFields = []string{"zones", "vars", "seat_vars", "scores", "events", "boards", "params"}

// obsNumbers are the fields build sets at every decision.
var obsNumbers = []string{"seat", "players", "to_act"}

func (b *obsBuilder) build(v core.View, from int) *lua.LTable {
	h := b.h
	b.v, b.from = v, from
	b.decision++
	t, kept := b.obs.reuse(h.L, b.keep, 8)
	setNumber(t, "seat", h.int(v.Seat()))
	setNumber(t, "players", h.int(v.Players()))
	setNumber(t, "to_act", h.int(v.ToAct()))
	if kept {
		b.obs.empty() // (after the numbers: empty counts them in what the table holds)
	}
	b.zones.stale = true
	return t
}

// setNumber sets t[key] to n unless it holds n already: a kept table keeps its seat and player count,
// and setting a key boxes it again.
func setNumber(t *lua.LTable, key string, n lua.LValue) {
	if t.RawGetString(key) != n {
		t.RawSetString(key, n)
	}
}

// lazyTable is a table whose fields a metatable's __index fills on first read; kept, it is emptied
// for the next decision instead of made again (a new key costs gopher-lua a map entry, a key-list
// entry and a boxed key; an emptied key is set again for free).
type lazyTable struct {
	t, meta *lua.LTable
	names   []string // every key __index may fill (a script may have set one itself)
	filled  uint64   // bit i: names[i] filled (fill) since the last reset
	fixed   int      // how many keys that are not names the builder sets before each empty (obs: 3)
	stale   bool     // reset at the next use
}

// reset returns the table emptied of every key __index may fill: the same one when keep and its
// metatable is still in place, else a new one. A key a script added otherwise stays: the table is the
// script's own.
func (lt *lazyTable) reset(L *lua.LState, keep bool, size int) *lua.LTable {
	if t, kept := lt.reuse(L, keep, size); !kept {
		return t
	}
	lt.empty()
	return lt.t
}

// reuse is reset without the emptying: kept, the table still holds the last decision's fields (the
// caller sets its fixed keys, then empties it).
func (lt *lazyTable) reuse(L *lua.LState, keep bool, size int) (t *lua.LTable, kept bool) {
	lt.stale = false
	if keep && lt.t != nil && lt.t.Metatable == lt.meta {
		return lt.t, true
	}
	lt.make(L, size)
	return lt.t, false
}

// renew is reset for a table the script gets only to read (a zone's): one the script set a key of
// is made anew.
func (lt *lazyTable) renew(L *lua.LState, keep bool, size int) *lua.LTable {
	lt.stale = false
	if !keep || lt.t == nil || lt.t.Metatable != lt.meta {
		lt.make(L, size)
		return lt.t
	}
	lt.emptyFilled()
	if !isEmpty(lt.t) {
		lt.make(L, size)
	}
	return lt.t
}

func (lt *lazyTable) make(L *lua.LState, size int) {
	lt.t = L.CreateTable(0, size)
	lt.t.Metatable = lt.meta
	lt.filled = 0
}

// empty removes every name from the table, whose fixed keys are set. It loses the names filled since
// the last reset and, only when it then holds more than its fixed keys (a key the script set), every
// other: most names are not filled at a decision, and deleting or looking up a key costs a map lookup.
func (lt *lazyTable) empty() {
	lt.emptyFilled()
	if holdsAtMost(lt.t, lt.fixed) {
		return
	}
	for _, k := range lt.names {
		lt.t.RawSetString(k, lua.LNil)
	}
	lt.filled = 0
}

// emptyFilled removes the names filled since the last reset.
func (lt *lazyTable) emptyFilled() {
	for i, k := range lt.names {
		if lt.filled == 0 {
			break
		}
		if i < 64 && lt.filled&(1<<i) != 0 {
			lt.filled &^= 1 << i
			lt.t.RawSetString(k, lua.LNil)
		}
	}
	lt.filled = 0
}

// fill sets the field key, names[i], of t, a table lt's __index was called on, to val. (RawSet(key)
// would box the key again.)
func (lt *lazyTable) fill(t *lua.LTable, i int, key lua.LString, val lua.LValue) {
	t.RawSetString(string(key), val)
	if t == lt.t && i >= 0 && i < 64 && lt.names[i] == string(key) {
		lt.filled |= 1 << i
	}
}

// isEmpty reports whether t holds no key.
func isEmpty(t *lua.LTable) bool { return holdsAtMost(t, 0) }

// holdsAtMost reports whether t holds n keys or fewer: its maps hold that many and it has no list part
// (a list part may hold nils only, which Next finds out).
func holdsAtMost(t *lua.LTable, n int) bool {
	if tableLayoutOK {
		if l := layout(t); len(l.array) == 0 {
			return len(l.strdict)+len(l.dict) <= n
		}
	}
	var k lua.LValue = lua.LNil
	for i := 0; i <= n; i++ {
		if k, _ = t.Next(k); k == lua.LNil {
			return true
		}
	}
	return false
}

func (b *obsBuilder) index(L *lua.LState) int {
	t, ok1 := L.Get(1).(*lua.LTable)
	key, ok2 := L.Get(2).(lua.LString)
	if !ok1 || !ok2 || b.v == (core.View{}) {
		return 0
	}
	val := b.field(L, string(key))
	if val == nil {
		return 0
	}
	b.obs.fill(t, slices.Index(b.obs.names, string(key)), key, val)
	L.Push(val)
	return 1
}

// field builds the observation's field key (nil: no such field).
func (b *obsBuilder) field(L *lua.LState, key string) lua.LValue {
	v := b.v
	switch key {
	case "zones":
		if b.zones.stale || b.zones.t == nil || !b.keep {
			b.zones.reset(L, b.keep, len(b.zones.names))
		}
		return b.zones.t
	case "vars":
		b.vars = b.value(L, b.vars, v.Vars(-1))
		return b.vars
	case "seat_vars":
		sv := L.CreateTable(v.Players(), 0)
		for len(b.seatVars) < v.Players() {
			b.seatVars = append(b.seatVars, nil)
		}
		for i := 0; i < v.Players(); i++ {
			b.seatVars[i] = b.value(L, b.seatVars[i], v.Vars(i))
			sv.RawSetInt(i+1, b.seatVars[i])
		}
		return sv
	case "scores":
		b.scores = b.value(L, b.scores, v.Scores())
		return b.scores
	case "events":
		return b.events(L)
	case "boards":
		return b.boards(L)
	case "params":
		return b.d.paramsTable(L, b.p.Game.Config.Params)
	}
	return nil
}

// value is the Lua value of x: old again when kept and it holds x or is refilled to hold it.
func (b *obsBuilder) value(L *lua.LState, old lua.LValue, x any) lua.LValue {
	if !b.keep {
		return toLua(L, x)
	}
	return refresh(L, old, x)
}

// events lists the events the seat may see from b.from on; a bot's are the engine's shared tables.
// A bot's list is its previous decision's, refilled (keptList), while it is a plain list.
func (b *obsBuilder) events(L *lua.LState) *lua.LTable {
	var list *lua.LTable
	if b.keep {
		list = b.eventList.table(L, 0)
	} else {
		list = L.CreateTable(0, 0)
	}
	n := 0
	lineage := b.v.Lineage()
	b.v.EachEvent(b.from, func(i int, e core.Event) {
		n++
		if b.shared != nil {
			list.RawSetInt(n, b.shared.event(b.h, b.d, lineage, i, &e))
		} else {
			list.RawSetInt(n, b.h.eventTable(b.d, &e))
		}
	})
	if b.keep {
		b.eventList.clear(n)
	}
	return list
}

// zoneIndex is obs.zones' __index: obs.zones[name] for a shared zone, obs.zones[name][seat+1] per
// seat, each a zone table whose fields are filled on first read (bot_obs_zone.go).
func (b *obsBuilder) zoneIndex(L *lua.LState) int {
	t, ok1 := L.Get(1).(*lua.LTable)
	name, ok2 := L.Get(2).(lua.LString)
	if !ok1 || !ok2 || b.v == (core.View{}) {
		return 0
	}
	v := b.v
	g := v.Game()
	d, ok := g.ZoneIndex(string(name))
	if !ok {
		return 0
	}
	var val lua.LValue
	if !g.Zones[d].PerSeat {
		val = b.zoneEntry(L, core.ZoneRef{Def: d, Seat: -1})
	} else {
		val = b.seatTables(L, d, v.Players())
	}
	b.zones.fill(t, d, name, val)
	L.Push(val)
	return 1
}
