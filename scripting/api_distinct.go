package scripting

import (
	"fmt"

	lua "github.com/yuin/gopher-lua"

	"github.com/ruleslab/ruleslab/core"
)

// g:distinct(zone [, seat [, keep [, spell [, into]]]]) -> list, count: the ids of a zone's cards,
// bottom to top, each run of copies of one id once (a zone kept in catalogue order with g:sort lists
// each id once), and the number of cards in the zone. With keep (a table keyed by card id, such as
// `{G2 = true, G4 = true}`), only the ids keep maps to a true value; with spell (a table id -> string,
// such as `PLAY["G2"] = "play G2"`), each id's spelling instead of the id; with into (a list), appended
// to it rather than to a new list. It is the hook loop that offers a move per card of a hand, done in
// Go: `g:distinct("hand", seat, playable, PLAY, moves)` (build keep and spell once, at load time or in
// g:memo, not per call).
func init() { gMethods["distinct"] = gDistinct }

func gDistinct(L *lua.LState) int {
	g := handle(L)
	cards := g.s.Cards(zoneArg(L, g, 2, 3))
	keep, spell := optTable(L, 4, "a table keyed by card id (the ids to keep)"), optTable(L, 5, "a table id -> spelling")
	var list *lua.LTable
	if into, ok := L.Get(6).(*lua.LTable); ok {
		g.r.h.checkWritable(L, into, "g:distinct") // a read-only table is refused, not written through
		list = into
	} else if L.Get(6) != lua.LNil {
		L.ArgError(6, "expected a list to append to or nil")
	} else {
		list = L.CreateTable(min(len(cards), 8), 0)
	}
	str := g.r.data.cardStr
	g.s.Game.Catalog.Runs(cards, func(c core.CardIdx) {
		if keep != nil && !lua.LVAsBool(keep.RawGet(str[c])) {
			return
		}
		if spell == nil {
			list.Append(str[c])
		} else if s := spell.RawGet(str[c]); s.Type() == lua.LTString {
			list.Append(s) // the stored value as it is: re-boxing the string would allocate
		} else {
			L.ArgError(5, fmt.Sprintf("spell has no string for %s", str[c].String()))
		}
	})
	L.Push(list)
	L.Push(g.r.h.int(len(cards)))
	return 2
}

// optTable is argument n when it is a table (the table a read-only proxy stands for), nil when it is
// nil, else an argument error that expects what.
func optTable(L *lua.LState, n int, what string) *lua.LTable {
	switch t := L.Get(n).(type) {
	case *lua.LTable:
		return raw(t)
	case *lua.LNilType:
		return nil
	}
	L.ArgError(n, "expected "+what+" or nil")
	return nil
}
