package scripting

import (
	lua "github.com/yuin/gopher-lua"
)

// Read-only tables. Every table that outlives a game or is seen by more than one party (the Lua
// libraries, CARDS and each card, params, the rules' `base`, RULES for bots, the trick table, the
// events handed to bots) is shown to Lua as a proxy: an empty table whose metatable reads through to
// the real table (__index, __len) and refuses writes. The builtins that write or read tables raw
// (rawset, rawget, next, pairs, ipairs, unpack, table.*) know proxies: they read the real table and
// refuse to write; getmetatable and setmetatable know them too, so the metatable and the real table
// stay out of reach (getmetatable gives false, setmetatable raises "cannot change a protected
// metatable", as a __metatable field would make them). A read through a proxy costs one more table
// lookup.
//
// A proxy's metatable holds those two or three keys and no more, as each key of a new table costs
// gopher-lua a map entry, a key-list entry and an index entry, and bots are handed new read-only events
// at every decision. Its __newindex is not a function but the host's guard of the proxy's name (a
// userdata, roGuard): gopher-lua hands the write on to the guard, whose own metatable raises the error
// naming the table; the guard also marks the metatable as a proxy's (raw, roName). Lua never sees a
// guard, so it cannot forge a proxy.

// roGuard is the value of a guard userdata: the name of the tables it guards (in error messages).
type roGuard struct{ name string }

// roMarker marks a metatable of the older form (under "__ro", its name under "__name"): g's, whose
// __index and __newindex are functions of their own (api.go).
var roMarker = &lua.LUserData{}

// protect returns a read-only proxy of t named name (in error messages).
func (h *Host) protect(t *lua.LTable, name string) *lua.LTable {
	return h.proxy(t, name, true)
}

// proxy returns a read-only proxy of t. withLen: # reads t's length; without, # of the proxy is 0,
// which is t's length only when t has no array part and never gets one (an event's own table).
func (h *Host) proxy(t *lua.LTable, name string, withLen bool) *lua.LTable {
	L := h.L
	proxy := L.CreateTable(0, 0)
	meta := L.CreateTable(0, 3)
	meta.RawSetString("__index", t)
	meta.RawSetString("__newindex", h.roGuard(name))
	if withLen {
		if h.roLen == nil {
			h.roLen = L.NewFunction(func(L *lua.LState) int {
				L.Push(lua.LNumber(raw(L.CheckTable(1)).Len()))
				return 1
			})
		}
		meta.RawSetString("__len", h.roLen)
	}
	proxy.Metatable = meta
	return proxy
}

// roGuard returns the host's guard of the read-only tables named name, made at its first use.
func (h *Host) roGuard(name string) *lua.LUserData {
	if g, ok := h.roGuards[name]; ok {
		return g
	}
	L := h.L
	if h.roNewindex == nil {
		h.roGuards = map[string]*lua.LUserData{}
		h.roNewindex = L.NewFunction(func(L *lua.LState) int {
			L.RaiseError("%s is read-only (assigning %s)", L.CheckUserData(1).Value.(roGuard).name, keyString(L.Get(2)))
			return 0
		})
	}
	meta := L.CreateTable(0, 1)
	meta.RawSetString("__newindex", h.roNewindex)
	g := &lua.LUserData{Value: roGuard{name}, Metatable: meta}
	h.roGuards[name] = g
	return g
}

// guardOf returns the guard in a proxy's metatable mt (ok false: mt is no proxy's).
func guardOf(mt *lua.LTable) (roGuard, bool) {
	if ud, ok := mt.RawGetString("__newindex").(*lua.LUserData); ok {
		g, ok := ud.Value.(roGuard)
		return g, ok
	}
	return roGuard{}, false
}

// protectDeep makes every table inside v read-only (the real tables hold proxies of their children)
// and returns v's proxy. v must hold no cycles (it comes from Go data).
func (h *Host) protectDeep(v lua.LValue, name string) lua.LValue {
	t, ok := v.(*lua.LTable)
	if !ok {
		return v
	}
	h.protectInside(t, name)
	return h.protect(t, name)
}

// protectInside replaces every table t holds by its read-only proxy (protectDeep): the list part
// 1..n by index, then the keys after it (Next, which ends at once for a plain list and boxes no index).
func (h *Host) protectInside(t *lua.LTable, name string) {
	n := 0
	for v := t.RawGetInt(1); v != lua.LNil; v = t.RawGetInt(n + 1) {
		n++
		if c, ok := v.(*lua.LTable); ok {
			t.RawSetInt(n, h.protectDeep(c, name))
		}
	}
	after := lua.LValue(lua.LNil) // (not the key 0: Next would skip the first key after the list part)
	if n > 0 {
		after = lua.LNumber(n)
	}
	var keys, vals []lua.LValue
	for k, v := t.Next(after); k != lua.LNil; k, v = t.Next(k) {
		if _, ok := v.(*lua.LTable); ok {
			keys, vals = append(keys, k), append(vals, v)
		}
	}
	for i, k := range keys {
		t.RawSet(k, h.protectDeep(vals[i], name))
	}
}

