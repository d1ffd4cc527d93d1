package scripting

import (
	lua "github.com/yuin/gopher-lua"
)

// Dealing and reading one card: a deal is one g:deal call instead of a g:move_top per card, and a card
// at a position is read without the table g:cards builds (core/deal.go).

func init() {
	gMethods["deal"] = deal
	gMethods["card_at"] = cardAt
	mutators = append(mutators, "deal")
}

// deal is g:deal(from, fseat, to, n [, first]): deals from the top of from (fseat nil for a shared
// zone) one card at a time, clockwise from seat first (default 0), into every seat's `to` (a per-seat
// zone); n is how many each seat gets, or a list of counts in dealing order (the k-th for seat
// first+k-1), a seat that has its count being skipped. The same as that loop of g:move_top calls.
func deal(L *lua.LState) int {
	g := handle(L)
	from := zoneArg(L, g, 2, 3)
	to := L.CheckString(4)
	counts := make([]int, g.s.Players)
	switch n := L.Get(5).(type) {
	case lua.LNumber:
		each, ok := toInt(n)
		if !ok {
			L.ArgError(5, "expected a whole number of cards per seat")
		}
		for i := range counts {
			counts[i] = each
		}
	case *lua.LTable:
		counts = intList(L, 5, g.s.Players, "counts")
	default:
		L.ArgError(5, "expected a number of cards per seat or a list of counts")
	}
	first := 0
	if L.GetTop() >= 6 && L.Get(6) != lua.LNil {
		first = checkSeat(L, g, 6)
	}
	must(L, g.s.Handle().Deal(from, to, first, counts))
	return 0
}

// cardAt is g:card_at(zone, seat, i): the id of the zone's i-th card from the bottom (1 is the bottom,
// as in g:cards; seat nil for a shared zone), or nil when it holds fewer than i cards.
func cardAt(L *lua.LState) int {
	g := handle(L)
	cards := g.s.Cards(zoneArg(L, g, 2, 3))
	i, ok := toInt(L.Get(4))
	if !ok {
		L.ArgError(4, "expected a card position (1 is the bottom)")
	}
	if i < 1 || i > len(cards) {
		L.Push(lua.LNil)
		return 1
	}
	L.Push(g.r.data.cardStr[cards[i-1]])
	return 1
}
