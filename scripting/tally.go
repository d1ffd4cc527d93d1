package scripting

import (
	lua "github.com/yuin/gopher-lua"

	"github.com/ruleslab/ruleslab/core"
)

// attrCodes numbers the distinct values of one card attribute, so g:tally counts cards by an index per
// card instead of comparing strings: tally is on the hot path of the games that score by colours.
type attrCodes struct {
	values []string // the distinct values (as attrKeys spells them), in catalogue order of first use
	code   []int32  // by card index: the index of its value in values, -1 when it has none
}

// index returns the index of value v, or -1.
func (a *attrCodes) index(v string) int {
	for i, s := range a.values {
		if s == v {
			return i
		}
	}
	return -1
}

// attrCodes returns attr's codes, made once per host and program.
func (d *hostData) attrCodes(cat *core.Catalog, attr string) *attrCodes {
	if a, ok := d.codes[attr]; ok {
		return a
	}
	keys := d.attrKeys(cat, attr)
	a := &attrCodes{code: make([]int32, len(keys))}
	for c, k := range keys {
		a.code[c] = -1
		if k == "" {
			continue
		}
		i := a.index(k)
		if i < 0 {
			i = len(a.values)
			a.values = append(a.values, k)
		}
		a.code[c] = int32(i)
	}
	if d.codes == nil {
		d.codes = map[string]*attrCodes{}
	}
	d.codes[attr] = a
	return a
}

// luaTally is g:tally(zone, seat, attr [, order]): the number of the zone's cards with each value of
// attr, as a table {value = count} of the values present (keyed in the order the zone first shows
// them), or with order (a list of values) as a list aligned with it (0 where none): cheaper, as
// gopher-lua allocates a 32-slot map for a table's first string key.
func luaTally(L *lua.LState) int {
	g := handle(L)
	cards := g.s.Cards(zoneArg(L, g, 2, 3))
	a := g.r.data.attrCodes(g.s.Game.Catalog, L.CheckString(4))
	var small [16]int
	counts := small[:0]
	if len(a.values) <= len(small) {
		counts = small[:len(a.values)]
	} else {
		counts = make([]int, len(a.values))
	}
	for _, c := range cards {
		if k := a.code[c]; k >= 0 {
			counts[k]++
		}
	}
	h := g.r.h
	if order, ok := L.Get(5).(*lua.LTable); ok {
		order = raw(order)
		n := order.Len()
		t := L.CreateTable(n, 0)
		for j := 1; j <= n; j++ {
			c := 0
			if k := a.index(lua.LVAsString(order.RawGetInt(j))); k >= 0 {
				c = counts[k]
			}
			t.RawSetInt(j, h.int(c)) // preboxed: a number stored is otherwise an allocation
		}
		L.Push(t)
		return 1
	}
	present := 0
	for _, c := range counts {
		if c > 0 {
			present++
		}
	}
	t := L.CreateTable(0, present)
	for _, c := range cards {
		if k := a.code[c]; k >= 0 && counts[k] > 0 {
			t.RawSetString(a.values[k], h.int(counts[k]))
			counts[k] = 0 // keyed once, where the zone first shows the value
		}
	}
	L.Push(t)
	return 1
}
