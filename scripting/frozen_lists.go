package scripting

import (
	lua "github.com/yuin/gopher-lua"
)

// Lists read from frozen tables. A table frozen after load (a module-level table) or by g:memo can
// never change again: Lua sees only its read-only proxy and Go never writes it. So the list of strings
// Go reads from it (g:ask's moves) is read once, kept with the table, and shared by every decision
// that offers it; the engine never changes a decision's moves in place (clones of a state share them
// already). A search asks the same list in every playout, and reading a long one cost as much as a
// rule's hook. Other read-only tables (trick.cards, events) change under their proxy: read afresh.

// markFrozen records, in its metatable, that the read-only table p can never change.
func markFrozen(p *lua.LTable) {
	if mt, ok := p.Metatable.(*lua.LTable); ok {
		mt.RawSetString("__frozen", lua.LTrue)
	}
}

// movesOf returns the strings of the list t (argument arg of the running g method): read once for a
// frozen table (kept in its metatable, so they go when it goes), afresh for any other.
func movesOf(L *lua.LState, t *lua.LTable, arg int) []string {
	mt, _ := t.Metatable.(*lua.LTable)
	if mt == nil {
		return stringsOfList(L, t, arg)
	}
	if kept, ok := mt.RawGetString("__moves").(*lua.LUserData); ok {
		return kept.Value.([]string)
	}
	moves := stringsOfList(L, raw(t), arg)
	if mt.RawGetString("__frozen") == lua.LTrue {
		mt.RawSetString("__moves", &lua.LUserData{Value: moves})
	}
	return moves
}

// stringsOfList reads the list t of strings, or raises an argument error for argument arg.
func stringsOfList(L *lua.LState, t *lua.LTable, arg int) []string {
	return appendMoves(L, make([]string, 0, t.Len()), t, arg)
}

// appendMoves appends the strings of the list t to moves, or raises an argument error for argument arg.
func appendMoves(L *lua.LState, moves []string, t *lua.LTable, arg int) []string {
	n := t.Len()
	for i := 1; i <= n; i++ {
		s, ok := t.RawGetInt(i).(lua.LString)
		if !ok {
			L.ArgError(arg, "moves must be a list of strings")
		}
		moves = append(moves, string(s))
	}
	return moves
}
