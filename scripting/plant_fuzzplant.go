//go:build fuzzplant

package scripting

import lua "github.com/yuin/gopher-lua"

// A planted bug for testing `ruleslab fuzz` (only in binaries built with -tags fuzzplant):
// g:lose_card(zone [, seat]) takes the zone's top card out of the game, which no rule may do.
func init() {
	gMethods["lose_card"] = func(L *lua.LState) int {
		g := handle(L)
		z := zoneArg(L, g, 2, 3)
		if g.s.Count(z) > 0 {
			g.s.Handle().TakeAt(z, 0)
		}
		return 0
	}
}
