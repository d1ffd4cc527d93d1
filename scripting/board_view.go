package scripting

import (
	lua "github.com/yuin/gopher-lua"

	"github.com/ruleslab/ruleslab/core"
)

// The `boards` field of a Lua observation: name -> {rows=, cols=, floors=, top=,
// pieces = {{id=, floor=, cells={{r, c}, ...}, values={...}}, ...},
// cells = {[floor] = {[r*cols+c+1] = piece number or 0}}, values = {[floor] = {[...] = value or ""}}}.
//
// A board's table holds no field itself: a metatable answers each on read (a new key in a table costs
// thousands of machine instructions), rows, cols, floors and top from the view, pieces, cells and
// values, the bulk, built at their first read in a decision. A bot's builder keeps these tables from
// one decision to the next (a greedy Simino bot reads one floor's values at every decision, and
// building the grids afresh cost more than the rest of its observation): a grid is brought up to date
// by the pieces placed since (a board's pieces are only appended to until it is cleared,
// View.BoardPieces), after undoing whatever the bot wrote into it (each floor is compared with what
// was put there), so it reads as a fresh one. pieces is built afresh at its first read in a decision
// (no greedy bot reads it). A board table or list of boards the bot wrote into is made anew.

// boardsView is a builder's `boards` table and its boards' tables.
type boardsView struct {
	t      *lua.LTable
	boards []*boardView
}

// boardView is one board's table and what it answers for the current decision.
type boardView struct {
	b       *obsBuilder
	def     *core.BoardDef
	pieces  []core.Piece // as the current decision's view shows them
	top     int
	t, meta *lua.LTable
	cells   boardGrid
	values  boardGrid
	list    lua.LValue // pieces, built at decision listAt
	listAt  uint64
	boxes   valueBoxes // the values of the pieces, each boxed once
}

// boards is the observation's `boards` field: nil when the game has none.
func (b *obsBuilder) boards(L *lua.LState) lua.LValue {
	n := b.v.BoardCount()
	if n == 0 {
		return lua.LNil
	}
	bv := &b.boardTables
	for len(bv.boards) < n {
		bv.boards = append(bv.boards, &boardView{b: b})
	}
	intact := bv.t != nil && plainTable(bv.t) != nil && keyCount(bv.t) == n
	for i := 0; i < n; i++ {
		x := bv.boards[i]
		x.def, x.pieces, x.top = b.v.BoardPieces(i)
		intact = x.handed(L) && intact && bv.t.RawGetString(x.def.Name) == x.t
	}
	if !intact {
		bv.t = L.CreateTable(0, n)
		for _, x := range bv.boards[:n] {
			bv.t.RawSetString(x.def.Name, x.t)
		}
	}
	return bv.t
}

// handed readies the board's table for the decision: the earlier one, or a new one when the bot
// wrote into it (or it is the first). It reports whether the table is the earlier one.
func (x *boardView) handed(L *lua.LState) bool {
	if x.t != nil && x.t.Metatable == x.meta && isEmpty(x.t) {
		return true
	}
	if x.meta == nil {
		x.meta = L.CreateTable(0, 1)
		x.meta.RawSetString("__index", L.NewFunction(x.index))
	}
	x.t = L.CreateTable(0, 0)
	x.t.Metatable = x.meta
	return false
}

// index is a board table's __index.
func (x *boardView) index(L *lua.LState) int {
	h := x.b.h
	var val lua.LValue = lua.LNil
	switch L.Get(2) {
	case lua.LString("rows"):
		val = h.int(x.def.Rows)
	case lua.LString("cols"):
		val = h.int(x.def.Cols)
	case lua.LString("floors"):
		val = h.int(x.def.Floors)
	case lua.LString("top"):
		val = h.int(x.top)
	case lua.LString("pieces"):
		if x.list == nil || x.listAt != x.b.decision {
			x.list, x.listAt = piecesTable(L, x.def, x.pieces), x.b.decision
		}
		val = x.list
	case lua.LString("cells"):
		val = x.cells.table(L, x, lZero, func(k, _ int) lua.LValue { return h.int(k + 1) })
	case lua.LString("values"):
		val = x.values.table(L, x, lEmpty, func(k, j int) lua.LValue { return x.boxes.box(x.pieces[k].Values[j]) })
	}
	L.Push(val)
	return 1
}

// floorCount is the number of floors the grids show: 1 to top+1, at most the board's.
func (x *boardView) floorCount() int { return max(min(x.top+1, x.def.Floors), 1) }

// lZero and lEmpty are an empty cell's piece number and value, boxed once: most cells of a floor are
// empty, and a boxed value is never changed.
var lZero, lEmpty lua.LValue = lua.LNumber(0), lua.LString("")

// oneByteValues are the one-byte values (a colour's letter, a digit) boxed once for every
// observation: a bot reads the values at each decision, and finding a value among those boxed so far
// cost more than the rest of the grid.
var oneByteValues = func() (out [256]lua.LValue) {
	for i := range out {
		out[i] = lua.LString([]byte{byte(i)})
	}
	return out
}()

// valueBoxes boxes each distinct value once (a board shows a few values on many cells).
type valueBoxes struct {
	names []string
	boxes []lua.LValue
}

func (b *valueBoxes) box(s string) lua.LValue {
	if len(s) == 1 {
		return oneByteValues[s[0]]
	}
	for i, name := range b.names {
		if name == s {
			return b.boxes[i]
		}
	}
	b.names = append(b.names, s)
	b.boxes = append(b.boxes, lua.LString(s))
	return b.boxes[len(b.boxes)-1]
}

// piecesTable is a board's pieces in placement order: {{id=, floor=, cells={{r, c}, ...}, values={...}}, ...}.
func piecesTable(L *lua.LState, def *core.BoardDef, pieces []core.Piece) *lua.LTable {
	pt := L.CreateTable(len(pieces), 0)
	for _, p := range pieces {
		x := L.CreateTable(0, 4)
		x.RawSetString("id", lua.LString(p.ID))
		x.RawSetString("floor", lua.LNumber(p.Floor))
		ct := L.CreateTable(len(p.Cells), 0)
		vt := L.CreateTable(len(p.Values), 0)
		for k, cell := range p.Cells {
			rc := L.CreateTable(2, 0)
			rc.Append(lua.LNumber(cell / def.Cols))
			rc.Append(lua.LNumber(cell % def.Cols))
			ct.Append(rc)
			vt.Append(lua.LString(p.Values[k]))
		}
		x.RawSetString("cells", ct)
		x.RawSetString("values", vt)
		pt.Append(x)
	}
	return pt
}
