package scripting

import (
	"testing"

	"github.com/stretchr/testify/require"
	lua "github.com/yuin/gopher-lua"
)

// runLua runs src as the engine runs a hook (within a budget) with the globals given.
func runLua(t *testing.T, h *Host, globals map[string]lua.LValue, src string) error {
	t.Helper()
	for k, v := range globals {
		h.L.SetGlobal(k, v)
	}
	fn, err := h.L.LoadString(src)
	require.NoError(t, err)
	h.SetBudget(1000)
	return h.call("test", fn, 0)
}

// A proxy's metatable has no __metatable field (a key less to make): getmetatable and setmetatable
// still treat it as protected, and treat every other table as before.
func TestProxyMetatableIsOutOfReach(t *testing.T) {
	h := NewHost()
	defer h.Close()
	real := h.L.CreateTable(0, 1)
	real.RawSetString("x", lua.LNumber(1))
	own := h.L.CreateTable(0, 1)
	own.RawSetString("__metatable", lua.LString("mine"))
	globals := map[string]lua.LValue{"p": h.protect(real, "probe"), "own": own}
	for _, c := range []struct{ src, err string }{
		{`assert(getmetatable(p) == false)`, ""},
		{`setmetatable(p, {})`, "cannot change a protected metatable"},
		{`setmetatable(p, nil)`, "cannot change a protected metatable"},
		{`setmetatable(p, 5)`, "bad argument #2"},
		{`local t = setmetatable({}, {__index = {y = 2}}); assert(t.y == 2 and getmetatable(t).__index.y == 2)`, ""},
		{`local t = setmetatable({}, own); assert(getmetatable(t) == "mine")`, ""},
		{`setmetatable(setmetatable({}, own), {})`, "cannot change a protected metatable"},
		{`assert(getmetatable("").__index == nil)`, "attempt to index a non-table object(boolean)"},
		{`assert(getmetatable(1) == nil and getmetatable({}) == nil)`, ""},
	} {
		err := runLua(t, h, globals, c.src)
		if c.err == "" {
			require.NoError(t, err, c.src)
		} else {
			require.ErrorContains(t, err, c.err, c.src)
		}
	}
	require.Equal(t, lua.LNumber(1), raw(globals["p"].(*lua.LTable)).RawGetString("x"), "the real table is unchanged")
}

// A proxy is known by its guard, and only by it: a metatable with another userdata as __newindex, or
// with a function, marks no proxy.
func TestProxyIsKnownByItsGuard(t *testing.T) {
	h := NewHost()
	defer h.Close()
	real := h.L.CreateTable(0, 0)
	p := h.protect(real, "probe")
	require.True(t, isProxy(p))
	require.Same(t, real, raw(p))
	require.Equal(t, "probe", roName(p))
	require.Same(t, h.roGuard("probe"), h.roGuard("probe"), "one guard per name")
	for name, newindex := range map[string]lua.LValue{
		"another userdata": &lua.LUserData{Value: "probe"},
		"a function":       h.L.NewFunction(func(*lua.LState) int { return 0 }),
	} {
		forged := h.L.CreateTable(0, 0)
		meta := h.L.CreateTable(0, 2)
		meta.RawSetString("__index", real)
		meta.RawSetString("__newindex", newindex)
		forged.Metatable = meta
		require.False(t, isProxy(forged), name)
		require.Same(t, forged, raw(forged), name)
		require.Equal(t, "", roName(forged), name)
	}
}

// protectDeep reaches every table inside: in the list part (past a hole too) and under any other key,
// the first one after the list included.
func TestProtectDeepReachesEveryTable(t *testing.T) {
	h := NewHost()
	defer h.Close()
	L := h.L
	list := func(vs ...lua.LValue) *lua.LTable {
		t := L.CreateTable(len(vs), 0)
		for i, x := range vs {
			t.RawSetInt(i+1, x)
		}
		return t
	}
	field := func(t *lua.LTable, k string, x lua.LValue) *lua.LTable { t.RawSetString(k, x); return t }
	n := func(i int) lua.LValue { return lua.LNumber(i) }
	// {list = {{1}, {2}, nil, {4}, key = {k = {deep = 1}}}, map = {a = {1}, b = 2}, plain = {1, 2, 3}}
	holed := list(list(n(1)), list(n(2)), lua.LNil, list(n(4)))
	field(holed, "key", field(L.NewTable(), "k", field(L.NewTable(), "deep", n(1))))
	top := L.NewTable()
	field(top, "list", holed)
	field(top, "map", field(field(L.NewTable(), "a", list(n(1))), "b", n(2)))
	field(top, "plain", list(n(1), n(2), n(3)))
	v := h.protectDeep(top, "probe")
	for _, write := range []string{
		`v.x = 1`, `v.list[1][1] = 0`, `v.list[2].x = 0`, `v.list[4][1] = 0`, `v.list.key.k.deep = 0`,
		`v.list.key.x = 0`, `v.map.a[1] = 0`, `v.map.c = 0`, `v.plain[1] = 0`, `v.plain[4] = 0`,
	} {
		require.ErrorContains(t, runLua(t, h, map[string]lua.LValue{"v": v}, write), "probe is read-only", write)
	}
	require.NoError(t, runLua(t, h, map[string]lua.LValue{"v": v}, `
		assert(#v.plain == 3 and v.plain[3] == 3 and #v.list[4] == 1 and v.list.key.k.deep == 1)
		assert(v.map.a[1] == 1 and v.map.b == 2)
		local n = 0
		for k, x in pairs(v.map) do n = n + 1 end
		assert(n == 2)`))
}
