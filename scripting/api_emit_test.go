package scripting_test

import (
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
		{`g:emit("x", nil, "v", 0/0)`, "field v: NaN is not a finite number"},
		{`g:emit("x", 5, "a", 1)`, "visibility: no seat 5 (seats are 0..1)"},
		{`g:emit("x", nil, {}, 1)`, "string expected"},
	})
}
