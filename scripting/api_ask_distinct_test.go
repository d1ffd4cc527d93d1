package scripting_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/scripting"
)

// askDistinctProbe deals seat 0 of the copies game (testdata/copies.yaml) the hand A1 A1 B1 A2 A1 (in
// that order), evaluates the g:ask_distinct call `call` in setup (seat 1 is asked "none" when it asked
// nothing) and returns the state and what the call returned, joined by commas.
func askDistinctProbe(t *testing.T, call string) (*core.State, error) {
	t.Helper()
	p := probe(t, "testdata/copies.yaml", "", `
local PLAY = {A1 = "play A1", A2 = "play A2", B1 = "play B1"}
local ODD = {A1 = "odd A1", B1 = "odd B1"}
function setup(g)
  for _, id in ipairs({"A1", "A1", "B1", "A2", "A1"}) do g:move(id, "deck", nil, "hand", 0) end
  local got = {`+call+`}
  if got[1] == 0 then g:ask(1, {"none"}) end
  g:event("got", {n = table.concat(got, ",")})
end
`)
	h := scripting.NewHost()
	defer h.Close()
	_, s, err := startGame(p, h, 2, 1)
	return s, err
}

// g:ask_distinct asks the moves of its parts in order: a table's move for each run of copies of the
// zone bottom to top (as g:distinct), a string as it is, nothing for nil, and after a size n nothing
// while the zone holds fewer cards; it returns the number asked and each part's, and asks nothing (0)
// when no part offers a move.
func TestAskDistinctAsksThePartsInOrder(t *testing.T) {
	for _, c := range []struct {
		call, legal, got string
		seat             int
	}{
		{`g:ask_distinct(0, "hand", 0, PLAY)`, "play A1,play B1,play A2,play A1", "4,4", 0},
		{`g:ask_distinct(0, "hand", 0, PLAY, "draw", ODD)`, "play A1,play B1,play A2,play A1,draw,odd A1,odd B1,odd A1", "8,4,1,3", 0},
		{`g:ask_distinct(0, "hand", 0, ODD, nil, "draw")`, "odd A1,odd B1,odd A1,draw", "4,3,0,1", 0},
		{`g:ask_distinct(0, "hand", 0, "draw", 5, ODD)`, "draw,odd A1,odd B1,odd A1", "4,1,0,3", 0},
		{`g:ask_distinct(0, "hand", 0, "draw", 6, ODD, "pass")`, "draw", "1,1,0,0,0", 0},
		{`g:ask_distinct(0, "hand", 0, 6, PLAY, 1, "pass")`, "pass", "1,0,0,0,1", 0},
		// nothing offered: nothing asked
		{`g:ask_distinct(0, "hand", 1, PLAY)`, "none", "0,0", 1},
		{`g:ask_distinct(0, "hand", 0, {C1 = "play C1"}, nil)`, "none", "0,0,0", 1},
		{`g:ask_distinct(1, "deck", nil, PLAY)`, "play A2", "1,1", 1},
		// a table kept in g:memo is read-only (a proxy): it is read through
		{`g:ask_distinct(0, "hand", 0, g:memo("odd", {B1 = "odd B1"}))`, "odd B1", "1,1", 0},
	} {
		t.Run(c.call, func(t *testing.T) {
			s, err := askDistinctProbe(t, c.call)
			require.NoError(t, err)
			assert.Equal(t, c.legal, strings.Join(s.Legal(), ","))
			assert.Equal(t, c.seat, s.ToAct())
			assert.Equal(t, c.got, s.Events()[0].Fields["n"])
		})
	}
}

// The same moves as the Lua it replaces: g:distinct lists appended to and handed to g:ask.
func TestAskDistinctIsTheDistinctLists(t *testing.T) {
	want, err := askDistinctProbe(t, `(function()
    local moves = g:distinct("hand", 0, PLAY, PLAY)
    moves[#moves + 1] = "draw"
    g:distinct("hand", 0, ODD, ODD, moves)
    g:ask(0, moves)
    return #moves
  end)()`)
	require.NoError(t, err)
	got, err := askDistinctProbe(t, `g:ask_distinct(0, "hand", 0, PLAY, "draw", ODD)`)
	require.NoError(t, err)
	assert.Equal(t, want.Legal(), got.Legal())
}

// Bad arguments are errors naming what is wrong.
func TestAskDistinctErrors(t *testing.T) {
	for _, c := range []struct{ call, want string }{
		{`g:ask_distinct(0, "hand", 0, {A1 = 5})`, "the move of A1 must be a string (or nil)"},
		{`g:ask_distinct(0, "hand", 0)`, "expected 1 to 8 parts"},
		{`g:ask_distinct(0, "hand", 0, 1, 2, 3, 4, 5, 6, 7, 8, 9)`, "expected 1 to 8 parts"},
		{`g:ask_distinct(0, "hand", 0, true)`, "expected a table of moves by card id, a move, a size or nil"},
		{`g:ask_distinct(2, "hand", 0, PLAY)`, "expected a seat 0..1"},
		{`g:ask_distinct(0, "pile", nil, PLAY)`, "pile"},
	} {
		t.Run(c.call, func(t *testing.T) {
			_, err := askDistinctProbe(t, c.call)
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.want)
		})
	}
}
