package scripting

import (
	lua "github.com/yuin/gopher-lua"

	"github.com/ruleslab/ruleslab/core"
)

// A zone's table in an observation (obs.zones.<name>, or obs.zones.<name>[seat+1] per seat) is lazy
// like obs itself: its fields are filled when the script first reads them. A greedy bot reads its own
// hand's cards at every decision, and filling every seat's table of a per-seat zone (a view of the
// zone, a check that the bot did not write into the table, a refill) cost more than the rest of its
// observation; an entry no one reads costs one emptiness check per decision.

// zoneFields are a zone table's fields: cards when the seat sees them, count when it may know the
// size, has_cards unless the size is secret (zoneField).
var zoneFields = []string{"cards", "count", "has_cards"}

// zoneEntry is the table of one zone instance, kept by a bot's builder from one decision to the next
// and emptied at each (lazyTable.renew), with its cards list, refilled in place (keptList).
type zoneEntry struct {
	ref   core.ZoneRef
	lazy  lazyTable
	cards keptList
}

// seatTables is obs.zones[name] for a per-seat zone, def d: the list of its n seats' tables, a bot's
// earlier list refilled (keptList).
func (b *obsBuilder) seatTables(L *lua.LState, d, n int) *lua.LTable {
	var per *lua.LTable
	if b.keep {
		for len(b.perSeat) <= d {
			b.perSeat = append(b.perSeat, keptList{})
		}
		per = b.perSeat[d].table(L, n)
	} else {
		per = L.CreateTable(n, 0)
	}
	for i := 0; i < n; i++ {
		if zt := b.zoneEntry(L, core.ZoneRef{Def: d, Seat: i}); per.RawGetInt(i+1) != zt {
			per.RawSetInt(i+1, zt)
		}
	}
	if b.keep {
		b.perSeat[d].clear(n)
	}
	return per
}

// zoneEntry is the emptied table of the zone ref for this decision: a bot's earlier one while the bot
// did not write into it, else a new one.
func (b *obsBuilder) zoneEntry(L *lua.LState, ref core.ZoneRef) *lua.LTable {
	e := b.entryOf(L, ref)
	if t := e.lazy.t; e.lazy.renew(L, b.keep, len(zoneFields)) != t {
		e.cards = keptList{} // a table the bot wrote into is built again, its cards list too
		b.entryOfT[e.lazy.t] = e
	}
	return e.lazy.t
}

// entryOf is the builder's entry of the zone ref, made on first use: by zone def, then seat+1 (a
// shared zone at 0). The entries share a metatable, made once: a metatable and a function per entry
// cost more than a lookup at each field read.
func (b *obsBuilder) entryOf(L *lua.LState, ref core.ZoneRef) *zoneEntry {
	if ref.Def < len(b.entries) && ref.Seat+1 < len(b.entries[ref.Def]) {
		if e := b.entries[ref.Def][ref.Seat+1]; e != nil {
			return e
		}
	}
	for len(b.entries) <= ref.Def {
		b.entries = append(b.entries, nil)
	}
	for len(b.entries[ref.Def]) <= ref.Seat+1 {
		b.entries[ref.Def] = append(b.entries[ref.Def], nil)
	}
	if b.entryMeta == nil {
		b.entryMeta = L.CreateTable(0, 1)
		b.entryMeta.RawSetString("__index", L.NewFunction(b.entryIndex))
		b.entryOfT = map[*lua.LTable]*zoneEntry{}
	}
	e := &zoneEntry{ref: ref}
	e.lazy.names, e.lazy.meta = zoneFields, b.entryMeta
	b.entries[ref.Def][ref.Seat+1] = e
	return e
}

// entryIndex is a zone table's __index: the field, kept in the table for the rest of the decision,
// or nothing when the seat may not know it. A table once handed keeps its zone (entryOfT): one a bot
// wrote into, replaced since, answers from the latest view as obs does.
func (b *obsBuilder) entryIndex(L *lua.LState) int {
	t, ok1 := L.Get(1).(*lua.LTable)
	key, ok2 := L.Get(2).(lua.LString)
	if !ok1 || !ok2 || b.v == (core.View{}) {
		return 0
	}
	e := b.entryOfT[t]
	if e == nil {
		return 0
	}
	i, val := b.zoneField(L, e, string(key))
	if val == nil {
		return 0
	}
	e.lazy.fill(t, i, key, val)
	L.Push(val)
	return 1
}

// zoneField is the field key of e's zone as the seat sees it now, with its place in zoneFields; nil
// when the zone has no such field for the seat: cards only when the seat sees them, no count when the
// zone's size is hidden from it (zone option `size`), and not even has_cards when the size is secret.
func (b *obsBuilder) zoneField(L *lua.LState, e *zoneEntry, key string) (int, lua.LValue) {
	switch key {
	case "cards":
		if cards, ok := b.v.AppendCards(b.cardBuf[:0], e.ref); ok {
			b.cardBuf = cards
			return 0, b.cardList(L, e, cards)
		}
	case "count":
		if z := b.v.Zone(e.ref); z.SizeKnown == core.SizeCount {
			return 1, b.h.int(z.Count)
		}
	case "has_cards":
		if z := b.v.Zone(e.ref); z.SizeKnown != core.SizeNothing {
			return 2, lua.LBool(z.HasCards)
		}
	}
	return 0, nil
}

// cardList is the list of the ids of cards: a bot's earlier list of the zone refilled (keptList),
// else a new one.
func (b *obsBuilder) cardList(L *lua.LState, e *zoneEntry, cards []core.CardIdx) *lua.LTable {
	var t *lua.LTable
	if b.keep {
		t = e.cards.table(L, len(cards))
	} else {
		t = L.CreateTable(len(cards), 0)
	}
	for i, c := range cards {
		t.RawSetInt(i+1, b.d.cardStr[c])
	}
	if b.keep {
		e.cards.clear(len(cards))
	}
	return t
}
