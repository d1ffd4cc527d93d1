package scripting_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/scripting"
)

// tinySetup runs code at the start of the tiny game's setup (two seats) and returns the game.
func tinySetup(t *testing.T, code string) (*core.State, error) {
	t.Helper()
	p := probe(t, "testdata/tiny.yaml", "", "function setup(g) "+code+" base.setup(g) end\n")
	h := scripting.NewHost()
	defer h.Close()
	_, s, err := startGame(p, h, 2, 1)
	return s, err
}

// setupEvents runs code in the setup of the tiny game and returns the events it logged.
func setupEvents(t *testing.T, code string) ([]core.Event, error) {
	t.Helper()
	s, err := tinySetup(t, code)
	if err != nil {
		return nil, err
	}
	return s.Events(), nil
}

// setupFails checks that each code, run in the tiny game's setup, is an error naming the hook and want.
func setupFails(t *testing.T, cases []struct{ code, want string }) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.code, func(t *testing.T) {
			_, err := tinySetup(t, c.code)
			require.Error(t, err)
			assert.Contains(t, err.Error(), "hook setup: ")
			assert.Contains(t, err.Error(), c.want)
		})
	}
}

// g:emit logs the event g:event logs with the same fields in a table: the seat lifted, a nil field
// left out, lists kept, the visibility given.
func TestEmitLogsWhatEventLogs(t *testing.T) {
	for _, c := range []struct{ event, emit string }{
		{`g:event("x", {seat = 1, a = 2, b = "s", l = {1, 2}, n = nil})`, `g:emit("x", nil, "seat", 1, "a", 2, "b", "s", "l", {1, 2}, "n", nil)`},
		{`g:event("x", {a = true}, 1)`, `g:emit("x", 1, "a", true)`},
		{`g:event("x", {a = 1}, "hidden")`, `g:emit("x", "hidden", "a", 1)`},
		{`g:event("x", {seat = 0})`, `g:emit("x", nil, "seat", 0)`},
		{`g:event("x", {})`, `g:emit("x")`},
		{`g:event("trick", {winner = 1, cards = {"T1", "T2"}, k = 3})`, `g:emit("trick", nil, "winner", 1, "cards", {"T1", "T2"}, "k", 3)`},
	} {
		t.Run(c.emit, func(t *testing.T) {
			want, err := setupEvents(t, c.event)
			require.NoError(t, err)
			got, err := setupEvents(t, c.emit)
			require.NoError(t, err)
			assert.Equal(t, want[0], got[0])
		})
	}
}

// Bad fields are errors naming the hook and what is wrong.
func TestEmitRejectsBadFields(t *testing.T) {
	setupFails(t, []struct{ code, want string }{
		{`g:emit("x", nil, "a")`, "event fields come in pairs: a name, then its value"},
		{`g:emit("x", nil, "a", 1, "a", 2)`, "field a is given twice"},
		{`g:emit("x", nil, "v", 0/0)`, "field v: NaN is not a finite number"},
		{`g:emit("x", 5, "a", 1)`, "visibility: no seat 5 (seats are 0..1)"},
		{`g:emit("x", "nobody", "a", 1)`, `expected "public", "hidden", "owner" or a seat number`},
		{`g:emit("x", nil, {}, 1)`, "string expected"},
	})
}

// Without a kept history g:emit only counts an event's size (against the log's limit), and counts it as
// g:event does: the same event fails at the same point, whether its fields are plain or not.
func TestEmitCountsLikeEventWithoutHistory(t *testing.T) {
	// about 100,000 events of some 200 bytes: a byte counted differently moves the failure by hundreds
	loop := `local big, i = string.rep("x", 100), 0
  local ok, err = pcall(function() while true do i = i + 1 %s end end)
  g:set("i", i)
  g:set("error", tostring(err))`
	for _, c := range []struct{ event, emit string }{
		{`g:event("x", {seat = 1, s = big, n = 2, b = true, gone = nil})`, `g:emit("x", nil, "seat", 1, "s", big, "n", 2, "b", true, "gone", nil)`},
		{`g:event("x", {seat = "one", s = big, l = {1, 2}})`, `g:emit("x", nil, "seat", "one", "s", big, "l", {1, 2})`},
	} {
		t.Run(c.emit, func(t *testing.T) {
			failsAt := func(code string) any {
				p := probe(t, "testdata/tiny.yaml", "", "function setup(g) "+fmt.Sprintf(loop, code)+" base.setup(g) end\n")
				h := scripting.NewHost()
				defer h.Close()
				e, err := p.NewEngine(h)
				require.NoError(t, err)
				s, err := e.NewState(2, 1, core.StateOptions{NoHistory: true})
				require.NoError(t, err)
				assert.Contains(t, s.VisibleVars(0, -1)["error"], "the game logged more than 32 MiB of events")
				return s.VisibleVars(0, -1)["i"]
			}
			want := failsAt(c.event)
			require.NotNil(t, want)
			assert.Equal(t, want, failsAt(c.emit))
		})
	}
}
