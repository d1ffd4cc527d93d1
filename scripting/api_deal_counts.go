package scripting

import (
	"fmt"

	lua "github.com/yuin/gopher-lua"
)

// g:deal_counts(from, fseat, to, counts [, first]) is g:deal with a count per seat (counts[k] to the
// k-th seat dealt to, from seat `first`): an uneven deal (the first seats get one more) in one call
// instead of a g:move_top per card (core.DealCounts).
func init() { registerMethod("deal_counts", true, luaDealCounts) }

func luaDealCounts(L *lua.LState) int {
	g := handle(L)
	from := zoneArg(L, g, 2, 3)
	to := perSeatZoneArg(L, g, 4, "g:deal_counts deals to")
	counts := intList(L, 5, g.s.Players, "counts")
	if len(counts) != g.s.Players {
		L.ArgError(5, fmt.Sprintf("expected a count for each of the %d seats, got %d", g.s.Players, len(counts)))
	}
	for k, n := range counts {
		if n < 0 {
			L.ArgError(5, fmt.Sprintf("counts[%d] is %d: a count is 0 or more", k+1, n))
		}
	}
	first := 0
	if L.Get(6) != lua.LNil {
		first = checkSeat(L, g, 6)
	}
	L.Push(g.r.h.int(g.s.Handle().DealCounts(from, to, first, counts)))
	return 1
}

// perSeatZoneArg reads argument n as the name of a per-seat zone and returns its def index; any other
// name raises "<what> a per-seat zone; "x" is not one".
func perSeatZoneArg(L *lua.LState, g *gHandle, n int, what string) int {
	name := L.CheckString(n)
	z, ok := g.s.Game.ZoneIndex(name)
	if !ok || !g.s.Game.Zones[z].PerSeat {
		L.ArgError(n, fmt.Sprintf("%s a per-seat zone; %q is not one", what, name))
	}
	return z
}
