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

// freezer replaces the tables a loaded environment reaches by read-only proxies, each table by one proxy
// wherever it is reached (so identity and aliasing are kept).
type freezer struct {
	h       *Host
	proxies map[*lua.LTable]*lua.LTable
	seen    map[*lua.LFunction]bool
}

// freezeModule makes the tables of a loaded rules environment read-only.
func (h *Host) freezeModule(env *lua.LTable) {
	f := &freezer{h: h, proxies: map[*lua.LTable]*lua.LTable{}, seen: map[*lua.LFunction]bool{}}
	var keys, vals []lua.LValue
	env.ForEach(func(k, v lua.LValue) { keys, vals = append(keys, k), append(vals, v) })
	for i, k := range keys {
		if nv := f.value(vals[i], "global table `"+keyString(k)+"`"); nv != vals[i] {
			env.RawSet(k, nv)
		}
	}
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
	f.proxies[t] = p
	var keys, vals []lua.LValue
	t.ForEach(func(k, v lua.LValue) { keys, vals = append(keys, k), append(vals, v) })
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
