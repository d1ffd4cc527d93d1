package scripting

import (
	"fmt"
	"slices"

	lua "github.com/yuin/gopher-lua"

	"github.com/ruleslab/ruleslab/core"
)

// Asking for any subset of a zone's cards (keep some of a trick, discard any number, pass cards): 2^n
// moves of n cards, spelled by concatenation in Lua on every decision. g:ask_subsets spells them in Go.

// maxSubsetCards bounds the zone g:ask_subsets lists the subsets of (2^12 = 4096 moves).
const maxSubsetCards = 12

func init() { registerMethod("ask_subsets", true, askSubsets) }

// askSubsets is g:ask_subsets(seat, verb, zone, zseat): asks seat to choose any subset of the zone's
// cards, none to all, each spelled verb then its cards' ids in catalogue order (`keep O4 B4`; verb
// alone for none). With the cards in catalogue order c1..cn and subset k holding ci when bit i-1 of k
// is set, the moves are listed from k = 2^n-1 (all) down to 0 (none). A zone with copies of an id
// offers each spelling once (its first place). Returns the number of moves asked.
func askSubsets(L *lua.LState) int {
	g := handle(L)
	seat := checkSeat(L, g, 2)
	verb := L.CheckString(3)
	cards := slices.Clone(g.s.Cards(zoneArg(L, g, 4, 5)))
	if len(cards) > maxSubsetCards {
		L.ArgError(4, fmt.Sprintf("%d cards have %d subsets: g:ask_subsets lists those of at most %d cards", len(cards), 1<<len(cards), maxSubsetCards))
	}
	slices.Sort(cards) // catalogue order, as g:sort
	moves := subsetMoves(verb, cards, g.s.Game.Catalog)
	must(L, g.s.Handle().Ask(seat, moves))
	L.Push(g.r.h.int(len(moves)))
	return 1
}

// subsetMoves spells every subset of cards (in catalogue order) from all to none; subset k is subset k
// without its highest card plus that card, so each move costs one concatenation.
func subsetMoves(verb string, cards []core.CardIdx, cat *core.Catalog) []string {
	n := 1 << len(cards)
	spelled := make([]string, n) // spelled[k]: subset k
	spelled[0] = verb
	for h, c := range cards {
		id := " " + cat.Cards[c].ID
		for k := 0; k < 1<<h; k++ {
			spelled[1<<h+k] = spelled[k] + id
		}
	}
	slices.Reverse(spelled)
	if hasCopies(cards, cat) {
		seen := map[string]bool{}
		return slices.DeleteFunc(spelled, func(m string) bool {
			dup := seen[m]
			seen[m] = true
			return dup
		})
	}
	return spelled
}

// hasCopies reports whether sorted cards hold two cards with one id (copies sort next to each other).
func hasCopies(cards []core.CardIdx, cat *core.Catalog) bool {
	for i := 1; i < len(cards); i++ {
		if cat.Cards[cards[i]].ID == cat.Cards[cards[i-1]].ID {
			return true
		}
	}
	return false
}
