package scripting

import (
	"fmt"

	lua "github.com/yuin/gopher-lua"
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
	var small [64]bool
	seen := small[:0]
	if len(a.values) <= len(small) {
		seen = small[:len(a.values)]
	} else {
		seen = make([]bool, len(a.values))
	}
	for _, c := range cards {
		if k := a.code[c]; k >= 0 {
			seen[k] = true
		}
	}
	mask, bit := 0, 1
	for j := 1; j <= n; j++ {
		// spelled as g:tally reads its list of values (a number value as its digits)
		if k := a.index(lua.LVAsString(values.RawGetInt(j))); k >= 0 && seen[k] {
			mask += bit
		}
		bit *= 2
	}
	L.Push(g.r.h.int(mask))
	return 1
}
