package scripting

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
	lua "github.com/yuin/gopher-lua"

	"github.com/ruleslab/ruleslab/core"
)

// dumpBoardsLua spells obs.boards as a script reads it: each board's fields read by name (a board
// table holds none itself), the bulk with # and pairs at every level (dumpLua).
const dumpBoardsLua = dumpLua + `
local function dump_boards(boards)
  if boards == nil then return "nil" end
  local names = {}
  for name in pairs(boards) do names[#names + 1] = name end
  table.sort(names)
  local out = ""
  for _, name in ipairs(names) do
    local b = boards[name]
    out = out .. name .. ":" .. b.rows .. "x" .. b.cols .. "/" .. b.floors .. " top " .. b.top ..
      " cells " .. dump(b.cells) .. " values " .. dump(b.values) .. " pieces " .. dump(b.pieces) ..
      " other " .. tostring(b.other) .. ";"
  end
  return out
end
return dump_boards
`

// boardTampers write into the board tables a bot was handed, as a careless bot might.
var boardTampers = []string{
	``,
	`obs.boards.main.values[1][1] = "tampered"`,
	`obs.boards.main.values[1][2] = nil`,
	`local v = obs.boards.main.values[1]; v[#v + 1] = "x"`,
	`obs.boards.main.values[1].x = 1`,
	`setmetatable(obs.boards.main.values[1], {})`,
	`obs.boards.main.values[1] = {}`,
	`obs.boards.main.values[9] = {}`,
	`obs.boards.main.values.x = 1`,
	`obs.boards.main.cells[1][3] = 99`,
	`obs.boards.main.cells[2] = nil`,
	`obs.boards.main.pieces[1] = nil`,
	`obs.boards.main.values = {}`,
	`obs.boards.main.x = 1`,
	`setmetatable(obs.boards.main, nil)`,
	`obs.boards.main = nil`,
	`obs.boards.other = 1`,
}

// A bot's kept board tables read, at every decision, as the fresh tables an observation built for
// the decision alone holds: whatever the bot wrote into them before, across the rounds of a Simino
// game (its board cleared between them), and when it is shown another game's board in between; with
// gopher-lua's table layout known (cells copied back whole) or not.
func TestBotBoardTablesReadAsFreshOnes(t *testing.T) {
	withAndWithoutLayout(t, checkBoardTablesReadAsFreshOnes)
}

// siminoEngine is an engine of Simino on a new host, closed with the test.
func siminoEngine(t *testing.T) (*Program, *Host, *Engine) {
	t.Helper()
	p, err := Load("simino", "")
	require.NoError(t, err)
	h := NewHost()
	t.Cleanup(h.Close)
	e, err := p.NewEngine(h)
	require.NoError(t, err)
	return p, h, e
}

func checkBoardTablesReadAsFreshOnes(t *testing.T) {
	p, h, e := siminoEngine(t)
	L := h.L
	require.NoError(t, L.DoString(dumpBoardsLua))
	dumpBoards := L.Get(-1)
	L.Pop(1)
	dump := func(obs *lua.LTable) string {
		require.NoError(t, L.CallByParam(lua.P{Fn: dumpBoards, NRet: 1, Protect: true}, L.GetField(obs, "boards")))
		defer L.Pop(1)
		return L.Get(-1).String()
	}
	var states []*core.State
	for seed := uint64(1); seed <= 2; seed++ {
		s, err := e.NewState(2, seed, core.StateOptions{})
		require.NoError(t, err)
		states = append(states, s)
	}
	b := newObsBuilder(h, p, &botShared{})
	rng := rand.New(rand.NewPCG(3, 1))
	rounds, steps := 0, 0
	for ; steps < 600 && !states[0].Over(); steps++ {
		s := states[0]
		if steps%7 == 6 && !states[1].Over() { // another line of play now and then
			s = states[1]
		}
		v := s.ViewFor(s.ToAct())
		obs := b.build(v, v.EventCount())
		want := dump(h.Observation(p, v, v.EventCount()))
		require.Equal(t, want, dump(obs), "step %d", steps)
		tamper := boardTampers[steps%len(boardTampers)]
		require.NoError(t, runLua(t, h, map[string]lua.LValue{"obs": obs}, tamper), tamper)
		_, pieces, _ := v.BoardPieces(0)
		require.NoError(t, s.ApplyIndex(e, rng.IntN(len(s.Legal()))))
		if _, after, _ := s.ViewFor(0).BoardPieces(0); len(after) < len(pieces) {
			rounds++
		}
	}
	require.Greater(t, rounds, 0, "a round ended: the board was cleared")
}

// An untouched board table and grid are handed again at the next decision; one the bot wrote into
// is made anew (a board table) or set back (a grid's floor).
func TestBotBoardTablesKeptUnlessWrittenInto(t *testing.T) {
	p, h, e := siminoEngine(t)
	s, err := e.NewState(2, 5, core.StateOptions{})
	require.NoError(t, err)
	L := h.L
	b := newObsBuilder(h, p, &botShared{})
	read := func() (boards, board, values, floor *lua.LTable) {
		v := s.ViewFor(s.ToAct())
		obs := b.build(v, v.EventCount())
		boards = L.GetField(obs, "boards").(*lua.LTable)
		board = L.GetField(boards, "main").(*lua.LTable)
		values = L.GetField(board, "values").(*lua.LTable)
		return boards, board, values, values.RawGetInt(1).(*lua.LTable)
	}
	boards, board, values, floor := read()
	require.NoError(t, s.ApplyIndex(e, 0))
	boards2, board2, values2, floor2 := read()
	require.Same(t, boards, boards2)
	require.Same(t, board, board2)
	require.Same(t, values, values2)
	require.Same(t, floor, floor2)
	floor2.RawSetInt(1, lua.LString("tampered"))
	board2.RawSetString("note", lua.LTrue)
	_, board3, values3, floor3 := read()
	require.NotSame(t, board2, board3, "a board table written into is made anew")
	require.Same(t, values2, values3)
	require.Same(t, floor2, floor3, "a floor with a cell changed is set back")
	require.NotEqual(t, lua.LString("tampered"), floor3.RawGetInt(1))
}
