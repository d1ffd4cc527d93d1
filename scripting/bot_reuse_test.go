package scripting

import (
	"testing"

	"github.com/stretchr/testify/assert"
	lua "github.com/yuin/gopher-lua"
)

func TestHolds(t *testing.T) {
	L := lua.NewState()
	defer L.Close()
	vars := map[string]any{"round": 2, "goal": "high", "list": []string{"a", "b"}, "on": true}
	cases := []struct {
		name   string
		v      any
		change func(lv lua.LValue) // what a script did to the table (nil: nothing)
		want   bool
	}{
		{"same map", vars, nil, true},
		{"a value changed", vars, func(lv lua.LValue) { lv.(*lua.LTable).RawSetString("goal", lua.LString("low")) }, false},
		{"a key added", vars, func(lv lua.LValue) { lv.(*lua.LTable).RawSetString("x", lua.LTrue) }, false},
		{"a key removed", vars, func(lv lua.LValue) { lv.(*lua.LTable).RawSetString("on", lua.LNil) }, false},
		{"a nested list appended to", vars, func(lv lua.LValue) {
			lv.(*lua.LTable).RawGetString("list").(*lua.LTable).Append(lua.LString("c"))
		}, false},
		{"a metatable set", vars, func(lv lua.LValue) { lv.(*lua.LTable).Metatable = L.NewTable() }, false},
		{"same list", []int{3, 1, 2}, nil, true},
		{"an empty list", []int{}, nil, true},
		{"an empty list given a key", []int{}, func(lv lua.LValue) { lv.(*lua.LTable).RawSetString("k", lua.LTrue) }, false},
		{"a list given a hash key", []string{"a"}, func(lv lua.LValue) { lv.(*lua.LTable).RawSetString("k", lua.LTrue) }, false},
		{"a list given a far index", []string{"a"}, func(lv lua.LValue) { lv.(*lua.LTable).RawSetInt(5, lua.LTrue) }, false},
		{"a list sorted", []string{"b", "a"}, func(lv lua.LValue) {
			t := lv.(*lua.LTable)
			a, b := t.RawGetInt(1), t.RawGetInt(2)
			t.RawSetInt(1, b)
			t.RawSetInt(2, a)
		}, false},
		{"nested any", []any{1.5, "x", map[string]any{"k": false}}, nil, true},
		{"plain number", 4, nil, true},
		{"nil", nil, nil, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			lv := toLua(L, c.v)
			if c.change != nil {
				c.change(lv)
			}
			assert.Equal(t, c.want, holds(lv, c.v))
			again := reuse(L, lv, c.v)
			assert.Equal(t, c.want, again == lv, "reuse hands the old value only when it holds")
			assert.True(t, holds(again, c.v))
		})
	}
	assert.False(t, holds(lua.LString("4"), 4), "a string is not the number")
	assert.False(t, holds(lua.LNumber(4), map[string]any{}), "a number is not a table")
}

// refresh refills a table of the same shape in place (same table, its pairs order a new table's) and
// builds a new one for any other shape, the value always holding v.
func TestRefresh(t *testing.T) {
	L := lua.NewState()
	defer L.Close()
	vars := map[string]any{"round": 2, "goal": "high", "list": []string{"a", "b"}, "on": true}
	changed := map[string]any{"round": 3, "goal": "low", "list": []string{"a", "c"}, "on": false}
	cases := []struct {
		name    string
		old, v  any
		change  func(lv lua.LValue)
		inPlace bool
	}{
		{"same map", vars, vars, nil, true},
		{"values changed", vars, changed, nil, true},
		{"a key more", vars, map[string]any{"round": 2, "goal": "high", "list": []string{"a", "b"}, "on": true, "x": 1}, nil, false},
		{"a key fewer", vars, map[string]any{"round": 2}, nil, false},
		{"a key the script added", vars, changed, func(lv lua.LValue) { lv.(*lua.LTable).RawSetString("x", lua.LTrue) }, false},
		{"a nested list of another length", vars, map[string]any{"round": 2, "goal": "high", "list": []string{"a"}, "on": true}, nil, true},
		{"list values changed", []int{1, 2, 3}, []int{3, 2, 1}, nil, true},
		{"a longer list", []int{1, 2}, []int{1, 2, 3}, nil, false},
		{"a list given a hash key", []int{1}, []int{2}, func(lv lua.LValue) { lv.(*lua.LTable).RawSetString("k", lua.LTrue) }, false},
		{"a metatable set", []string{"a"}, []string{"b"}, func(lv lua.LValue) { lv.(*lua.LTable).Metatable = L.NewTable() }, false},
		{"a number", 1, 2, nil, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			lv := toLua(L, c.old)
			if c.change != nil {
				c.change(lv)
			}
			got := refresh(L, lv, c.v)
			assert.Equal(t, c.inPlace, got == lv)
			assert.True(t, holds(got, c.v), "refresh's value holds v")
			if m, ok := c.v.(map[string]any); ok {
				var order []string
				forEach(got.(*lua.LTable), func(k, _ lua.LValue) { order = append(order, k.String()) })
				assert.Equal(t, sortedKeys(m), order, "pairs order of a new table")
			}
		})
	}
}
