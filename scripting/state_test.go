package scripting_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ruleslab/ruleslab/scripting"
)

// TestCloneIsIndependentAndReplaysIdentically: for every bundled game, a clone taken mid-game can be
// played to the end without changing the original, and two clones make the same game.
func TestCloneIsIndependentAndReplaysIdentically(t *testing.T) {
	for _, gv := range bundled(t) {
		t.Run(name(gv), func(t *testing.T) {
			p := loadProgram(t, gv.Game, gv.Variant)
			h := scripting.NewHost()
			defer h.Close()
			e, s, err := startGame(p, h, p.Game.Config.Players.Default, 11)
			require.NoError(t, err)
			for i := 0; i < 7 && !s.Over(); i++ {
				require.NoError(t, s.Apply(e, s.Legal()[0]))
			}
			before, _ := json.Marshal(s.Observe(0))
			playOut := func() string {
				c := s.Clone()
				for steps := 0; !c.Over(); steps++ {
					require.Less(t, steps, 100000, "the game does not end")
					require.NoError(t, c.ApplyIndex(e, len(c.Legal())-1))
				}
				e, _ := json.Marshal(c.Events())
				return string(e)
			}
			first := playOut()
			after, _ := json.Marshal(s.Observe(0))
			assert.JSONEq(t, string(before), string(after), "playing the clone changed the original")
			assert.Equal(t, first, playOut(), "two clones of one state made different games")
		})
	}
}
