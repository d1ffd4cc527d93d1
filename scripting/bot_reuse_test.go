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
