package scripting_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"ruleslab/scripting"
)

// obs.params gives bots and the render hook every param of the game.
func TestObservationCarriesParams(t *testing.T) {
	p := loadProgram(t, "testdata/params.yaml", "")
	h := scripting.NewHost()
	defer h.Close()
	s, err := p.NewState(h, 2, 1, nil)
	require.NoError(t, err)
	bot, err := p.NewBot(h, "peek", 1)
	require.NoError(t, err)
	move, err := bot.Choose(s, 0, s.Legal())
	require.NoError(t, err)
	require.Equal(t, "stop", move)
	text, err := s.Rules.(*scripting.Rules).Render(s, s.Observe(0))
	require.NoError(t, err)
	require.Equal(t, "nested.value=7", text)
}
