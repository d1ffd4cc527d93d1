package scripting_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/scripting"
)

// The Lua bots of a game share its event tables, read-only, and keep their own observation tables
// between decisions: a table a bot wrote into must never reach another bot, nor the same bot again, as
// it was. The vandal writes into everything it is handed (and fails the game when a write into an
// event is not refused); the checkers fail the game when they see a change.
func TestBotTablesWrittenIntoAreBuiltAgain(t *testing.T) {
	for _, gv := range bundledShort(t) {
		t.Run(name(gv), func(t *testing.T) {
			p := loadProgram(t, gv.Game, gv.Variant)
			for _, bot := range []string{"vandal", "checker"} {
				chunk, err := scripting.CompileFile("testdata/bots/" + bot + ".lua")
				require.NoError(t, err)
				p.Bots[bot] = chunk
			}
			players := p.Game.Config.Players.Default
			seats := []string{"vandal"}
			for len(seats) < players {
				seats = append(seats, "checker")
			}
			w, err := newWorker(p, players, seats, false)
			require.NoError(t, err)
			defer w.Close()
			for i := 0; i < 3; i++ {
				r := w.Play(i, core.GameSeed(5, i))
				require.Empty(t, r.Error)
			}
		})
	}
}

func TestBotCardList(t *testing.T) {
	p := loadProgram(t, "testdata/tiny.yaml", "")
	chunk, err := scripting.CompileFile("testdata/bots/card-list.lua")
	require.NoError(t, err)
	p.Bots["lister"] = chunk
	h := scripting.NewHost()
	defer h.Close()
	e, s, err := startGame(p, h, 2, 1)
	require.NoError(t, err)
	b, err := newBot(e, "lister", 1)
	require.NoError(t, err)
	_, err = b.Choose(s.ViewFor(s.ToAct()))
	require.NoError(t, err)
}

// View.EachEvent hands the events View.Events returns, with their index in the log.
func TestViewEachEvent(t *testing.T) {
	p := loadProgram(t, "mimic-taking", "")
	h := scripting.NewHost()
	defer h.Close()
	e, s, err := startGame(p, h, 4, 3)
	require.NoError(t, err)
	s = midGame(t, e, 4, 3, 40)
	for seat := 0; seat < 4; seat++ {
		v := s.ViewFor(seat)
		for _, from := range []int{0, 7, v.EventCount() - 3, v.EventCount() + 5} {
			var got []core.Event
			last := -1
			v.EachEvent(from, func(i int, ev core.Event) {
				require.Greater(t, i, last)
				require.GreaterOrEqual(t, i, from)
				require.Equal(t, s.Events()[i].Type, ev.Type)
				last = i
				got = append(got, ev)
			})
			require.Equal(t, v.Events(from), got)
		}
	}
}
