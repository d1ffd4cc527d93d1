package scripting

import (
	lua "github.com/yuin/gopher-lua"
)

// g:deal(from, fseat, to, n [, first]) deals n cards to each seat's `to` zone from the top of `from`,
// one at a time around the table from seat `first` (default 0): one call instead of a g:move_top per
// card, which is most of a deal's cost in a hook.
func init() { registerMethod("deal", true, luaDeal) }

func luaDeal(L *lua.LState) int {
	g := handle(L)
	from := zoneArg(L, g, 2, 3)
	to := perSeatZoneArg(L, g, 4, "g:deal deals to")
	n, ok := toInt(L.Get(5))
	if !ok || n < 0 {
		L.ArgError(5, "expected a number of cards per seat (0 or more)")
	}
	first := 0
	if L.Get(6) != lua.LNil {
		first = checkSeat(L, g, 6)
	}
	L.Push(g.r.h.int(g.s.Handle().Deal(from, to, n, first)))
	return 1
}
