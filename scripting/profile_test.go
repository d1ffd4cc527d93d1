package scripting_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/ruleslab/ruleslab/scripting"
)

// A host's profile counts the work each hook's calls spent as the budget counts it: one unit per
// Lua instruction, so a loop of 100 more steps (an add and a FORLOOP each) costs 200 units more,
// whatever else the hook does and however long it takes.
func TestProfileCountsEachHooksWork(t *testing.T) {
	work := func(steps int) int64 {
		p := probe(t, "testdata/tiny.yaml", "", fmt.Sprintf(`
local base_setup = setup
function setup(g)
  local n = 0
  for i = 1, %d do n = n + i end
  base_setup(g)
end`, steps))
		h := scripting.NewHost()
		defer h.Close()
		h.Profile = map[string]*scripting.HookCost{}
		_, _, err := startGame(p, h, 2, 1)
		require.NoError(t, err)
		c := h.Profile["setup"]
		require.NotNil(t, c)
		require.Equal(t, 1, c.Calls)
		return c.Work
	}
	short, long := work(100), work(200)
	require.Positive(t, short)
	require.Equal(t, int64(200), long-short)
}
