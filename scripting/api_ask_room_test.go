package scripting_test

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// setupLegal runs code as the tiny game's setup (two seats; its own setup skipped) and returns the
// decision's moves; FROZEN is a list frozen by g:memo.
func setupLegal(t *testing.T, code string) []string {
	t.Helper()
	s, err := tinySetup(t, `local FROZEN = g:memo("pass", {"pass", "wait"}) `+code+` do return end`)
	require.NoError(t, err)
	return append([]string(nil), s.Legal()...)
}

// g:ask and g:ask_cards read their moves into the state's own room: the decision is what was asked
// last, whatever the script does with its list afterwards or asked before.
func TestAskReadsIntoTheStatesRoom(t *testing.T) {
	require.Equal(t, []string{"a", "b"}, setupLegal(t, `local t = {"a", "b"} g:ask(0, t) t[1] = "z" t[3] = "y"`))
	require.Equal(t, []string{"c"}, setupLegal(t, `g:ask(0, {"a", "b", "x"}) g:ask(1, {"c"})`))
	require.Equal(t, []string{"a", "b", "c"}, setupLegal(t, `g:ask(0, {"a"}) g:ask(1, {"a", "b", "c"})`))
	// a frozen list (g:memo's, or module level) is shared, not copied into the room: a list built
	// after it leaves it whole
	require.Equal(t, []string{"pass", "wait"}, setupLegal(t, `g:ask(0, FROZEN) g:ask(1, {"x", "y", "z"}) g:ask(0, FROZEN)`))
	require.Equal(t, []string{"x"}, setupLegal(t, `g:ask(0, {"a", "b"}) g:ask(0, FROZEN) g:ask(1, {"x"})`))
	// g:ask_cards after a longer g:ask: only its own moves
	took := setupLegal(t, `g:move_top("deck", nil, "hand", 0) local moves = {}
		for _, id in ipairs(g:cards("hand", 0)) do moves[id] = "take " .. id end
		g:ask(1, {"a", "b", "c", "d"}) g:ask_cards(0, "hand", 0, moves)`)
	require.Len(t, took, 1)
	require.Contains(t, took[0], "take ")
}
