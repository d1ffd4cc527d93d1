package scripting

import (
	"strings"

	lua "github.com/yuin/gopher-lua"
)

// Loading a game's scripts once per engine keeps games apart by construction: a script whose functions
// write no module-level local and no global (keptState finds those that do; they are loaded again for
// every game) can only keep state inside a module-level table, so freezeModule makes every such table
// read-only once the scripts are loaded, like the shared tables (readonly.go): each table reachable from
// the environment's globals and from the upvalues of its functions is replaced by its read-only proxy.
//
// One kind of table is left as it is, as reading through a proxy costs a lookup more: a table of plain
// values (no tables, no functions) that only module-level locals hold, each of which the functions of
// its script only index or measure (`NUMBER[id]`, `#IDS`; the static scan, Chunk.escapes): no code can
// reach it to write it (a direct write `NUMBER[id] = x` is a kept state, which reloads the script).
// Only the functions the chunk's top level makes are known to hold module-level locals: a closure a
// function made while the script loaded holds that function's locals, which the scan does not follow.

// freezer replaces the tables a loaded environment reaches by read-only proxies, each table by one proxy
// wherever it is reached (so identity and aliasing are kept).
type freezer struct {
	h       *Host
	proxies map[*lua.LTable]*lua.LTable
	seen    map[*lua.LFunction]bool
	// escapes by chunk path (Chunk.escapes); indexOnly: the tables only such locals hold
	escapes   map[string]map[string]bool
	indexOnly map[*lua.LTable]bool
	// moduleLevel: the functions a chunk's top level makes, whose upvalues are its module-level
	// locals (a function made inside another may hold that function's locals)
	moduleLevel map[*lua.FunctionProto]bool
}

// freezeModule makes the tables of a loaded rules environment read-only.
func (h *Host) freezeModule(env *lua.LTable, chunks []*Chunk) {
	f := &freezer{h: h, proxies: map[*lua.LTable]*lua.LTable{}, seen: map[*lua.LFunction]bool{},
		escapes: map[string]map[string]bool{}, indexOnly: map[*lua.LTable]bool{}}
	f.moduleLevel = map[*lua.FunctionProto]bool{}
	for _, c := range chunks {
		f.escapes[c.Path] = c.escapes
		for _, p := range c.Proto.FunctionPrototypes {
			f.moduleLevel[p] = true
		}
	}
	f.findIndexOnly(env)
	f.seen = map[*lua.LFunction]bool{}
	keys, vals := entries(env)
	for i, k := range keys {
		if nv := f.value(vals[i], "global table `"+keyString(k)+"`"); nv != vals[i] {
			env.RawSet(k, nv)
		}
	}
}

func entries(t *lua.LTable) (keys, vals []lua.LValue) {
	t.ForEach(func(k, v lua.LValue) { keys, vals = append(keys, k), append(vals, v) })
	return keys, vals
}

// findIndexOnly marks the tables of plain values that only index-only module-level locals hold.
func (f *freezer) findIndexOnly(env *lua.LTable) {
	other := map[*lua.LTable]bool{} // held elsewhere: a global, another table, a local that escapes
	var fn func(v lua.LValue)
	fn = func(v lua.LValue) {
		l, ok := v.(*lua.LFunction)
		if !ok || l.IsG || f.seen[l] {
			return
		}
		f.seen[l] = true
		for i, uv := range l.Upvalues {
			if uv == nil {
				continue
			}
			t, ok := uv.Value().(*lua.LTable)
			if !ok {
				fn(uv.Value())
				continue
			}
			if f.moduleLevel[l.Proto] && i < len(l.Proto.DbgUpvalues) && f.escapes[l.Proto.SourceName] != nil &&
				!f.escapes[l.Proto.SourceName][l.Proto.DbgUpvalues[i]] && plainValues(t) {
				f.indexOnly[t] = true
			} else {
				f.walk(t, fn, other)
			}
		}
	}
	_, vals := entries(env)
	for _, v := range vals {
		if t, ok := v.(*lua.LTable); ok {
			f.walk(t, fn, other)
		}
		fn(v)
	}
	for t := range other {
		delete(f.indexOnly, t)
	}
}

