package scripting

import (
	"fmt"

	"github.com/ruleslab/ruleslab/core"
	lua "github.com/yuin/gopher-lua"
)

// Dealing in one call instead of a g:move_top per card, which is most of a deal's cost in a hook:
//   - g:deal(from, fseat, to, n [, first]) deals n cards to each seat's `to` zone from the top of
//     `from`, one at a time around the table from seat `first` (default 0);
//   - g:deal_counts(from, fseat, to, counts [, first]) the same with a count per seat (counts[k] to the
//     k-th seat dealt to): an uneven deal (the first seats get one more).
//
// Both return how many cards moved (fewer when `from` runs out): core.DealCounts.
func init() {
	registerMethod("deal", true, luaDeal)
	registerMethod("deal_counts", true, luaDealCounts)
}

func luaDeal(L *lua.LState) int {
	g := handle(L)
	from := zoneArg(L, g, 2, 3)
	to := perSeatZoneArg(L, g, 4, "g:deal deals to")
	n, ok := toInt(L.Get(5))
	if !ok || n < 0 {
		L.ArgError(5, "expected a number of cards per seat (0 or more)")
	}
	counts := make([]int, g.s.Players)
	for i := range counts {
		counts[i] = n
	}
	return deal(L, g, from, to, counts)
}

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
	return deal(L, g, from, to, counts)
}

// deal deals counts from the zone from into the per-seat zone def to, from the seat argument 6 names
// (seat 0 without it), and returns the number dealt to Lua.
func deal(L *lua.LState, g *gHandle, from core.ZoneRef, to int, counts []int) int {
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
	z, ok := g.zones.index(g.s.Game, name)
	if !ok || !g.s.Game.Zones[z].PerSeat {
		L.ArgError(n, fmt.Sprintf("%s a per-seat zone; %q is not one", what, name))
	}
	return z
}
