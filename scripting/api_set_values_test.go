package scripting_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ruleslab/ruleslab/scripting"
)

// g:set_values sets several public values in one call; nil clears one, as g:set does.
func TestSetValuesSetsSeveral(t *testing.T) {
	p := probe(t, "testdata/tiny.yaml", "", `
function setup(g)
  g:set("gone", 1)
  g:set_values("a", 1, "b", "x", "gone", nil, "c", true)
  g:set_values()
  base.setup(g)
end
`)
	h := scripting.NewHost()
	defer h.Close()
	_, s, err := startGame(p, h, 2, 1)
	require.NoError(t, err)
	assert.Equal(t, map[string]any{"a": 1.0, "b": "x", "c": true, "turn": 0.0}, s.VisibleVars(1, -1))
}

// Bad pairs and values are errors naming the hook.
func TestSetValuesRejectsBadPairs(t *testing.T) {
	for _, c := range []struct{ code, want string }{
		{`g:set_values("a", 1, "b")`, "values come in pairs: a key, then its value"},
		{`g:set_values("a", 0/0)`, "values must be finite numbers, not NaN"},
		{`g:set_values("a", {})`, "values must be numbers, strings or booleans"},
	} {
		t.Run(c.code, func(t *testing.T) {
			err := setupError(t, probe(t, "testdata/tiny.yaml", "", "function setup(g) "+c.code+" base.setup(g) end\n"))
			require.Error(t, err)
			assert.Contains(t, err.Error(), "hook setup: ")
			assert.Contains(t, err.Error(), c.want)
		})
	}
}
