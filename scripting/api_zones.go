package scripting

import (
	lua "github.com/yuin/gopher-lua"

	"github.com/ruleslab/ruleslab/core"
)

func (g *gHandle) cardsTable(L *lua.LState, cards []core.CardIdx) *lua.LTable {
	t := L.CreateTable(len(cards), 0)
	for _, c := range cards {
		t.Append(g.r.data.cardStr[c])
	}
	return t
}

// gZoneMethods are the g methods on zones and the cards in them.
var gZoneMethods = map[string]lua.LGFunction{
	"cards": func(L *lua.LState) int {
		g := handle(L)
		L.Push(g.cardsTable(L, g.s.Cards(zoneArg(L, g, 2, 3))))
		return 1
	},
	"count": func(L *lua.LState) int {
		g := handle(L)
		L.Push(g.r.h.int(g.s.Count(zoneArg(L, g, 2, 3))))
		return 1
	},
	"has": func(L *lua.LState) int {
		g := handle(L)
		var z core.ZoneRef
		var id string
		if L.GetTop() >= 4 {
			z, id = zoneArg(L, g, 2, 3), L.CheckString(4)
		} else {
			z, id = zoneArg(L, g, 2, 99), L.CheckString(3)
		}
		L.Push(lua.LBool(g.s.Handle().Find(z, id) >= 0))
		return 1
	},
	"top": func(L *lua.LState) int {
		g := handle(L)
		cards := g.s.Cards(zoneArg(L, g, 2, 3))
		if len(cards) == 0 {
			L.Push(lua.LNil)
		} else {
			L.Push(g.r.data.cardStr[cards[len(cards)-1]])
		}
		return 1
	},
	"tally": luaTally,
	"count_kind": func(L *lua.LState) int {
		g := handle(L)
		cards := g.s.Cards(zoneArg(L, g, 2, 3))
		kind := L.CheckString(4)
		n := 0
		for _, c := range cards {
			if g.s.Game.Catalog.Cards[c].Kind == kind {
				n++
			}
		}
		L.Push(g.r.h.int(n))
		return 1
	},
	"move": func(L *lua.LState) int {
		g := handle(L)
		id := L.CheckString(2)
		from, to := zoneArg(L, g, 3, 4), zoneArg(L, g, 5, 6)
		must(L, g.s.Handle().MoveCard(id, from, to))
		return 0
	},
	"move_top": func(L *lua.LState) int {
		g := handle(L)
		from, to := zoneArg(L, g, 2, 3), zoneArg(L, g, 4, 5)
		L.Push(g.r.h.int(g.s.Handle().MoveTop(from, to, L.OptInt(6, 1))))
		return 1
	},
	"move_all": func(L *lua.LState) int {
		g := handle(L)
		g.s.Handle().MoveAll(zoneArg(L, g, 2, 3), zoneArg(L, g, 4, 5))
		return 0
	},
	"shuffle": func(L *lua.LState) int {
		g := handle(L)
		g.s.Handle().Shuffle(zoneArg(L, g, 2, 3))
		return 0
	},
	"sort": func(L *lua.LState) int {
		g := handle(L)
		g.s.Handle().Sort(zoneArg(L, g, 2, 3))
		return 0
	},
}
