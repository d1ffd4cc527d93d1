package scripting

import (
	lua "github.com/yuin/gopher-lua"

	"github.com/ruleslab/ruleslab/core"
)

// botShared is what the Lua bots of one engine share while they follow the same line of play: the
// Lua table of each event, built when the first bot is handed the event and handed as it is to every
// later bot that sees it (an event never changes), so the events of a game cost one table each
// rather than one per seat. A table a bot wrote into is built again for the next one (eventHolds).
type botShared struct {
	lineage uint64
	events  []*lua.LTable // by index in the line's log; nil until a bot is handed the event
}

// botShared returns the engine's shared tables, made at its first Lua bot.
func (r *Engine) botShared() *botShared {
	if r.bots == nil {
		r.bots = &botShared{}
	}
	return r.bots
}

// event returns the table of event i of the line lineage.
func (c *botShared) event(h *Host, d *hostData, lineage uint64, i int, e *core.Event) *lua.LTable {
	if c.lineage != lineage {
		c.lineage = lineage
		clear(c.events)
		c.events = c.events[:0]
	}
	for len(c.events) <= i {
		c.events = append(c.events, nil)
	}
	if t := c.events[i]; t != nil && eventHolds(t, e) {
		return t
	}
	t := h.eventTable(d, e)
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

// eventTable is the Lua table of an event: type, seat (when one acted), the fields of its type (move;
// winner and cards; round and scores) and its custom fields.
func (h *Host) eventTable(d *hostData, e *core.Event) *lua.LTable {
	L := h.L
	et := L.CreateTable(0, 4)
	typ, ok := eventTypes[e.Type]
	if !ok {
		typ = lua.LString(e.Type)
	}
	et.RawSetString("type", typ)
	if e.Seat >= 0 {
		et.RawSetString("seat", h.int(e.Seat))
	}
	switch e.Type {
	case "move":
		et.RawSetString("move", lua.LString(e.Move))
	case "trick":
		et.RawSetString("winner", h.int(e.Winner))
		ct := L.CreateTable(len(e.Cards), 0)
		for _, id := range e.Cards {
			ct.Append(d.idValue(id))
		}
		et.RawSetString("cards", ct)
		if e.How != "" {
			et.RawSetString("how", h.str(e.How)) // a few words per game: boxed once
		}
	case "round_end":
		et.RawSetString("round", h.int(e.Round))
		et.RawSetString("scores", toLua(L, e.Scores))
	}
	for _, k := range sortedKeys(e.Fields) { // in order: pairs() follows it
		et.RawSetString(k, toLua(L, e.Fields[k]))
	}
	return et
}

// eventHolds reports whether t still holds the fields eventTable gave it from e (a custom field
// overrides a field of the type, as in eventTable). A field a bot added is not looked for: counting a
// table's keys costs as much as the rest of the check, and an added field changes nothing another bot
// reads.
func eventHolds(t *lua.LTable, e *core.Event) bool {
	if plainTable(t) == nil {
		return false
	}
	own := func(key string, want any) bool {
		if _, over := e.Fields[key]; over {
			return true
		}
		return holds(t.RawGetString(key), want)
	}
	ok := own("type", e.Type)
	if e.Seat >= 0 {
		ok = ok && own("seat", e.Seat)
	}
	switch e.Type {
	case "move":
		ok = ok && own("move", e.Move)
	case "trick":
		ok = ok && own("winner", e.Winner) && own("cards", e.Cards) && (e.How == "" || own("how", e.How))
	case "round_end":
		ok = ok && own("round", e.Round) && own("scores", e.Scores)
	}
	for k, v := range e.Fields {
		ok = ok && holds(t.RawGetString(k), v)
	}
	return ok
}
