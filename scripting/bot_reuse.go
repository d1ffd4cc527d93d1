package scripting

import (
	lua "github.com/yuin/gopher-lua"
)

// Handing a Lua bot a table costs more than most of what the bot does with it: gopher-lua allocates a
// map, a key list and a boxed key for every named field. So the tables of a bot's observation are kept
// from one decision to the next and handed again while they still hold the same data: the data is
// compared on the Go side (cheap), and so is the table, since a script may have written into a table it
// was handed; a table whose data changed is refilled in place when it has the data's shape (refresh),
// and one that differs in shape is built anew.

// holds reports whether lv is still the Lua value toLua makes of v: same plain values, tables with the
// same entries and nothing else (no extra key, no metatable).
func holds(lv lua.LValue, v any) bool {
	switch x := v.(type) {
	case []string:
		t := listOf(lv, len(x))
		for i := 0; t != nil && i < len(x); i++ {
			if e, ok := t.RawGetInt(i + 1).(lua.LString); !ok || string(e) != x[i] {
				return false
			}
		}
		return t != nil
	case []int:
		t := listOf(lv, len(x))
		for i := 0; t != nil && i < len(x); i++ {
			if !sameNumber(t.RawGetInt(i+1), float64(x[i])) {
				return false
			}
		}
		return t != nil
	case []any:
		t := listOf(lv, len(x))
		for i := 0; t != nil && i < len(x); i++ {
			if !holds(t.RawGetInt(i+1), x[i]) {
				return false
			}
		}
		return t != nil
	case map[string]any:
		return holdsMap(lv, x)
	}
	return holdsPlain(lv, v)
}

// holdsPlain is holds for a plain value (nil, a boolean, a number or a string).
func holdsPlain(lv lua.LValue, v any) bool {
	switch x := v.(type) {
	case nil:
		return lv == lua.LNil
	case bool:
		b, ok := lv.(lua.LBool)
		return ok && bool(b) == x
	case int:
		return sameNumber(lv, float64(x))
	case int64:
		return sameNumber(lv, float64(x))
	case float64:
		return sameNumber(lv, x)
	case string:
		s, ok := lv.(lua.LString)
		return ok && string(s) == x
	}
	return false
}

// holdsMap is holds for a map: a table with the same keys, each holding its value.
func holdsMap(lv lua.LValue, m map[string]any) bool {
	t := plainTable(lv)
	if t == nil || keyCount(t) != len(m) {
		return false
	}
	for k, e := range m {
		if !holds(t.RawGetString(k), e) {
			return false
		}
	}
	return true
}

func sameNumber(lv lua.LValue, x float64) bool {
	n, ok := lv.(lua.LNumber)
	return ok && float64(n) == x
}

// listOf is lv when it is a plain table of n values at 1..n and no other key, else nil.
func listOf(lv lua.LValue, n int) *lua.LTable {
	t := plainTable(lv)
	if t == nil || t.Len() != n || !onlyList(t) {
		return nil
	}
	return t
}

// onlyList reports whether t has no key but 1..#t.
func onlyList(t *lua.LTable) bool {
	n := t.Len()
	if n == 0 {
		return keyCount(t) == 0 // (Next reads a key 0 as "start over")
	}
	// nothing after n: Next from the last index finds no other key
	k, _ := t.Next(lua.LNumber(n))
	return k == lua.LNil
}

// plainTable is lv when it is a table without a metatable, else nil.
func plainTable(lv lua.LValue) *lua.LTable {
	t, ok := lv.(*lua.LTable)
	if !ok || t.Metatable != lua.LNil {
		return nil
	}
	return t
}

// keyCount counts the keys of t. It walks with Next, which hands back the keys gopher-lua keeps boxed
// (ForEach boxes every key again).
func keyCount(t *lua.LTable) int {
	n := 0
	for k, _ := t.Next(lua.LNil); k != lua.LNil; k, _ = t.Next(k) {
		n++
	}
	return n
}

// reuse returns old when it still holds v, else a new Lua value of v.
func reuse(L *lua.LState, old lua.LValue, v any) lua.LValue {
	if old != nil && holds(old, v) {
		return old
	}
	return toLua(L, v)
}

// refresh is reuse that also refills old in place when it has v's shape (refill): for a bot's kept
// tables, which are good for one decision, so a table of the previous decision may change.
func refresh(L *lua.LState, old lua.LValue, v any) lua.LValue {
	// refill compares each entry once and sets only those that differ: no holds walk before it
	if old != nil && refill(L, old, v) {
		return old
	}
	return reuse(L, old, v)
}

// refill makes old, a table of the same shape as toLua's of v (a map with the same keys, a list of the
// same length), hold v by setting the entries that differ: the table and its keys stay, so its pairs
// order is a new table's. It reports false, changing nothing, when the shapes differ.
func refill(L *lua.LState, old lua.LValue, v any) bool {
	switch x := v.(type) {
	case []string:
		return refillList(L, old, len(x), func(i int) any { return x[i] })
	case []int:
		return refillList(L, old, len(x), func(i int) any { return x[i] })
	case []any:
		return refillList(L, old, len(x), func(i int) any { return x[i] })
	case map[string]any:
		t := plainTable(old)
		if t == nil || keyCount(t) != len(x) {
			return false
		}
		for k := range x {
			if t.RawGetString(k) == lua.LNil {
				return false
			}
		}
		for k, e := range x {
			cur := t.RawGetString(k)
			if nv := refresh(L, cur, e); nv != cur {
				t.RawSetString(k, nv)
			}
		}
		return true
	}
	return false
}

// refillList is refill for a list of n values, the ith at(i).
func refillList(L *lua.LState, old lua.LValue, n int, at func(i int) any) bool {
	t := listOf(old, n)
	if t == nil {
		return false
	}
	for i := 0; i < n; i++ {
		cur := t.RawGetInt(i + 1)
		if nv := refresh(L, cur, at(i)); nv != cur {
			t.RawSetInt(i+1, nv)
		}
	}
	return true
}

// keptList is a plain list handed to a bot again at each decision, refilled (its legal moves, its
// new events). gopher-lua never shrinks a table's array, so finding the length walks back over every
// index cleared since; the list remembers the highest index it was filled to instead, clears the
// indexes past the new length up to it, and walks on from it to find a key a script added.
type keptList struct {
	t   *lua.LTable
	max int // the highest index t was filled to
}

// table returns the list to refill: the kept one while it has no metatable and no key past max
// (entries 1..max the caller overwrites or clear clears), else a new one.
func (k *keptList) table(L *lua.LState, size int) *lua.LTable {
	if k.t == nil || !k.keysOnly() {
		k.t, k.max = L.CreateTable(size, 0), 0
	}
	return k.t
}

func (k *keptList) keysOnly() bool {
	if k.t.Metatable != lua.LNil {
		return false
	}
	if k.max == 0 {
		return keyCount(k.t) == 0 // (Next reads a key 0 as "start over")
	}
	key, _ := k.t.Next(lua.LNumber(k.max))
	return key == lua.LNil
}

// clear ends the list at n entries, the caller having set 1..n. With gopher-lua's table layout known
// (bot_clone.go), the entries past n are cleared in its list part directly, as RawSetInt would (a
// bot's legal moves may number a hundred at one decision and a few at the next).
func (k *keptList) clear(n int) {
	if tableLayoutOK {
		array := layout(k.t).array
		for i := n; i < min(k.max, len(array)); i++ {
			array[i] = lua.LNil
		}
	} else {
		for i := k.max; i > n; i-- {
			k.t.RawSetInt(i, lua.LNil)
		}
	}
	k.max = max(k.max, n)
}
