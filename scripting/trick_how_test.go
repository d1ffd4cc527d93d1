package scripting_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/scripting"
)

// The describe hook (and so a Lua bot, which reads the same event tables) sees a trick's how as
// e.how, and nothing when the rules gave none.
func TestDescribeSeesTrickHow(t *testing.T) {
	p := probe(t, "mimic-taking", "", "function describe(e, seat) return e.type .. ' ' .. tostring(e.how) end\n")
	h := scripting.NewHost()
	defer h.Close()
	e, err := p.NewEngine(h)
	require.NoError(t, err)
	for how, want := range map[string]string{"trump": "trick trump", "": "trick nil"} {
		line, err := e.Describe(core.Event{Type: "trick", Seat: -1, Winner: 1, Cards: []string{"O4", "B4"}, How: how}, 0)
		require.NoError(t, err)
		require.Equal(t, want, line)
	}
}
