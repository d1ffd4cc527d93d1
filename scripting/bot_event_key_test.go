package scripting

import (
	"testing"

	"github.com/stretchr/testify/require"
	lua "github.com/yuin/gopher-lua"

	"github.com/ruleslab/ruleslab/core"
)

// Two events share a key exactly when eventTable makes equal tables of them.
func TestEventKey(t *testing.T) {
	move := core.Event{Type: "move", Seat: 1, Move: "play a"}
	trick := core.Event{Type: "trick", Seat: -1, Winner: 2, Cards: []string{"a", "b"}, How: "trump"}
	custom := core.Event{Type: "stack", Seat: 0, Fields: map[string]any{"O": 1, "B": 2, "list": []any{"x", 3.0}, "m": map[string]any{"k": true}}}
	same := []struct {
		name string
		a, b core.Event
	}{
		{"a move", move, core.Event{Type: "move", Seat: 1, Move: "play a"}},
		{"an int and the equal float", custom, core.Event{Type: "stack", Seat: 0, Fields: map[string]any{"O": 1.0, "B": int64(2), "list": []any{"x", 3}, "m": map[string]any{"k": true}}}},
		{"a field of no type of the move's", core.Event{Type: "move", Seat: 1, Move: "play a", Winner: 3}, move},
	}
	for _, c := range same {
		require.Equal(t, string(eventKey(nil, &c.a)), string(eventKey(nil, &c.b)), c.name)
	}
	differ := []struct {
		name string
		a, b core.Event
	}{
		{"another seat", move, core.Event{Type: "move", Seat: 2, Move: "play a"}},
		{"another move", move, core.Event{Type: "move", Seat: 1, Move: "play b"}},
		{"another type", move, core.Event{Type: "moved", Seat: 1, Move: "play a"}},
		{"another winner", trick, core.Event{Type: "trick", Seat: -1, Winner: 1, Cards: []string{"a", "b"}, How: "trump"}},
		{"cards split otherwise", trick, core.Event{Type: "trick", Seat: -1, Winner: 2, Cards: []string{"ab"}, How: "trump"}},
		{"no how", trick, core.Event{Type: "trick", Seat: -1, Winner: 2, Cards: []string{"a", "b"}}},
		{"a field more", custom, core.Event{Type: "stack", Seat: 0, Fields: map[string]any{"O": 1, "B": 2, "G": 0, "list": []any{"x", 3.0}, "m": map[string]any{"k": true}}}},
		{"a string for a number", core.Event{Type: "x", Seat: -1, Fields: map[string]any{"a": 1}}, core.Event{Type: "x", Seat: -1, Fields: map[string]any{"a": "1"}}},
		{"a nested value", custom, core.Event{Type: "stack", Seat: 0, Fields: map[string]any{"O": 1, "B": 2, "list": []any{"x", 3.0}, "m": map[string]any{"k": false}}}},
		{"round", core.Event{Type: "round_end", Seat: -1, Round: 1, Scores: []int{1, 2}}, core.Event{Type: "round_end", Seat: -1, Round: 2, Scores: []int{1, 2}}},
		{"scores", core.Event{Type: "round_end", Seat: -1, Round: 1, Scores: []int{1, 2}}, core.Event{Type: "round_end", Seat: -1, Round: 1, Scores: []int{2, 1}}},
	}
	for _, c := range differ {
		require.NotEqual(t, string(eventKey(nil, &c.a)), string(eventKey(nil, &c.b)), c.name)
	}
}

// A bot is handed one read-only table per event: the same table at every seat and, for an equal
// event, in a later game; writing into it raises an error that names it.
func TestBotSharedEventReadOnly(t *testing.T) {
	h := NewHost()
	defer h.Close()
	d := &hostData{}
	c := &botShared{interned: map[string]*lua.LTable{}}
	move := core.Event{Type: "move", Seat: 1, Move: "play a"}
	trick := core.Event{Type: "trick", Seat: -1, Winner: 0, Cards: []string{"a", "b"}}
	first := c.event(h, d, 1, 0, &move)
	require.Same(t, first, c.event(h, d, 1, 0, &move), "the same event again")
	other := c.event(h, d, 2, 5, &core.Event{Type: "move", Seat: 1, Move: "play a"})
	require.Same(t, first, other, "an equal event in another line")
	require.NotSame(t, first, c.event(h, d, 2, 6, &core.Event{Type: "move", Seat: 2, Move: "play a"}))
	tt := c.event(h, d, 2, 7, &trick)
	L := h.L
	run := func(src string) error { // as the engine runs a hook: within a budget
		fn, err := L.LoadString(src)
		require.NoError(t, err)
		h.SetBudget(1000)
		return h.call("test", fn, 0)
	}
	L.SetGlobal("e", first)
	L.SetGlobal("t", tt)
	require.NoError(t, run(`assert(e.type == "move" and e.seat == 1 and e.move == "play a")
		assert(#t.cards == 2 and t.cards[2] == "b" and t.winner == 0)`))
	for _, write := range []string{`e.move = "x"`, `e.extra = 1`, `t.cards[1] = "x"`, `t.cards[3] = "x"`} {
		err := run(write)
		require.Error(t, err, write)
		require.Contains(t, err.Error(), "an event (shared by the bots) is read-only", write)
	}
}
