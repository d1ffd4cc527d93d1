package scripting_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// g:add and g:sadd count from 0, return the new value, and store it with the visibility given (as
// g:set and g:sset do: public unless told).
func TestAddCountsAValue(t *testing.T) {
	s, err := tinySetup(t, `
  local first, second = g:add("n", 2), g:add("n", 3)
  g:add("h", 1.5, "hidden")
  g:sadd(1, "c", 4)
  local c = g:sadd(1, "c", -1)
  g:sadd(0, "o", 1, "owner")
  g:event("got", {first = first, second = second, n = g:get("n"), h = g:get("h"), c = c, sc = g:sget(1, "c")})`)
	require.NoError(t, err)
	assert.Equal(t, map[string]any{"first": 2.0, "second": 5.0, "n": 5.0, "h": 1.5, "c": 3.0, "sc": 3.0},
		s.Events()[0].Fields)
	assert.Equal(t, map[string]any{"n": 5.0, "turn": 0.0}, s.VisibleVars(1, -1), "h is hidden")
	assert.Equal(t, map[string]any{"c": 3.0}, s.VisibleVars(0, 1), "c is public")
	assert.Equal(t, map[string]any{"o": 1.0}, s.VisibleVars(0, 0))
	assert.Empty(t, s.VisibleVars(1, 0), "o is its owner's")
}

// Adding to a value that is no number, or past a finite number, is an error naming the hook; so is a
// count in a hook that may only read the game.
func TestAddRejectsWhatIsNoCount(t *testing.T) {
	setupFails(t, []struct{ code, want string }{
		{`g:set("s", "x") g:add("s", 1)`, "value s is not a number: it cannot be added to"},
		{`g:sset(0, "b", true) g:sadd(0, "b", 1)`, "value b is not a number: it cannot be added to"},
		{`g:add("n", 1e308) g:add("n", 1e308)`, "values must be finite numbers, not +Inf"},
		{`g:add("n", "one")`, "number expected"},
		{`g:sadd(7, "n", 1)`, "expected a seat 0..1"},
	})
	r := batch(t, probe(t, "mimic-taking", "", `function can_play(g, seat, card, trick) g:add("x", 1) return true end`+"\n"),
		4, []string{"random"}, 1, 1)
	assert.Contains(t, r, "g:add changes the game: can_play may only read it")
}
