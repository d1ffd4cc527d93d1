package scripting

import (
	"testing"

	"github.com/stretchr/testify/require"
	lua "github.com/yuin/gopher-lua"

	"github.com/ruleslab/ruleslab/core"
)

// dumpLua spells a value as a script reads it: # and pairs (in their order) at every level.
const dumpLua = `
local function dump(v)
  if type(v) ~= "table" then return tostring(v) end
  local out = "#" .. #v .. "{"
  for k, x in pairs(v) do out = out .. tostring(k) .. "=" .. dump(x) .. ";" end
  return out .. "}"
end
`

// A bot's shared event reads as the plain table render and describe get (eventTable): the same keys in
// the same order, the same lengths, at every level; and every level of it refuses writes. So does the
// engine's, its tables copied from their shapes (bot_event_shape.go), with gopher-lua's table layout
// known or not.
func TestSharedEventReadsAsItsPlainTable(t *testing.T) {
	h := NewHost()
	defer h.Close()
	d := &hostData{}
	c := &botShared{}
	makers := map[string]func(e *core.Event) *lua.LTable{
		"host":         func(e *core.Event) *lua.LTable { return h.sharedEvent(d, e) },
		"engine":       func(e *core.Event) *lua.LTable { return c.sharedEvent(h, d, e) },
		"engine again": func(e *core.Event) *lua.LTable { return c.sharedEvent(h, d, e) },
		"layout hidden": func(e *core.Event) *lua.LTable {
			tableLayoutOK = false
			defer func() { tableLayoutOK = true }()
			return c.sharedEvent(h, d, e)
		},
	}
	require.True(t, tableLayoutOK)
	for _, name := range []string{"host", "engine", "engine again", "layout hidden"} {
		t.Run(name, func(t *testing.T) { checkSharedEvents(t, h, d, makers[name]) })
	}
}

func checkSharedEvents(t *testing.T, h *Host, d *hostData, sharedEvent func(e *core.Event) *lua.LTable) {
	common := []string{`e.type = "x"`, `e.new = 1`, `rawset(e, "seat", 1)`, `setmetatable(e, nil)`}
	for _, c := range []struct {
		event  core.Event
		writes []string
	}{
		{core.Event{Type: "move", Seat: 2, Move: "play a"}, []string{`e.move = "play b"`}},
		{core.Event{Type: "trick", Seat: -1, Winner: 1, Cards: []string{"a", "b", "c"}, How: "trump"},
			[]string{`e.cards[1] = "x"`, `e.cards[4] = "x"`, `table.insert(e.cards, "x")`}},
		{core.Event{Type: "round_end", Seat: -1, Round: 2, Scores: []int{3, 0, 1}}, []string{`e.scores[1] = 9`}},
		{core.Event{Type: "stack", Seat: 0, Fields: map[string]any{"O": 1, "B": 2.5, "seat": 0,
			"list": []any{"x", []any{1, 2}}, "m": map[string]any{"k": true, "deep": map[string]any{"z": "y"}}}},
			[]string{`e.list[2][1] = 0`, `e.list[3] = 0`, `e.m.k = false`, `e.m.deep.z = 0`}},
		{core.Event{Type: "stack", Seat: 1, Fields: map[string]any{"O": 1, "G": 3, "list": []any{"x", 2}}},
			[]string{`e.G = 0`, `e.list[1] = 0`}},
	} {
		e := &c.event
		plain, shared := h.eventTable(d, e), sharedEvent(e)
		var dumps [2]string
		for i, v := range []*lua.LTable{plain, shared} {
			require.NoError(t, runLua(t, h, map[string]lua.LValue{"e": v}, dumpLua+`out = dump(e)`))
			dumps[i] = h.L.GetGlobal("out").String()
		}
		require.Equal(t, dumps[0], dumps[1], e.Type)
		require.NoError(t, runLua(t, h, map[string]lua.LValue{"e": shared}, `assert(#e == 0 and getmetatable(e) == false)`))
		for _, w := range append(common, c.writes...) {
			err := runLua(t, h, map[string]lua.LValue{"e": shared}, w)
			require.Error(t, err, "%s: %s", e.Type, w)
			if w != "setmetatable(e, nil)" {
				require.Contains(t, err.Error(), sharedEventName+" is read-only", "%s: %s", e.Type, w)
			}
		}
	}
}
