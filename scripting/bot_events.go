package scripting

import (
	lua "github.com/yuin/gopher-lua"

	"github.com/ruleslab/ruleslab/core"
)

// botShared is what the Lua bots of one engine share: the table of each event, read-only (a proxy,
// readonly.go), so one table serves every bot that may see the event, in this game and in the
// engine's later games. A table is built at the first bot handed its event and kept by the event's
// index while the bots follow the same line of play; it is also kept by what it holds (eventKey), up
// to maxSharedEvents of them, so an event that comes back in a later game (a seat's play of a card)
// costs a map lookup, not a table. A seat is handed only events its view holds (View.EachEvent), and
// a kept table holds nothing but its event's fields, so sharing shows no seat anything more.
type botShared struct {
	lineage  uint64
	events   []*lua.LTable // by index in the line's log; nil until a bot is handed the event
	interned map[string]*lua.LTable
	key      []byte      // eventKey's buffer, reused
	memo     *helperMemo // the answers of the helpers bots remember (g:remember, bot_remember.go)
	shapes   eventShapes // what the events' tables are copied from (bot_event_shape.go)
}

// maxSharedEvents bounds the tables kept by what they hold (a few kilobytes each at most): past it, a
// new event's table serves its game only.
const maxSharedEvents = 1 << 10

// botShared returns the engine's shared tables, made at its first Lua bot.
func (r *Engine) botShared() *botShared {
	if r.bots == nil {
		r.bots = &botShared{interned: map[string]*lua.LTable{}}
	}
	return r.bots
}

// event returns the read-only table of event i of the line lineage.
func (c *botShared) event(h *Host, d *hostData, lineage uint64, i int, e *core.Event) *lua.LTable {
	if c.lineage != lineage {
		c.lineage = lineage
		clear(c.events)
		c.events = c.events[:0]
	}
	for len(c.events) <= i {
		c.events = append(c.events, nil)
	}
	if t := c.events[i]; t != nil {
		return t
	}
	c.key = eventKey(c.key[:0], e)
	t, ok := c.interned[string(c.key)]
	if !ok {
		t = c.sharedEvent(h, d, e)
		if len(c.interned) < maxSharedEvents {
			c.interned[string(c.key)] = t
		}
	}
	c.events[i] = t
	return t
}

// the engine's own event types, preboxed (a Go string handed to Lua allocates)
var eventTypes = map[string]lua.LValue{"move": lua.LString("move"), "trick": lua.LString("trick"),
	"round_end": lua.LString("round_end"), "game_end": lua.LString("game_end")}

// eventsTable is a fresh list of fresh event tables (render and describe read one now and then).
func (h *Host) eventsTable(p *Program, events []core.Event) *lua.LTable {
	d := h.data(p)
	ev := h.L.CreateTable(len(events), 0)
	for i := range events {
		ev.Append(h.eventTable(d, &events[i]))
	}
	return ev
}

// sharedEventName names the events bots share in the error a write into one raises.
const sharedEventName = "an event (shared by the bots)"

// sharedEvent is the read-only table of an event that bots share: its own table, built with read-only
// tables inside, behind a proxy with no __len (an event's table has string keys only, so # is 0 as it
// is of the proxy), the cheapest proxy to make.
func (h *Host) sharedEvent(d *hostData, e *core.Event) *lua.LTable {
	return h.proxy(h.eventFields(d, e, true), sharedEventName, false)
}

// eventTable is the Lua table of an event: type, seat (when one acted), the fields of its type (move;
// winner and cards; round and scores) and its custom fields.
func (h *Host) eventTable(d *hostData, e *core.Event) *lua.LTable {
	return h.eventFields(d, e, false)
}

// eventFields is eventTable's table; readOnly: the tables inside it are read-only proxies (made here,
// not by walking the table afterwards).
func (h *Host) eventFields(d *hostData, e *core.Event, readOnly bool) *lua.LTable {
	et := h.L.CreateTable(0, 4+len(e.Fields)) // (a map sized short grows: a second allocation)
	h.eachEventField(d, e, func(v lua.LValue) lua.LValue { return h.inner(v, readOnly) }, et.RawSetString)
	return et
}

// eachEventField hands set each field of the event's table in the order it is set: type, seat (when
// one acted), the fields of its type (move; winner and cards; round and scores) and its custom fields
// in key order (a custom field named as one before sets it again). inner makes a table inside the
// event's (cards, scores, a custom field's list or map) what the event's table holds.
func (h *Host) eachEventField(d *hostData, e *core.Event, inner func(lua.LValue) lua.LValue, set func(string, lua.LValue)) {
	L := h.L
	typ, ok := eventTypes[e.Type]
	if !ok {
		typ = lua.LString(e.Type)
	}
	set("type", typ)
	if e.Seat >= 0 {
		set("seat", h.int(e.Seat))
	}
	switch e.Type {
	case "move":
		set("move", lua.LString(e.Move))
	case "trick":
		set("winner", h.int(e.Winner))
		ct := L.CreateTable(len(e.Cards), 0)
		for _, id := range e.Cards {
			ct.Append(d.idValue(id))
		}
		set("cards", inner(ct))
		if e.How != "" {
			set("how", h.str(e.How)) // a few words per game: boxed once
		}
	case "round_end":
		set("round", h.int(e.Round))
		set("scores", inner(toLua(L, e.Scores)))
	}
	var room [16]string
	for _, k := range appendSortedKeys(room[:0], e.Fields) { // in order: pairs() follows it
		set(k, inner(toLua(L, e.Fields[k])))
	}
}

// inner is v as an event's table holds it: read-only (with every table inside it) when readOnly.
func (h *Host) inner(v lua.LValue, readOnly bool) lua.LValue {
	if !readOnly {
		return v
	}
	return h.protectDeep(v, sharedEventName)
}
