package tests

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/scripting"
)

// A game made for these tests: two seats are dealt three cards each; seat 0 notes the top card of its
// hand in a value only it sees, and the game shows the same id in a public value and keeps a hidden
// word that is no card's id.
const notedGame = `id: noted
title: Noted
players: {min: 2, max: 2, default: 2}
components:
  - {kind: card, id: "C{n}", each: {n: [1, 2, 3, 4, 5, 6, 7, 8]}}
zones:
  deck: {visible: none}
  hand: {per_seat: true, visible: owner}
script: noted.lua
`

const notedRules = `
function setup(g)
  g:shuffle("deck")
  for s = 0, 1 do g:move_top("deck", nil, "hand", s, 3) end
  g:set("noted", g:top("hand", 0), 0)
  g:set("shown", g:top("hand", 0))
  g:set("word", "hello", "hidden")
  g:ask(1, {"pass", "stop"})
end

function on_move(g, seat, move)
  if move == "stop" then g:finish({seat}) return end
  g:move_top("hand", 0, "deck", nil)
  g:ask(1 - seat, {"pass", "stop"})
end
`

func notedState(t *testing.T) (*core.State, *scripting.Engine) {
	t.Helper()
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "noted.yaml"), []byte(notedGame), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "noted.lua"), []byte(notedRules), 0o644))
	p, err := scripting.Load(filepath.Join(dir, "noted.yaml"), "")
	require.NoError(t, err)
	h := scripting.NewHost()
	t.Cleanup(h.Close)
	e, err := p.NewEngine(h)
	require.NoError(t, err)
	s, err := e.NewState(2, 5, core.StateOptions{})
	require.NoError(t, err)
	return s, e
}

// A value hidden from the sampling seat that names one of the cards dealt again names, in the sample,
// the card now in the same place (the rule noted "the top card of that hand"); a value the seat sees,
// and a hidden string that is no card's id, stay as they are.
func TestResampleRenamesHiddenValuesWithTheirCard(t *testing.T) {
	s, e := notedState(t)
	hand0, err := s.Zone("hand", 0)
	require.NoError(t, err)
	top := s.IDs(s.Cards(hand0))[2]
	require.Equal(t, top, s.VisibleVars(0, -1)["noted"])
	moved := false
	for i := uint64(0); i < 50; i++ {
		r, err := s.Resample(1, rand.New(rand.NewPCG(i, 1)), e)
		require.NoError(t, err)
		vals := r.VisibleVars(0, -1)
		now := r.IDs(r.Cards(hand0))[2]
		require.Equal(t, now, vals["noted"], "sample %d: the noted value follows the top card", i)
		require.Equal(t, top, vals["shown"], "a public value is what seat 1 knows")
		require.Equal(t, "hello", r.VisibleVars(-1, -1)["word"])
		moved = moved || now != top
	}
	require.True(t, moved, "the samples deal seat 0's top card again")
	require.Equal(t, top, s.VisibleVars(0, -1)["noted"], "the true state is untouched")
}

// ResampleInto deals into a spent sample's buffers exactly the world Resample deals with the same draws,
// whatever that sample went through (here played on to its end), and leaves the true state as it was.
func TestResampleIntoReusesASpentSample(t *testing.T) {
	s, e := notedState(t)
	before := []*core.Observation{s.Observe(0), s.Observe(1)}
	var spare *core.State
	for i := uint64(0); i < 20; i++ {
		want, err := s.Resample(1, rand.New(rand.NewPCG(i, 3)), e)
		require.NoError(t, err)
		got, err := s.ResampleInto(spare, 1, rand.New(rand.NewPCG(i, 3)), e)
		require.NoError(t, err)
		if spare != nil {
			require.Same(t, spare, got, "the spare state is reused")
		}
		require.Equal(t, want.Observe(0), got.Observe(0), "sample %d", i)
		require.Equal(t, want.Observe(1), got.Observe(1), "sample %d", i)
		require.Equal(t, want.VisibleVars(-1, -1), got.VisibleVars(-1, -1))
		require.Equal(t, want.VisibleVars(0, -1), got.VisibleVars(0, -1))
		require.NotEqual(t, s.Lineage(), got.Lineage(), "a sample is a new line of play")
		got.StartPlayout()
		for n := 0; !got.Over(); n++ {
			require.NoError(t, got.ApplyIndex(e, n%2))
		}
		spare = got
	}
	require.Equal(t, before, []*core.Observation{s.Observe(0), s.Observe(1)})
}
