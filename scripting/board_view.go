package scripting

import (
	lua "github.com/yuin/gopher-lua"

	"github.com/ruleslab/ruleslab/core"
)

// boardsTable is the `boards` field of a Lua observation: name -> {rows=, cols=, floors=, top=,
// pieces = {{id=, floor=, cells={{r, c}, ...}, values={...}}, ...},
// cells = {[floor] = {[r*cols+c+1] = piece number or 0}}, values = {[floor] = {[...] = value or ""}}}.
func boardsTable(L *lua.LState, views []core.BoardView) *lua.LTable {
	t := L.CreateTable(0, len(views))
	for _, v := range views {
		t.RawSetString(v.Name, boardTable(L, v))
	}
	return t
}

// boardTable is one board of boardsTable, every field answered on read: its size and top from v, and
// pieces, cells and values, the bulk, built from v on first read and kept (a bot that reads one
// floor's values, as a greedy bot does at every decision, builds no piece table). No field is stored
// in the table itself: a new key in a table costs thousands of machine instructions, and a bot's
// observation is made at every decision.
func boardTable(L *lua.LState, v core.BoardView) *lua.LTable {
	top := 0
	for _, p := range v.Pieces {
		top = max(top, p.Floor)
	}
	var pieces, cells, values lua.LValue
	meta := L.CreateTable(0, 1)
	meta.RawSetString("__index", L.NewFunction(func(L *lua.LState) int {
		var val lua.LValue = lua.LNil
		switch L.Get(2) {
		case lua.LString("rows"):
			val = lua.LNumber(v.Rows)
		case lua.LString("cols"):
			val = lua.LNumber(v.Cols)
		case lua.LString("floors"):
			val = lua.LNumber(v.Floors)
		case lua.LString("top"):
			val = lua.LNumber(top)
		case lua.LString("pieces"):
			if pieces == nil {
				pieces = piecesTable(L, v)
			}
			val = pieces
		case lua.LString("cells"):
			if cells == nil {
				cells = gridTable(L, v, top, lZero, func(k, _ int) lua.LValue { return lua.LNumber(k + 1) })
			}
			val = cells
		case lua.LString("values"):
			if values == nil {
				var boxed valueBoxes
				values = gridTable(L, v, top, lEmpty, func(k, j int) lua.LValue { return boxed.box(v.Pieces[k].Values[j]) })
			}
			val = values
		}
		L.Push(val)
		return 1
	}))
	bt := L.CreateTable(0, 0)
	bt.Metatable = meta
	return bt
}

// lZero and lEmpty are an empty cell's piece number and value, boxed once: most cells of a floor are
// empty, and a boxed value is never changed.
var lZero, lEmpty lua.LValue = lua.LNumber(0), lua.LString("")

// valueBoxes boxes each distinct value once (a board shows a few values on many cells).
type valueBoxes struct {
	names []string
	boxes []lua.LValue
}

// oneByteValues are the one-byte values (a colour's letter, a digit) boxed once for every
// observation: a bot reads the values at each decision, and finding a value among those boxed so far
// cost more than the rest of the grid.
var oneByteValues = func() (out [256]lua.LValue) {
	for i := range out {
		out[i] = lua.LString([]byte{byte(i)})
	}
	return out
}()

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
func piecesTable(L *lua.LState, v core.BoardView) *lua.LTable {
	pt := L.CreateTable(len(v.Pieces), 0)
	for _, p := range v.Pieces {
		x := L.CreateTable(0, 4)
		x.RawSetString("id", lua.LString(p.ID))
		x.RawSetString("floor", lua.LNumber(p.Floor))
		ct := L.CreateTable(len(p.Cells), 0)
		vt := L.CreateTable(len(p.Values), 0)
		for k, rc := range p.Cells {
			cell := L.CreateTable(2, 0)
			cell.Append(lua.LNumber(rc[0]))
			cell.Append(lua.LNumber(rc[1]))
			ct.Append(cell)
			vt.Append(lua.LString(p.Values[k]))
		}
		x.RawSetString("cells", ct)
		x.RawSetString("values", vt)
		pt.Append(x)
	}
	return pt
}

// gridTable is {[floor] = {[r*cols+c+1] = ...}} for floors 1 to top+1 (at most the board's, at
// least 1): empty on a free cell, cell(k, j) on cell j of piece number k (from 0).
func gridTable(L *lua.LState, v core.BoardView, top int, empty lua.LValue, cell func(k, j int) lua.LValue) *lua.LTable {
	floors := max(min(top+1, v.Floors), 1)
	grid := L.CreateTable(floors, 0)
	n := v.Rows * v.Cols
	for f := 1; f <= floors; f++ {
		ft := L.CreateTable(n, 0)
		for i := 1; i <= n; i++ {
			ft.RawSetInt(i, empty)
		}
		grid.RawSetInt(f, ft)
	}
	for k, p := range v.Pieces {
		ft := grid.RawGetInt(p.Floor).(*lua.LTable)
		for j, rc := range p.Cells {
			ft.RawSetInt(rc[0]*v.Cols+rc[1]+1, cell(k, j))
		}
	}
	return grid
}
