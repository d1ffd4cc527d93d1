package scripting

import (
	lua "github.com/yuin/gopher-lua"

	"github.com/ruleslab/ruleslab/core"
)

// boardGrid is a board's cells or values grid ({[floor] = {[r*cols+c+1] = ...}}), kept from one
// decision to the next: what each floor's table was filled with (want) and how many of the board's
// pieces are in it (placed, their list known by its first piece, View.BoardPieces).
type boardGrid struct {
	t      *lua.LTable
	floors []*lua.LTable
	want   [][]lua.LValue // by floor, then cell
	first  *core.Piece
	placed int
	at     uint64 // the decision it was last handed at
}

// table returns the grid for the board's current decision: the one handed earlier in the decision as
// it is, else the kept one with the bot's writes undone and the pieces placed since filled in. empty
// is a free cell's entry, cell(k, j) cell j of piece k (from 0).
func (g *boardGrid) table(L *lua.LState, x *boardView, empty lua.LValue, cell func(k, j int) lua.LValue) *lua.LTable {
	if g.t != nil && g.at == x.b.decision {
		return g.t
	}
	g.at = x.b.decision
	g.undoWrites(L, x.b.h)
	if g.placed > len(x.pieces) || (g.placed > 0 && &x.pieces[0] != g.first) {
		g.emptyFloors(x.b.h, empty) // cleared, or another line of play
	}
	g.resize(L, x.floorCount(), x.def.Rows*x.def.Cols, empty)
	for k := g.placed; k < len(x.pieces); k++ {
		p := &x.pieces[k]
		for j, c := range p.Cells {
			g.set(p.Floor-1, c, cell(k, j))
		}
	}
	if len(x.pieces) > 0 {
		g.first = &x.pieces[0]
	}
	g.placed = len(x.pieces)
	return g.t
}

// set puts v in cell c (from 0) of floor f (from 0).
func (g *boardGrid) set(f, c int, v lua.LValue) {
	if f < len(g.floors) {
		g.floors[f].RawSetInt(c+1, v)
		g.want[f][c] = v
	}
}

// undoWrites makes the grid hold again what it was filled with: a grid table that is no longer a plain
// list of the floors is made anew, and so is a floor table with a metatable or a key past its cells;
// a floor's cells are set back.
func (g *boardGrid) undoWrites(L *lua.LState, h *Host) {
	if g.t == nil {
		g.t = L.CreateTable(1, 0)
		return
	}
	for f, ft := range g.floors {
		if !setBack(h, ft, g.want[f]) {
			g.floors[f] = newFloor(L, g.want[f])
		}
	}
	if listOf(g.t, len(g.floors)) == nil {
		g.t = L.CreateTable(len(g.floors), 0)
	}
	for f, ft := range g.floors {
		if g.t.RawGetInt(f+1) != ft {
			g.t.RawSetInt(f+1, ft)
		}
	}
}

// setBack makes the list t hold cells again, or reports false when t got a metatable or a key that is
// not one of the cells. With gopher-lua's table layout known (bot_clone.go), a table that never had
// another key has its cells copied back whole: comparing each cell cost more than the rest of the grid.
func setBack(h *Host, t *lua.LTable, cells []lua.LValue) bool {
	if t.Metatable != lua.LNil {
		return false
	}
	if tableLayoutOK {
		l := layout(t)
		if l.keys != nil || l.dict != nil || len(l.array) != len(cells) {
			return false // (keys is made at the first key set outside the list part)
		}
		copy(l.array, cells)
		return true
	}
	if k, _ := t.Next(h.int(len(cells))); k != lua.LNil {
		return false
	}
	for c, v := range cells {
		t.RawSetInt(c+1, v)
	}
	return true
}

// newFloor is a floor's table holding cells.
func newFloor(L *lua.LState, cells []lua.LValue) *lua.LTable {
	ft := L.CreateTable(len(cells), 0)
	for c, v := range cells {
		ft.RawSetInt(c+1, v)
	}
	return ft
}

// emptyFloors frees every cell of every floor (whose tables hold what they were filled with: undoWrites
// came first).
func (g *boardGrid) emptyFloors(h *Host, empty lua.LValue) {
	for f, ft := range g.floors {
		want := g.want[f]
		for c := range want {
			want[c] = empty
		}
		setBack(h, ft, want)
	}
	g.placed, g.first = 0, nil
}

// resize makes the grid show floors floors of n cells: new ones free, those past it dropped (a board
// cleared shows fewer).
func (g *boardGrid) resize(L *lua.LState, floors, n int, empty lua.LValue) {
	for f := len(g.floors); f < floors; f++ {
		want := make([]lua.LValue, n)
		for c := range want {
			want[c] = empty
		}
		g.want = append(g.want, want)
		g.floors = append(g.floors, newFloor(L, want))
		g.t.RawSetInt(f+1, g.floors[f])
	}
	for f := len(g.floors); f > floors; f-- {
		g.t.RawSetInt(f, lua.LNil)
	}
	g.floors, g.want = g.floors[:floors], g.want[:floors]
}
