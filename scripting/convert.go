package scripting

import (
	"fmt"
	"math"
	"slices"

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
		var room [16]string
		for _, k := range appendSortedKeys(room[:0], x) {
			t.RawSetString(k, toLua(L, x[k]))
		}
		return t
	}
	return lua.LNil
}

// sortedKeys lists a map's keys in order. A Lua table's pairs() walks its keys in the order they were
// set, and a Go map's order changes from run to run: a table filled in map order would make a script
// that walks it with pairs (a bot reading obs.vars or an event) choose differently for the same seed.
func sortedKeys[V any](m map[string]V) []string {
	return appendSortedKeys(make([]string, 0, len(m)), m)
}

// appendSortedKeys appends a map's keys to dst in order: sortedKeys into a caller's buffer (an event's
// few fields sort in a stack array, without an allocation).
func appendSortedKeys[V any](dst []string, m map[string]V) []string {
	for k := range m {
		dst = append(dst, k)
	}
	slices.Sort(dst)
	return dst
}

// forEach is LTable.ForEach without its allocations: ForEach boxes every string key it hands over,
// while Next hands back the key the table already holds (event fields cross on every move).
func forEach(t *lua.LTable, fn func(k, v lua.LValue)) {
	for k, v := t.Next(lua.LNil); k != lua.LNil; k, v = t.Next(k) {
		fn(k, v)
	}
}

// numberToGo is a finite number as a float64; 0..255 preboxed, as event fields are mostly seats and
// counts.
func numberToGo(f float64) (any, error) {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return nil, fmt.Errorf("%v is not a finite number", f)
	}
	if i := int(f); i >= 0 && i < len(smallFloats) && float64(i) == f && !math.Signbit(f) {
		return smallFloats[i], nil
	}
	return f, nil
}

// smallFloats are the numbers 0..255 boxed once: boxing a float64 in an interface allocates.
var smallFloats = func() (out [256]any) {
	for i := range out {
		out[i] = float64(i)
	}
	return out
}()

// maxDepth is how deeply tables may nest in a value converted for Go (event fields...).
const maxDepth = 32

// toGo converts a Lua value to plain Go values: float64, string, bool, []any (sequences) or
// map[string]any. Integral numbers stay float64; JSON prints them without a fraction. A table that
// contains itself, nests deeper than maxDepth, or a NaN or infinite number is an error.
func toGo(v lua.LValue) (any, error) {
	return toGoDepth(v, 0, nil)
}

func toGoDepth(v lua.LValue, depth int, path []*lua.LTable) (any, error) {
	switch x := v.(type) {
	case lua.LNumber:
		return numberToGo(float64(x))
	case lua.LString:
		return string(x), nil
	case lua.LBool:
		return bool(x), nil
	case *lua.LTable:
		x = raw(x)
		for _, p := range path {
			if p == x {
				return nil, fmt.Errorf("a table contains itself")
			}
		}
		if depth >= maxDepth {
			return nil, fmt.Errorf("tables nest deeper than %d levels", maxDepth)
		}
		path = append(path, x)
		if n := x.Len(); n > 0 {
			out := make([]any, 0, n)
			for i := 1; i <= n; i++ {
				e, err := toGoDepth(x.RawGetInt(i), depth+1, path)
				if err != nil {
					return nil, err
				}
				out = append(out, e)
			}
			return out, nil
		}
		m := map[string]any{}
		var err error
		forEach(x, func(k, val lua.LValue) {
			if err != nil {
				return
			}
			var e any
			if e, err = toGoDepth(val, depth+1, path); err == nil {
				m[k.String()] = e
			}
		})
		if err != nil {
			return nil, err
		}
		if len(m) == 0 {
			return []any{}, nil
		}
		return m, nil
	}
	return nil, nil
}

// finite reports whether f is neither NaN nor infinite.
func finite(f float64) bool { return !math.IsNaN(f) && !math.IsInf(f, 0) }

// maxExactInt is the largest integer a float64 (a Lua number, a JSON number) holds exactly.
const maxExactInt = 1 << 53

func toInt(v lua.LValue) (int, bool) {
	n, ok := v.(lua.LNumber)
	if !ok {
		return 0, false
	}
	// in range (NaN is not), a float is whole when converting it to int and back keeps it: cheaper
	// than math.Trunc, and every seat and count argument of a g: call comes here
	f := float64(n)
	if !(f <= maxExactInt && f >= -maxExactInt) {
		return 0, false
	}
	if i := int(f); float64(i) == f {
		return i, true
	}
	return 0, false
}

// sizeOf estimates the bytes a converted value takes.
func sizeOf(v any) int {
	switch x := v.(type) {
	case string:
		return 16 + len(x)
	case []any:
		n := 24
		for _, e := range x {
			n += sizeOf(e)
		}
		return n
	case map[string]any:
		n := 48
		for k, e := range x {
			n += 16 + len(k) + sizeOf(e)
		}
		return n
	}
	return 16
}
