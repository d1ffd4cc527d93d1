package scripting

import (
	lua "github.com/yuin/gopher-lua"
)

// Asking for a move per card: many games offer, for each card of a zone (a hand), one or a few moves
// spelled from its id ("play 45|54 45", "share K3"). Spelling and listing them in Lua costs a g:cards
// table, a loop and a list per decision; g:ask_cards does it in Go from lookup tables the script builds
// once at load time (MOVES[id] = "play ..."), which is the same decision for a fraction of the cost.

func init() { registerMethod("ask_cards", true, askCards) }

// maxMoveTables bounds the tables of moves one g:ask_cards call reads (one per move a card may offer).
const maxMoveTables = 8

// askCards is g:ask_cards(seat, zone, zseat, moves [, moves2, ...]): asks seat to choose among the moves
// of the cards in the zone (zseat nil for a shared zone), in the zone's order, bottom first: for each
// card, moves[id], then moves2[id], ... (a table without the id offers nothing for that card). A card
// with the same id as the card just below it offers nothing: in a sorted zone the copies of a card lie
// together and offer their moves once. Returns how many moves it offered: when none, it asks nothing
// and returns 0, so the hook can ask something else.
func askCards(L *lua.LState) int {
	g := handle(L)
	seat := checkSeat(L, g, 2)
	cards := g.s.Cards(zoneArg(L, g, 3, 4))
	var tables [maxMoveTables]*lua.LTable
	n := L.GetTop() - 4
	if n < 1 || n > maxMoveTables {
		L.ArgError(5, "expected 1 to 8 tables of moves by card id")
	}
	for i := 0; i < n; i++ {
		tables[i] = raw(L.CheckTable(5 + i))
	}
	h := g.s.Handle()
	moves := h.LegalRoom() // the state's own room: no list allocated per decision
	below := ""
	for _, c := range cards {
		id := g.r.data.cardStr[c].String()
		if id == below {
			continue
		}
		below = id
		for i, t := range tables[:n] {
			switch m := t.RawGetString(id).(type) {
			case lua.LString:
				moves = append(moves, string(m))
			case *lua.LNilType:
			default:
				L.ArgError(5+i, "moves["+id+"] must be a move string (or nil)")
			}
		}
	}
	if len(moves) > 0 {
		must(L, h.AskBuilt(seat, moves))
	}
	L.Push(g.r.h.int(len(moves)))
	return 1
}
