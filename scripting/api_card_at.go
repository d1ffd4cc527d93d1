package scripting

import (
	lua "github.com/yuin/gopher-lua"
)

// g:card_at(zone, seat, i): the id of the zone's i-th card from the bottom (1 is the bottom, as in
// g:cards; seat nil for a shared zone), or nil when it holds fewer than i cards: one card read without
// the table g:cards builds.
func init() { registerMethod("card_at", false, cardAt) }

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