// walk marks t and the tables inside it in done and calls fn for every value inside them.
func (f *freezer) walk(t *lua.LTable, fn func(lua.LValue), done map[*lua.LTable]bool) {
	if done[t] {
		return
	}
	done[t] = true
	raw(t).ForEach(func(_, v lua.LValue) {
		if c, ok := v.(*lua.LTable); ok {
			f.walk(c, fn, done)
		}
		fn(v)
	})
}

// plainValues says whether a table holds only numbers, strings and booleans (and is no proxy).
func plainValues(t *lua.LTable) bool {
	if t.Metatable != lua.LNil {
		return false
	}
	ok := true
	t.ForEach(func(_, v lua.LValue) {
		switch v.(type) {
		case lua.LNumber, lua.LString, lua.LBool:
		default:
			ok = false
		}
	})
	return ok
}

func (f *freezer) value(v lua.LValue, name string) lua.LValue {
	switch v := v.(type) {
	case *lua.LTable:
		return f.table(v, name)
	case *lua.LFunction:
		f.function(v)
	}
	return v
}

// table returns t's proxy, made once; its entries that are tables become their proxies too. Proxies
// made earlier (CARDS, params, the libraries, base) are already read-only, and a table with a
// metamethod key ("__index"...) is left as it is: a metatable must be a real table to work.
func (f *freezer) table(t *lua.LTable, name string) *lua.LTable {
	if p, ok := f.proxies[t]; ok {
		return p
	}
	if f.indexOnly[t] {
		return t
	}
	if roName(t) != "" {
		// already read-only: the functions it holds (base's, a variant's replaced hooks) still get
		// their upvalues frozen
		f.proxies[t] = t
		raw(t).ForEach(func(_, v lua.LValue) { f.value(v, "") })
		return t
	}
	if isMetatable(t) {
		return t
	}
	p := f.h.protect(t, name)
	markFrozen(p)
	f.proxies[t] = p
	keys, vals := entries(t)
	for i, k := range keys {
		if nv := f.value(vals[i], name); nv != vals[i] {
			t.RawSet(k, nv)
		}
	}
	return p
}

func isMetatable(t *lua.LTable) bool {
	meta := false
	t.ForEach(func(k, _ lua.LValue) {
		if s, ok := k.(lua.LString); ok && strings.HasPrefix(string(s), "__") {
			meta = true
		}
	})
	return meta
}

// function freezes what a Lua function's upvalues hold (the module-level locals it uses).
func (f *freezer) function(fn *lua.LFunction) {
	if fn.IsG || f.seen[fn] {
		return
	}
	f.seen[fn] = true
	for i, uv := range fn.Upvalues {
		if uv == nil {
			continue
		}
		name := "a module-level table"
		if i < len(fn.Proto.DbgUpvalues) {
			name = "module-level table `" + fn.Proto.DbgUpvalues[i] + "`"
		}
		v := uv.Value()
		if nv := f.value(v, name); nv != v {
			uv.SetValue(nv)
		}
	}
}

// freezeInPlace makes t itself read-only, and the tables inside it, not only proxies of them: the
// entries move to a new table that t now reads through, so a hook still holding t (or a table inside
// it) cannot change what was frozen (g:memo: a table changed after it is stored would reach every later
// game). t holds no functions and no cycles (memoable). A read-only t is returned as it is.
func freezeInPlace(h *Host, t *lua.LTable, name string) *lua.LTable {
	if roName(t) != "" {
		return t
	}
	inner := h.L.CreateTable(t.Len(), 0)
	keys, vals := entries(t)
	for i, k := range keys {
		if sub, ok := vals[i].(*lua.LTable); ok {
			vals[i] = freezeInPlace(h, sub, name)
		}
		inner.RawSet(k, vals[i])
	}
	for _, k := range keys {
		t.RawSet(k, lua.LNil)
	}
	t.Metatable = h.protect(inner, name).Metatable
	markFrozen(t)
	return t
}
