package scripting

import (
	"math"

	lua "github.com/yuin/gopher-lua"
)

// toLua converts plain Go values (as YAML and JSON produce them) to Lua values.
func toLua(L *lua.LState, v any) lua.LValue {
	switch x := v.(type) {
	case nil:
		return lua.LNil
	case bool:
		return lua.LBool(x)
	case int:
		return lua.LNumber(x)
	case int64:
		return lua.LNumber(x)
	case float64:
		return lua.LNumber(x)
	case string:
		return lua.LString(x)
	case []string:
		t := L.CreateTable(len(x), 0)
		for _, s := range x {
			t.Append(lua.LString(s))
		}
		return t
	case []int:
		t := L.CreateTable(len(x), 0)
		for _, s := range x {
			t.Append(lua.LNumber(s))
		}
		return t
	case []any:
		t := L.CreateTable(len(x), 0)
		for _, e := range x {
			t.Append(toLua(L, e))
		}
		return t
	case map[string]any:
		t := L.CreateTable(0, len(x))
		for k, e := range x {
			t.RawSetString(k, toLua(L, e))
		}
		return t
	}
	return lua.LNil
}

// toGo converts a Lua value to plain Go values: float64, string, bool, []any (sequences) or
// map[string]any. Integral numbers stay float64; JSON prints them without a fraction.
func toGo(v lua.LValue) any {
	switch x := v.(type) {
	case lua.LNumber:
		return float64(x)
	case lua.LString:
		return string(x)
	case lua.LBool:
		return bool(x)
	case *lua.LTable:
		if n := x.Len(); n > 0 {
			out := make([]any, 0, n)
			for i := 1; i <= n; i++ {
				out = append(out, toGo(x.RawGetInt(i)))
			}
			return out
		}
		m := map[string]any{}
		x.ForEach(func(k, val lua.LValue) { m[k.String()] = toGo(val) })
		if len(m) == 0 {
			return []any{}
		}
		return m
	}
	return nil
}

func toInt(v lua.LValue) (int, bool) {
	n, ok := v.(lua.LNumber)
	if !ok {
		return 0, false
	}
	f := float64(n)
	if f != math.Trunc(f) {
		return 0, false
	}
	return int(f), true
}