func keyString(k lua.LValue) string {
	if s, ok := k.(lua.LString); ok {
		return string(s)
	}
	return k.String()
}

// raw returns the table to read for t: the real table of a proxy, else t itself. Go code that reads a
// table a hook passed (g:ask's moves, board options...) reads raw(t).
func raw(t *lua.LTable) *lua.LTable {
	if t.Metatable == lua.LNil {
		return t
	}
	if mt, ok := t.Metatable.(*lua.LTable); ok {
		if _, ok := guardOf(mt); ok {
			if real, ok := mt.RawGetString("__index").(*lua.LTable); ok {
				return real
			}
		}
	}
	return t // g: read-only, its own table
}

// roName is the name of a read-only table, "" for any other table.
func roName(t *lua.LTable) string {
	mt, ok := t.Metatable.(*lua.LTable)
	if !ok {
		return ""
	}
	if g, ok := guardOf(mt); ok {
		return g.name
	}
	if mt.RawGetString("__ro") == roMarker {
		return mt.RawGetString("__name").String()
	}
	return ""
}

func (h *Host) readable(t *lua.LTable) *lua.LTable { return raw(t) }

// checkWritable raises an error when fn is asked to write into a read-only table.
func (h *Host) checkWritable(L *lua.LState, t *lua.LTable, fn string) {
	if t.Metatable == lua.LNil {
		return
	}
	if name := roName(t); name != "" {
		L.RaiseError("%s: %s is read-only", fn, name)
	}
}

// bindTableBuiltins replaces the base functions that read or write tables raw with versions that know
// proxies.
func (h *Host) bindTableBuiltins(g *lua.LTable) {
	L := h.L
	next := L.NewFunction(func(L *lua.LState) int {
		t := h.readable(L.CheckTable(1))
		k, v := t.Next(L.Get(2))
		if k == lua.LNil {
			L.Push(lua.LNil)
			return 1
		}
		L.Push(k)
		L.Push(v)
		return 2
	})
	g.RawSetString("next", next)
	g.RawSetString("pairs", L.NewFunction(func(L *lua.LState) int {
		t := L.CheckTable(1)
		L.Push(next)
		L.Push(t)
		L.Push(lua.LNil)
		return 3
	}))
	var ipairsAux *lua.LFunction
	ipairsAux = L.NewFunction(func(L *lua.LState) int {
		t := h.readable(L.CheckTable(1))
		i := L.CheckInt(2) + 1
		v := t.RawGetInt(i)
		if v == lua.LNil {
			return 0
		}
		L.Push(h.int(i)) // preboxed: ipairs runs in hot loops, and a Lua number pushed allocates
		L.Push(v)
		return 2
	})
	g.RawSetString("ipairs", L.NewFunction(func(L *lua.LState) int {
		t := L.CheckTable(1)
		L.Push(ipairsAux)
		L.Push(t)
		L.Push(lua.LNumber(0))
		return 3
	}))
	g.RawSetString("rawget", L.NewFunction(func(L *lua.LState) int {
		L.Push(h.readable(L.CheckTable(1)).RawGet(L.CheckAny(2)))
		return 1
	}))
	rawset := g.RawGetString("rawset").(*lua.LFunction).GFunction
	g.RawSetString("rawset", L.NewFunction(func(L *lua.LState) int {
		h.checkWritable(L, L.CheckTable(1), "rawset")
		return rawset(L)
	}))
	h.bindMetatableBuiltins(g)
	g.RawSetString("unpack", L.NewFunction(func(L *lua.LState) int {
		t := h.readable(L.CheckTable(1))
		i := L.OptInt(2, 1)
		j := L.OptInt(3, t.Len())
		if j-i >= maxResults {
			L.RaiseError("unpack: too many results (%d; at most %d)", j-i+1, maxResults)
		}
		n := 0
		for k := i; k <= j; k++ {
			L.Push(t.RawGetInt(k))
			n++
		}
		return n
	}))
}

// bindMetatableBuiltins makes getmetatable and setmetatable treat a proxy as if its metatable had a
// __metatable field false (which it does not have, to cost a key less): false, and an error.
func (h *Host) bindMetatableBuiltins(g *lua.LTable) {
	L := h.L
	g.RawSetString("getmetatable", L.NewFunction(func(L *lua.LState) int {
		if t, ok := L.CheckAny(1).(*lua.LTable); ok && isProxy(t) {
			L.Push(lua.LFalse)
			return 1
		}
		L.Push(L.GetMetatable(L.Get(1)))
		return 1
	}))
	setmetatable := g.RawGetString("setmetatable").(*lua.LFunction).GFunction
	g.RawSetString("setmetatable", L.NewFunction(func(L *lua.LState) int {
		L.CheckTypes(2, lua.LTNil, lua.LTTable)
		if t, ok := L.Get(1).(*lua.LTable); ok && isProxy(t) {
			L.RaiseError("cannot change a protected metatable")
		}
		return setmetatable(L)
	}))
}

// isProxy says whether t is a read-only proxy (protect).
func isProxy(t *lua.LTable) bool {
	mt, ok := t.Metatable.(*lua.LTable)
	if !ok {
		return false
	}
	_, ok = guardOf(mt)
	return ok
}
