package scripting

import (
	"testing"

	"github.com/stretchr/testify/require"
	lua "github.com/yuin/gopher-lua"

	"github.com/ruleslab/ruleslab/core"
)

// An event's tables copied from their shapes hold what the tables made key by key hold, internals
// included (the key list and its index, which pairs and next follow): the event's table, the
// proxies' metatables, and the tables inside.
func TestSharedEventCopiesMatchTablesMadeKeyByKey(t *testing.T) {
	h := NewHost()
	defer h.Close()
	d := &hostData{}
	c := &botShared{}
	for _, e := range []core.Event{
		{Type: "move", Seat: 2, Move: "play a"},
		{Type: "move", Seat: 3, Move: "play b"},
		{Type: "trick", Seat: -1, Winner: 1, Cards: []string{"a", "b"}, How: "trump"},
		{Type: "round_end", Seat: -1, Round: 2, Scores: []int{3, 0, 1}},
		{Type: "stack", Seat: 0, Fields: map[string]any{"O": 1, "B": 2.5, "m": map[string]any{"k": true}}},
		{Type: "stack", Seat: 0, Fields: map[string]any{"seat": 1, "n": nil}},
	} {
		for range 2 { // the shape made, then copied
			sameTables(t, h.sharedEvent(d, &e), c.sharedEvent(h, d, &e), e.Type)
		}
	}
	require.NotEmpty(t, c.shapes.tables)
}

// sameTables requires two tables, read-only proxies at every level, to hold the same: plain values
// equal, tables alike in turn, the same keys in the same order with the same index.
func sameTables(t *testing.T, want, got *lua.LTable, path string) {
	t.Helper()
	if want.Metatable != lua.LNil {
		wm, gm := want.Metatable.(*lua.LTable), got.Metatable.(*lua.LTable)
		require.Equal(t, layout(wm).keys, layout(gm).keys, path+" metatable")
		require.Equal(t, wm.RawGetString("__newindex"), gm.RawGetString("__newindex"), path)
		require.Equal(t, wm.RawGetString("__len"), gm.RawGetString("__len"), path)
		sameTables(t, wm.RawGetString("__index").(*lua.LTable), gm.RawGetString("__index").(*lua.LTable), path+" real")
	}
	w, g := layout(want), layout(got)
	require.Equal(t, w.keys, g.keys, path)
	require.Equal(t, w.k2i, g.k2i, path)
	require.Len(t, g.strdict, len(w.strdict), path)
	require.Len(t, g.array, len(w.array), path)
	for k, v := range w.strdict {
		sameValue(t, v, g.strdict[k], path+"."+k)
	}
	for i, v := range w.array {
		sameValue(t, v, g.array[i], path)
	}
}

func sameValue(t *testing.T, want, got lua.LValue, path string) {
	t.Helper()
	if wt, ok := want.(*lua.LTable); ok {
		gt, ok := got.(*lua.LTable)
		require.True(t, ok, path)
		sameTables(t, wt, gt, path)
		return
	}
	require.Equal(t, want, got, path)
}
