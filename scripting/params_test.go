package scripting_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/ruleslab/ruleslab/scripting"
)

// obs.params gives bots and the render hook every param of the game, and PARAMS gives them to a
// script at load.
func TestObservationCarriesParams(t *testing.T) {
	p := loadProgram(t, "testdata/params.yaml", "")
	h := scripting.NewHost()
	defer h.Close()
	e, s, err := startGame(p, h, 2, 1)
	require.NoError(t, err)
	bot, err := newBot(e, "peek", 1)
	require.NoError(t, err)
	move, err := bot.Choose(s.ViewFor(0))
	require.NoError(t, err)
	require.Equal(t, "stop", s.Legal()[move])
	text, err := e.Render(s.ViewFor(0))
	require.NoError(t, err)
	require.Equal(t, "nested.value=7, at load 7", text)
}
