package scripting

import (
	"fmt"

	lua "github.com/yuin/gopher-lua"

	"github.com/ruleslab/ruleslab/core"
)

// g:tally_mask(zone, seat, attr, values) -> mask: which of the values some card of the zone has as its
// attribute attr, as one number, the sum of 2^(k-1) over the values[k] present (0: none). "Which of
// these colours does the stack show" answered without the list g:tally builds and the Lua that tests
// each count: the number indexes a table of decisions built at load time.
func init() { registerMethod("tally_mask", false, tallyMask) }

// maxMaskValues keeps a mask an exact integer in a Lua number (a float64).
const maxMaskValues = 52

func tallyMask(L *lua.LState) int {
	g := handle(L)
	cards := g.s.Cards(zoneArg(L, g, 2, 3))
	a := g.r.data.attrCodes(g.s.Game.Catalog, L.CheckString(4))
	values := raw(L.CheckTable(5))
	n := values.Len()
	if n > maxMaskValues {
		L.ArgError(5, fmt.Sprintf("%d values: a mask holds at most %d", n, maxMaskValues))
	}
	mask, bit := 0, 1
	for j := 1; j <= n; j++ {
		// spelled as g:tally reads its list of values (a number value as its digits)
		if k := a.index(lua.LVAsString(values.RawGetInt(j))); k >= 0 && holdsCode(a, cards, int32(k)) {
			mask += bit
		}
		bit *= 2
	}
	L.Push(g.r.h.int(mask))
	return 1
}

// holdsCode reports whether a card of cards has the attribute value numbered k in a.
func holdsCode(a *attrCodes, cards []core.CardIdx, k int32) bool {
	for _, c := range cards {
		if a.code[c] == k {
			return true
		}
	}
	return false
}
