package scripting_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// g:set_values sets several public values in one call; nil clears one, as g:set does.
func TestSetValuesSetsSeveral(t *testing.T) {
	s, err := tinySetup(t, `
  g:set("gone", 1)
  g:set_values("a", 1, "b", "x", "gone", nil, "c", true)
  g:set_values()`)
	require.NoError(t, err)
	assert.Equal(t, map[string]any{"a": 1.0, "b": "x", "c": true, "turn": 0.0}, s.VisibleVars(1, -1))
}

// Bad pairs and values are errors naming the hook.
func TestSetValuesRejectsBadPairs(t *testing.T) {
	setupFails(t, []struct{ code, want string }{
		{`g:set_values("a", 1, "b")`, "values come in pairs: a key, then its value"},
		{`g:set_values("a", 0/0)`, "values must be finite numbers, not NaN"},
		{`g:set_values("a", {})`, "values must be numbers, strings or booleans"},
	})
}
