package scripting_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/scripting"
)

// g:playout() is false in a played game and true once the state is a search's playout, where a hook
// may skip what only events, rule marks and statistics show.
func TestPlayoutSaysWhetherTheGameIsAPlayout(t *testing.T) {
	p := probe(t, "testdata/tiny.yaml", "", `
function setup(g)
  g:set("playout", g:playout())
  base.setup(g)
end
function on_move(g, seat, move)
  g:set("playout", g:playout())
  base.on_move(g, seat, move)
end
`)
	h := scripting.NewHost()
	defer h.Close()
	e, s, err := startGame(p, h, 2, 1)
	require.NoError(t, err)
	assert.Equal(t, false, s.VisibleVars(0, -1)["playout"])
	full, playout := s.Clone(), s.Clone()
	playout.StartPlayout()
	for _, st := range []*core.State{full, playout} {
		require.NoError(t, st.ApplyIndex(e, 0)) // draw
	}
	assert.Equal(t, false, full.VisibleVars(0, -1)["playout"])
	assert.Equal(t, true, playout.VisibleVars(0, -1)["playout"])
}
