package scripting

import (
	lua "github.com/yuin/gopher-lua"

	"github.com/ruleslab/ruleslab/core"
)

// g:set_values(key, value, key, value, ...) sets several public game-wide values (nil clears one), as
// that many g:set calls would, in one call into Go: the values a turn's start resets together.
func init() {
	gMethods["set_values"] = func(L *lua.LState) int {
		g := handle(L)
		top := L.GetTop()
		if (top-1)%2 != 0 {
			L.ArgError(top, "values come in pairs: a key, then its value")
		}
		h := g.s.Handle()
		for i := 2; i < top; i += 2 {
			must(L, h.Set(L.CheckString(i), plainArg(L, i+1, core.VisPublic)))
		}
		return 0
	}
	mutators = append(mutators, "set_values")
}
