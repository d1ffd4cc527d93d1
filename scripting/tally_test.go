package scripting

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	lua "github.com/yuin/gopher-lua"

	"github.com/ruleslab/ruleslab/core"
)

// runWithG runs Lua code (a chunk that receives g as `...`) on a game of Mimic Taking dealt with seed 3
// and returns its results.
func runWithG(t *testing.T, code string, nret int) (*core.State, []lua.LValue) {
	t.Helper()
	p, err := Load("mimic-taking", "")
	require.NoError(t, err)
	h := NewHost()
	t.Cleanup(h.Close)
	e, err := p.NewEngine(h)
	require.NoError(t, err)
	s, err := e.NewState(4, 3, core.StateOptions{})
	require.NoError(t, err)
	fn, err := h.L.LoadString(code)
	require.NoError(t, err)
	e.bind(s)
	require.NoError(t, h.call("test", fn, nret, e.g.table))
	out := make([]lua.LValue, nret)
	for i := range out {
		out[i] = h.L.Get(i - nret)
	}
	h.L.Pop(nret)
	return s, out
}

// g:tally counts the cards of a zone by attribute value, as the catalogue says, both as a table keyed
// by value (in the order the zone first shows them) and as a list aligned with given values.
func TestTallyCountsByAttribute(t *testing.T) {
	s, out := runWithG(t, `local g = ...
		local byKey, keys = {}, {}
		for k, v in pairs(g:tally("hand", 1, "color")) do keys[#keys + 1] = k; byKey[#byKey + 1] = k .. "=" .. v end
		local list = g:tally("hand", 1, "color", {"G", "nothing", "O", "B", "P"})
		return table.concat(byKey, " "), table.concat(list, " "), g:tally("hand", 1, "kind_none", {"x"})[1]`, 3)
	hand, err := s.Zone("hand", 1)
	require.NoError(t, err)
	counts, order := map[string]int{}, []string{}
	for _, c := range s.Cards(hand) {
		col, ok := s.Game.Catalog.Cards[c].Attrs["color"]
		if !ok {
			continue // a Mimic has no colour
		}
		k := fmt.Sprint(col)
		if counts[k] == 0 {
			order = append(order, k)
		}
		counts[k]++
	}
	var byKey []string
	for _, k := range order {
		byKey = append(byKey, fmt.Sprintf("%s=%d", k, counts[k]))
	}
	assert.Equal(t, strings.Join(byKey, " "), out[0].String())
	assert.Equal(t, fmt.Sprintf("%d 0 %d %d %d", counts["G"], counts["O"], counts["B"], counts["P"]), out[1].String())
	assert.Equal(t, "0", out[2].String(), "an attribute no card has counts 0")
}
