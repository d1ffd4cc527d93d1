package scripting_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/ruleslab/ruleslab/scripting"
)

// setupLegal runs a setup of the tiny game (two seats) made of code and returns its decision's moves
// (a module-level list PASS at hand).
func setupLegal(t *testing.T, code string) []string {
	t.Helper()
	p := probe(t, "testdata/tiny.yaml", "", "local PASS = {\"pass\", \"wait\"}\nfunction setup(g) "+code+" end\n")
	h := scripting.NewHost()
	defer h.Close()
	_, s, err := startGame(p, h, 2, 1)
	require.NoError(t, err)
	return append([]string(nil), s.Legal()...)
}

// g:ask and g:ask_cards read their moves into the state's own room: the decision is what was asked
// last, whatever the script does with its list afterwards or asked before.
func TestAskReadsIntoTheStatesRoom(t *testing.T) {
	require.Equal(t, []string{"a", "b"}, setupLegal(t, `local t = {"a", "b"} g:ask(0, t) t[1] = "z" t[3] = "y"`))
	require.Equal(t, []string{"c"}, setupLegal(t, `g:ask(0, {"a", "b", "x"}) g:ask(1, {"c"})`))
	require.Equal(t, []string{"a", "b", "c"}, setupLegal(t, `g:ask(0, {"a"}) g:ask(1, {"a", "b", "c"})`))
	// a frozen list (module level) is shared, not copied into the room: a list built after it leaves
	// it whole
	require.Equal(t, []string{"pass", "wait"}, setupLegal(t, `g:ask(0, PASS) g:ask(1, {"x", "y", "z"}) g:ask(0, PASS)`))
	require.Equal(t, []string{"x"}, setupLegal(t, `g:ask(0, {"a", "b"}) g:ask(0, PASS) g:ask(1, {"x"})`))
}
