package scripting_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	lua "github.com/yuin/gopher-lua"

	"github.com/ruleslab/ruleslab/scripting"
)

// The board test game checks every g:board_* reader in its setup (a failed check is a setup error),
// then offers g:board_fits moves on floor 1 and g:board_dominoes junctions on floor 2.
func TestBoardAPI(t *testing.T) {
	p := loadProgram(t, "testdata/board.yaml", "")
	h := scripting.NewHost()
	defer h.Close()
	e, s, err := startGame(p, h, 1, 1)
	require.NoError(t, err)
	// AC and CC are left: A next to the A at (0,0), C next to the C at (1,2); a floor-2 junction B-B
	legal := append([]string(nil), s.Legal()...)
	require.Contains(t, legal, "lay AC 1 0 d 1")
	require.Contains(t, legal, "up 0 1 r BB")
	require.NotContains(t, legal, "lay AC 1 1 l 1", "A at (1,1) touches no A")
	for _, m := range legal {
		require.NotEqual(t, "lay CC 1 1 l 1", m, "doubles are laid from their upper-left half only")
	}

	// the board is part of the state: a clone is independent, and every observation shows it
	c := s.Clone()
	require.NoError(t, c.Apply(e, "lay AC 1 0 d 1"))
	b, _ := s.Handle().Board("grid")
	require.Equal(t, 2, b.Count(0))
	cb, _ := c.Handle().Board("grid")
	require.Equal(t, 3, cb.Count(0))
	obs := c.Observe(0)
	require.Len(t, obs.Boards, 1)
	require.Equal(t, "AC", obs.Boards[0].Pieces[2].ID)
	require.Equal(t, [][2]int{{1, 0}, {2, 0}}, obs.Boards[0].Pieces[2].Cells)

	// clear empties it
	require.NoError(t, c.Apply(e, "up 0 1 r BB"))
	require.Equal(t, 0, cb.Count(0))
}

// Lua bots see obs.boards: pieces plus per-floor cells and values grids.
func TestBoardInLuaObservation(t *testing.T) {
	p := loadProgram(t, "testdata/board.yaml", "")
	h := scripting.NewHost()
	defer h.Close()
	_, s, err := startGame(p, h, 1, 1)
	require.NoError(t, err)
	L := h.L
	fn, err := L.LoadString(`local obs = ...
		local b = obs.boards.grid
		assert(b.rows == 3 and b.cols == 3 and b.top == 1, "size")
		assert(rawget(b, "pieces") == nil and rawget(b, "values") == nil, "the bulk is built on first read")
		assert(#b.pieces == 2 and b.pieces[1].id == "AB" and b.pieces[2].values[2] == "C", "pieces")
		assert(b.cells[1][1] == 1 and b.cells[1][3] == 2 and b.cells[1][9] == 0, "cells")
		assert(b.values[1][2] == "B" and b.values[1][6] == "C" and b.values[2][1] == "", "values")
		assert(b.values == b.values and b.pieces == b.pieces and b.cells == b.cells, "the bulk is built once")
		assert(b.floors == 2 and b.nothing == nil, "other fields")
		return true`)
	require.NoError(t, err)
	L.Push(fn)
	L.Push(h.Observation(p, s.ViewFor(0), 0))
	require.NoError(t, L.PCall(1, 1, nil))
	require.Equal(t, lua.LTrue, L.Get(-1))
}

// The colour rule of g:board_covers and g:board_placements runs read-only: its answers are kept for
// later games, so a rule that changes the game is an error naming it.
func TestColourRuleMayNotChangeTheGame(t *testing.T) {
	p := probe(t, "simino", "", `function can_cover(g, t1, t2, b1, b2) g:set("x", 1) return t1 == b1 end`+"\n")
	r := batch(t, p, 3, []string{"random", "random", "random"}, 1, 1)
	assert.Contains(t, r, "g:set changes the game: the colour rule of g:board_covers may only read it")
}

// g:board_place's flat cells come in threes (row, col, value): a short list is an error naming it.
func TestBoardPlaceFlatCellsComeInThrees(t *testing.T) {
	p := probe(t, "testdata/board.yaml", "", `function ask(g) g:board_place("grid", "AC", 1, 2, 0, "A", 2, 1) end`+"\n")
	r := batch(t, p, 1, []string{"random"}, 1, 1)
	assert.Contains(t, r, "cells come in threes: row, col, value")
}
