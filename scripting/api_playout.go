package scripting

import (
	lua "github.com/yuin/gopher-lua"
)

// g:playout() -> whether the game is a search bot's playout (core.State.StartPlayout), where events,
// rule marks and statistics are not kept: g:event, g:emit, g:rule and g:stat return at once there. A
// hook that computes what only they show (the fields of an event, which rule decided) may skip that
// work when it is true; nothing that changes the game may depend on it.
func init() { registerMethod("playout", false, playout) }

func playout(L *lua.LState) int {
	L.Push(lua.LBool(handle(L).s.Playout()))
	return 1
}
