package scripting

import (
	"fmt"

	lua "github.com/yuin/gopher-lua"

	"github.com/ruleslab/ruleslab/core"
)

// g:first_of(zone, seat, ids [, from]) -> i, id: the first entry of the list ids, from position from
// (default 1) on, whose card the zone holds, with its position in ids; nil when the zone holds none
// of them. "Which of these cards, in this order, does the zone hold": one call where a hook would
// call g:has per id (a stack's special cards in id order, a hand's trumps by rank).
func init() { registerMethod("first_of", false, firstOf) }

func firstOf(L *lua.LState) int {
	g := handle(L)
	cards := g.s.Cards(zoneArg(L, g, 2, 3))
	ids := raw(L.CheckTable(4))
	cat := g.s.Game.Catalog
	for i, n := max(L.OptInt(5, 1), 1), ids.Len(); i <= n; i++ {
		v := ids.RawGetInt(i)
		id, ok := v.(lua.LString)
		if !ok {
			L.ArgError(4, fmt.Sprintf("ids[%d] is %s, not a card id", i, v.Type()))
		}
		if zoneHolds(cat, cards, string(id)) {
			L.Push(g.r.h.int(i))
			L.Push(v)
			return 2
		}
	}
	L.Push(lua.LNil)
	return 1
}

// zoneHolds reports whether cards hold a card with this id: the id's cards are looked up once and
// compared by index (comparing the id with each card's costs a string comparison per card).
func zoneHolds(cat *core.Catalog, cards []core.CardIdx, id string) bool {
	copies := cat.Lookup(id)
	for _, c := range cards {
		for _, k := range copies {
			if c == k {
				return true
			}
		}
	}
	return false
}
