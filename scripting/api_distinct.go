package scripting

import (
	lua "github.com/yuin/gopher-lua"

	"github.com/ruleslab/ruleslab/core"
)

// g:distinct(zone [, seat [, keep]]) -> ids, count: the ids of a zone's cards, bottom to top, each run
// of copies of one id once (a zone kept in catalogue order with g:sort lists each id once), and the
// number of cards in the zone. With keep (a table keyed by card id, such as `{G2 = true, G4 = true}`),
// only the ids keep maps to a true value. It replaces the hook loop that offers a move per card of a
// hand: the loop, the comparison with the previous card and the test run in Go, and the hook turns the
// few ids left into moves (build keep once, at load time or in g:memo, not per call).
func init() { gMethods["distinct"] = gDistinct }

func gDistinct(L *lua.LState) int {
	g := handle(L)
	cards := g.s.Cards(zoneArg(L, g, 2, 3))
	var keep *lua.LTable
	switch t := L.Get(4).(type) {
	case *lua.LTable:
		keep = raw(t)
	case *lua.LNilType:
	default:
		L.ArgError(4, "expected a table keyed by card id (the ids to keep) or nil")
	}
	ids := L.CreateTable(min(len(cards), 8), 0)
	str := g.r.data.cardStr
	g.s.Game.Catalog.Runs(cards, func(c core.CardIdx) {
		if keep == nil || lua.LVAsBool(keep.RawGet(str[c])) {
			ids.Append(str[c])
		}
	})
	L.Push(ids)
	L.Push(g.r.h.int(len(cards)))
	return 2
}
