package scripting

import (
	"fmt"

	lua "github.com/yuin/gopher-lua"

	"github.com/ruleslab/ruleslab/core"
)

// Asking for moves grouped by kind: many games offer every play of a hand, then a fixed move ("draw"),
// then every discard or gift, each group in the hand's order. Built in Lua, that is a g:distinct list
// per group, appended to and handed to g:ask: tables built and read again on every turn.
// g:ask_distinct does it in Go from lookup tables the script builds once at load time.

func init() { registerMethod("ask_distinct", true, askDistinct) }

// askDistinct is g:ask_distinct(seat, zone, zseat, part [, part, ...]): asks seat to choose among the
// moves the parts offer, part after part. A table (id -> move, as g:distinct's spell) offers the move
// of each distinct card of the zone it spells, bottom to top, each run of copies once (as g:distinct);
// a string offers itself; a number n makes the parts after it offer nothing while the zone holds fewer
// than n cards (a hand's last card may not be given away); nil offers nothing (an optional part).
// Returns the number of moves asked, then the number each part offered; when no part offers one, it
// asks nothing and returns 0, so the hook can ask something else.
func askDistinct(L *lua.LState) int {
	g := handle(L)
	seat := checkSeat(L, g, 2)
	cards := g.s.Cards(zoneArg(L, g, 3, 4))
	parts := L.GetTop() - 4 // as many as g:ask_cards's tables
	if parts < 1 || parts > maxMoveTables {
		L.ArgError(5, fmt.Sprintf("expected 1 to %d parts (tables of moves by card id, moves, sizes)", maxMoveTables))
	}
	var offered [maxMoveTables]int
	moves := make([]string, 0, len(cards)+parts)
	open := true // the zone holds as many cards as the last size part asks
	for i := 0; i < parts; i++ {
		before := len(moves)
		switch p := L.Get(5 + i).(type) {
		case *lua.LTable:
			if open {
				moves = g.appendSpelled(L, 5+i, moves, cards, raw(p))
			}
		case lua.LString:
			if open {
				moves = append(moves, string(p))
			}
		case lua.LNumber:
			open = float64(len(cards)) >= float64(p)
		case *lua.LNilType:
		default:
			L.ArgError(5+i, "expected a table of moves by card id, a move, a size or nil")
		}
		offered[i] = len(moves) - before
	}
	if len(moves) > 0 {
		must(L, g.s.Handle().Ask(seat, moves))
	}
	L.Push(g.r.h.int(len(moves)))
	for _, n := range offered[:parts] {
		L.Push(g.r.h.int(n))
	}
	return 1 + parts
}

// appendSpelled appends the move spell (argument arg) gives each distinct card of the zone in cards
// order, each run of copies once (Catalog.Runs, as g:distinct); an id spell lacks offers nothing.
func (g *gHandle) appendSpelled(L *lua.LState, arg int, moves []string, cards []core.CardIdx, spell *lua.LTable) []string {
	str := g.r.data.cardStr
	g.s.Game.Catalog.Runs(cards, func(c core.CardIdx) {
		switch m := spell.RawGet(str[c]).(type) {
		case lua.LString:
			moves = append(moves, string(m))
		case *lua.LNilType:
		default:
			L.ArgError(arg, fmt.Sprintf("the move of %s must be a string (or nil)", str[c].String()))
		}
	})
	return moves
}
