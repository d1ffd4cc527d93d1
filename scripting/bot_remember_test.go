package scripting_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/scripting"
)

// g:remember answers as the helper would, every time, on an engine that plays several games (with
// different player counts): the test bots assert it (a table answer made afresh, an argument changed
// again, random numbers refused, rules that keep state asked every time).
func TestBotRememberAnswersAsTheHelper(t *testing.T) {
	for _, c := range []struct{ game, bot string }{
		{"testdata/remember-helpers.yaml", "remember"},
		{"testdata/remember-state.yaml", "remember-state"},
	} {
		t.Run(c.bot, func(t *testing.T) {
			p := loadProgram(t, c.game, "")
			chunk, err := scripting.CompileFile("testdata/bots/" + c.bot + ".lua")
			require.NoError(t, err)
			p.Bots[c.bot] = chunk
			h := scripting.NewHost()
			defer h.Close()
			e, err := p.NewEngine(h)
			require.NoError(t, err)
			for game, players := range []int{2, 3, 2} {
				s, err := e.NewState(players, uint64(game), core.StateOptions{})
				require.NoError(t, err)
				for seat := 0; seat < 2; seat++ {
					b, err := newBot(e, c.bot, uint64(seat))
					require.NoError(t, err)
					_, err = b.Choose(s.ViewFor(s.ToAct()))
					require.NoError(t, err, "game %d, seat %d", game, seat)
				}
			}
		})
	}
}
