package scripting

import (
	"maps"
	"slices"

	lua "github.com/yuin/gopher-lua"

	"github.com/ruleslab/ruleslab/core"
)

// An event handed to bots for the first time is three tables or more: its own, a proxy and the
// proxy's metatable, and a list inside (a trick's cards) with its own proxy and metatable. Each string
// key set in a new table costs gopher-lua a map entry, a boxed key, an entry in its key list and one
// in its index of that list, so the engine keeps, per shape (the keys of an event's table in the order
// they are set; a proxy's metatable), a table holding those keys and copies it, as a loaded bot is
// copied (bot_clone.go, with gopher-lua's table layout known): its map of values copied whole, then
// the values set (copyShape). The copy is the table setting the keys one by one makes: the same keys in the same
// order, so pairs lists them alike.

// eventShapes are an engine's tables to copy, and the buffers an event's fields are gathered in.
type eventShapes struct {
	tables map[string]*lua.LTable // by the spelling of their keys in order (each set to true)
	metas  [2]*lua.LTable         // a read-only proxy's metatable (Host.proxy's), without and with __len
	keys   []string
	vals   []lua.LValue
	spell  []byte
}

// maxEventShapes bounds the shapes an engine keeps (events have a few); past it, a new shape's
// tables are made key by key.
const maxEventShapes = 1 << 8

// sharedEvent is Host.sharedEvent made by copying the shapes of its tables.
func (c *botShared) sharedEvent(h *Host, d *hostData, e *core.Event) *lua.LTable {
	if !tableLayoutOK {
		return h.sharedEvent(d, e)
	}
	s := &c.shapes
	s.keys, s.vals = s.keys[:0], s.vals[:0]
	plain := true
	h.eachEventField(d, e, func(v lua.LValue) lua.LValue { return s.inner(h, v) }, func(k string, v lua.LValue) {
		plain = plain && v != lua.LNil && !slices.Contains(s.keys, k)
		s.keys, s.vals = append(s.keys, k), append(s.vals, v)
	})
	if !plain { // a field nil or set twice: gopher-lua's own way keeps what it leaves behind
		t := h.L.CreateTable(0, len(s.keys))
		for i, k := range s.keys {
			t.RawSetString(k, s.vals[i])
		}
		return s.proxy(h, t, false)
	}
	return s.proxy(h, s.table(h.L), false)
}

// inner is v as a shared event's table holds it: a table read-only, with every table inside it.
func (s *eventShapes) inner(h *Host, v lua.LValue) lua.LValue {
	t, ok := v.(*lua.LTable)
	if !ok {
		return v
	}
	h.protectInside(t, sharedEventName)
	return s.proxy(h, t, true)
}

// proxy is Host.proxy(t, sharedEventName, withLen), its metatable copied.
func (s *eventShapes) proxy(h *Host, t *lua.LTable, withLen bool) *lua.LTable {
	i := 0
	if withLen {
		i = 1
	}
	if s.metas[i] == nil {
		s.metas[i] = h.proxy(h.L.CreateTable(0, 0), sharedEventName, withLen).Metatable.(*lua.LTable)
	}
	meta := copyShape(s.metas[i])
	layout(meta).strdict["__index"] = t
	p := h.L.CreateTable(0, 0)
	p.Metatable = meta
	return p
}

// table is a table holding s.vals under s.keys, set in that order.
func (s *eventShapes) table(L *lua.LState) *lua.LTable {
	s.spell = s.spell[:0]
	for _, k := range s.keys {
		s.spell = appendKeyString(s.spell, k)
	}
	shape, ok := s.tables[string(s.spell)]
	if !ok {
		shape = L.CreateTable(0, len(s.keys))
		for _, k := range s.keys {
			shape.RawSetString(k, lua.LTrue)
		}
		if s.tables == nil {
			s.tables = map[string]*lua.LTable{}
		}
		if len(s.tables) < maxEventShapes {
			s.tables[string(s.spell)] = shape
		}
	}
	t := copyShape(shape)
	dict := layout(t).strdict
	for i, k := range s.keys {
		dict[k] = s.vals[i]
	}
	return t
}

// copyShape copies a table that holds string keys only (tableLayoutOK): its map of values copied whole,
// its key list and the list's index shared with t, as no key is ever added to a copy (an event's table
// and a proxy's metatable are out of a script's reach for writing, and Go code only reads them). The
// list is shared capped all the same: an append would copy it.
func copyShape(t *lua.LTable) *lua.LTable {
	nt := &lua.LTable{Metatable: lua.LNil}
	src, dst := layout(t), layout(nt)
	dst.strdict, dst.keys, dst.k2i = maps.Clone(src.strdict), src.keys[:len(src.keys):len(src.keys)], src.k2i
	return nt
}
