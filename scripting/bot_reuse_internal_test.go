package scripting

import (
	"testing"

	"github.com/stretchr/testify/require"
	lua "github.com/yuin/gopher-lua"
)

// A kept list comes back refilled while a script only changed its entries, and is made anew when a
// script gave it another key or a metatable: whatever the script did, the refilled list holds exactly
// the new entries; with gopher-lua's table layout known (entries cleared in its list part) or not.
func TestKeptList(t *testing.T) { withAndWithoutLayout(t, checkKeptList) }

// withAndWithoutLayout runs check with gopher-lua's table layout known (tableLayoutOK, which it must
// be here), then as if it were not.
func withAndWithoutLayout(t *testing.T, check func(t *testing.T)) {
	require.True(t, tableLayoutOK)
	for _, known := range []bool{true, false} {
		t.Run(map[bool]string{true: "layout known", false: "layout unknown"}[known], func(t *testing.T) {
			defer func() { tableLayoutOK = true }()
			tableLayoutOK = known
			check(t)
		})
	}
}

func checkKeptList(t *testing.T) {
	for _, c := range []struct {
		name   string
		tamper func(L *lua.LState, t *lua.LTable)
		kept   bool
	}{
		{"untouched", func(*lua.LState, *lua.LTable) {}, true},
		{"an entry changed", func(_ *lua.LState, t *lua.LTable) { t.RawSetInt(2, lua.LString("x")) }, true},
		{"an entry removed", func(_ *lua.LState, t *lua.LTable) { t.RawSetInt(1, lua.LNil) }, true},
		{"an entry appended (at an index cleared before)", func(_ *lua.LState, t *lua.LTable) { t.Append(lua.LString("x")) }, true},
		{"an entry past the highest index", func(_ *lua.LState, t *lua.LTable) { t.RawSetInt(5, lua.LString("x")) }, false},
		{"a far index", func(_ *lua.LState, t *lua.LTable) { t.RawSetInt(100, lua.LTrue) }, false},
		{"a string key", func(_ *lua.LState, t *lua.LTable) { t.RawSetString("n", lua.LTrue) }, false},
		{"a metatable", func(L *lua.LState, t *lua.LTable) { t.Metatable = L.NewTable() }, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			h := NewHost()
			defer h.Close()
			var k keptList
			fill := func(vals ...string) *lua.LTable {
				lt := k.table(h.L, len(vals))
				for i, v := range vals {
					lt.RawSetInt(i+1, lua.LString(v))
				}
				k.clear(len(vals))
				return lt
			}
			first := fill("a", "b", "c", "d")
			fill("a", "b", "c") // a shorter list, then a longer one: every index up to the highest is cleared
			c.tamper(h.L, first)
			second := fill("e", "f")
			require.Equal(t, c.kept, first == second)
			require.NotNil(t, listOf(second, 2), "only the new entries")
			require.Equal(t, lua.LString("e"), second.RawGetInt(1))
			require.Equal(t, lua.LString("f"), second.RawGetInt(2))
			require.Equal(t, lua.LNil, second.RawGetInt(3))
		})
	}
}
