package scripting

import (
	lua "github.com/yuin/gopher-lua"

	"github.com/ruleslab/ruleslab/core"
)

func boardArg(L *lua.LState, g *gHandle, n int) *core.Board {
	b, err := g.s.Handle().Board(L.CheckString(n))
	must(L, err)
	return b
}

var lstrR, lstrD = lua.LString("r"), lua.LString("d")

// boardMethods are the g:board_* methods: they expose the generic grid component (core/board.go) to Lua.
var boardMethods = map[string]lua.LGFunction{
	// g:board_junctions(name, floor) -> flat list r, c, dir, b1, b2, r, c, dir, ... (five values per
	// position): the floor's free two-cell positions over a junction, as board_dominoes finds them,
	// without a table per position (the hot path of upper-floor move generation)
	"board_junctions": func(L *lua.LState) int {
		g := handle(L)
		b := boardArg(L, g, 2)
		floor := L.CheckInt(3)
		if floor < 2 {
			L.ArgError(3, "junctions lie under floors 2 and up")
		}
		ds, err := b.Dominoes(floor, core.DominoOptions{})
		must(L, err)
		t := L.CreateTable(5*len(ds), 0)
		h := g.r.h
		for _, d := range ds {
			t.Append(h.int(d.R1))
			t.Append(h.int(d.C1))
			if d.Dir == 'r' {
				t.Append(lstrR)
			} else {
				t.Append(lstrD)
			}
			t.Append(lua.LString(d.Below[0]))
			t.Append(lua.LString(d.Below[1]))
		}
		L.Push(t)
		return 1
	},
	// g:board_size(name) -> rows, cols, floors
	"board_size": func(L *lua.LState) int {
		b := boardArg(L, handle(L), 2)
		L.Push(lua.LNumber(b.Def.Rows))
		L.Push(lua.LNumber(b.Def.Cols))
		L.Push(lua.LNumber(b.Def.Floors))
		return 3
	},
	// g:board_place(name, id, floor, {{r, c, value}, ...}) -> piece number; or flat, without a table
	// per cell, g:board_place(name, id, floor, r, c, value, r, c, value, ...) (a move's placement)
	"board_place": func(L *lua.LState) int {
		g := handle(L)
		b := boardArg(L, g, 2)
		id := L.CheckString(3)
		floor := L.CheckInt(4)
		// room for a domino's cells on the stack: Place copies them, so a move allocates none here
		var cellRoom [4][2]int
		var valueRoom [4]string
		cells, values := cellRoom[:0], valueRoom[:0]
		if _, flat := L.Get(5).(lua.LNumber); flat {
			cells, values = flatCells(L, 5, cells, values)
		} else {
			cells, values = tableCells(L, raw(L.CheckTable(5)))
		}
		n, err := b.Place(id, floor, cells, values)
		must(L, err)
		L.Push(g.r.h.int(n))
		return 1
	},
	// g:board_at(name, floor, r, c) -> piece number (0 when empty), value (nil when empty), piece id
	"board_at": func(L *lua.LState) int {
		g := handle(L)
		b := boardArg(L, g, 2)
		n, v := b.At(L.CheckInt(3), L.CheckInt(4), L.CheckInt(5))
		L.Push(g.r.h.int(n)) // preboxed: a number made here cost an allocation per call
		if n == 0 {
			L.Push(lua.LNil)
			L.Push(lua.LNil)
		} else {
			L.Push(boxBoardString(g, v))
			L.Push(boxBoardString(g, b.Piece(n).ID))
		}
		return 3
	},
	// g:board_in(name, floor, r, c) -> whether the cell exists
	"board_in": func(L *lua.LState) int {
		b := boardArg(L, handle(L), 2)
		L.Push(lua.LBool(b.In(L.CheckInt(3), L.CheckInt(4), L.CheckInt(5))))
		return 1
	},
	// g:board_neighbours(name, r, c) -> {{r, c}, ...} orthogonal neighbours inside the grid
	"board_neighbours": func(L *lua.LState) int {
		b := boardArg(L, handle(L), 2)
		nb := b.Neighbours(L.CheckInt(3), L.CheckInt(4))
		t := L.CreateTable(len(nb), 0)
		for _, rc := range nb {
			x := L.CreateTable(2, 0)
			x.Append(lua.LNumber(rc[0]))
			x.Append(lua.LNumber(rc[1]))
			t.Append(x)
		}
		L.Push(t)
		return 1
	},
	// g:board_is_junction(name, floor, r1, c1, r2, c2) -> both cells covered, by different pieces
	"board_is_junction": func(L *lua.LState) int {
		b := boardArg(L, handle(L), 2)
		L.Push(lua.LBool(b.IsJunction(L.CheckInt(3), L.CheckInt(4), L.CheckInt(5), L.CheckInt(6), L.CheckInt(7))))
		return 1
	},
	// g:board_is_corner(name, r, c) -> whether (r, c) is a corner cell
	"board_is_corner": func(L *lua.LState) int {
		b := boardArg(L, handle(L), 2)
		L.Push(lua.LBool(b.IsCorner(L.CheckInt(3), L.CheckInt(4))))
		return 1
	},
	// g:board_top(name) -> highest floor holding a piece (0 when empty)
	"board_top": func(L *lua.LState) int {
		L.Push(lua.LNumber(boardArg(L, handle(L), 2).Top()))
		return 1
	},
	// g:board_count(name [, floor]) -> number of pieces (on a floor)
	"board_count": func(L *lua.LState) int {
		b := boardArg(L, handle(L), 2)
		L.Push(lua.LNumber(b.Count(L.OptInt(3, 0))))
		return 1
	},
	// g:board_pieces(name) -> {{id=, floor=, cells={{r, c, value}, ...}}, ...} in placement order
	"board_pieces": func(L *lua.LState) int {
		b := boardArg(L, handle(L), 2)
		ps := b.Pieces()
		t := L.CreateTable(len(ps), 0)
		for _, p := range ps {
			pt := L.CreateTable(0, 3)
			pt.RawSetString("id", lua.LString(p.ID))
			pt.RawSetString("floor", lua.LNumber(p.Floor))
			ct := L.CreateTable(len(p.Cells), 0)
			for k, cell := range p.Cells {
				x := L.CreateTable(3, 0)
				x.Append(lua.LNumber(cell / b.Def.Cols))
				x.Append(lua.LNumber(cell % b.Def.Cols))
				x.Append(lua.LString(p.Values[k]))
				ct.Append(x)
			}
			pt.RawSetString("cells", ct)
			t.Append(pt)
		}
		L.Push(t)
		return 1
	},
	// g:board_clear(name) removes every piece
	"board_clear": func(L *lua.LState) int {
		boardArg(L, handle(L), 2).Clear()
		return 0
	},
	// g:board_dominoes(name, floor [, {holes=, adjacent=, corners=}]) -> candidate two-cell positions
	"board_dominoes": func(L *lua.LState) int {
		g := handle(L)
		b := boardArg(L, g, 2)
		floor := L.CheckInt(3)
		var opt core.DominoOptions
		if ot, ok := L.Get(4).(*lua.LTable); ok {
			ot = raw(ot)
			if v, ok := ot.RawGetString("holes").(lua.LString); ok {
				opt.Holes = string(v)
			}
			opt.Adjacent = lua.LVAsBool(ot.RawGetString("adjacent"))
			opt.Corners = lua.LVAsBool(ot.RawGetString("corners"))
		}
		ds, err := b.Dominoes(floor, opt)
		must(L, err)
		t := L.CreateTable(len(ds), 0)
		h := g.r.h
		for _, d := range ds {
			x := L.CreateTable(0, 10)
			x.RawSetString("r", h.int(d.R1))
			x.RawSetString("c", h.int(d.C1))
			x.RawSetString("r2", h.int(d.R2))
			x.RawSetString("c2", h.int(d.C2))
			if d.Dir == 'r' {
				x.RawSetString("dir", lstrR)
			} else {
				x.RawSetString("dir", lstrD)
			}
			if floor > 1 {
				x.RawSetString("b1", lua.LString(d.Below[0]))
				x.RawSetString("b2", lua.LString(d.Below[1]))
			}
			x.RawSetString("a1", lua.LString(d.Adj[0]))
			x.RawSetString("a2", lua.LString(d.Adj[1]))
			x.RawSetString("corner", lua.LBool(d.Corner))
			t.Append(x)
		}
		L.Push(t)
		return 1
	},
	// g:board_fits(name, floor, ids, opts) -> moves placing the pieces ids (boardFits, board_fit.go)
	"board_fits": boardFits,
	// g:board_covers(name, floor, ids, opts) -> junction placements a Lua rule allows (boardCovers,
	// board_cover.go)
	"board_covers": boardCovers,
}

// boxBoardString boxes a board value or piece id as a Lua string without allocating in the usual
// cases (g:board_at runs on every upper-floor move): a one-byte value (a colour's letter) from
// oneByteValues, a card's id from the engine's boxed ids, anything else through the host's strings.
func boxBoardString(g *gHandle, s string) lua.LValue {
	if len(s) == 1 {
		return oneByteValues[s[0]]
	}
	if idx := g.s.Game.Catalog.Lookup(s); len(idx) > 0 {
		return g.r.data.cardStr[idx[0]]
	}
	return g.r.h.str(s)
}

// tableCells reads board_place's cells given as a list {{r, c, value}, ...} (argument 5).
func tableCells(L *lua.LState, t *lua.LTable) ([][2]int, []string) {
	var cells [][2]int
	var values []string
	for i := 1; i <= t.Len(); i++ {
		ct, ok := t.RawGetInt(i).(*lua.LTable)
		if !ok {
			L.ArgError(5, "cells must be a list of {row, col, value}")
		}
		ct = raw(ct)
		r, ok1 := toInt(ct.RawGetInt(1))
		c, ok2 := toInt(ct.RawGetInt(2))
		if !ok1 || !ok2 {
			L.ArgError(5, "cells must be a list of {row, col, value}")
		}
		cells = append(cells, [2]int{r, c})
		values = append(values, lua.LVAsString(ct.RawGetInt(3)))
	}
	return cells, values
}

// flatCells appends board_place's cells given flat from argument first on (row, col, value, row, ...)
// to cells and values, the caller's room for them.
func flatCells(L *lua.LState, first int, cells [][2]int, values []string) ([][2]int, []string) {
	top := L.GetTop()
	if (top-first+1)%3 != 0 {
		L.ArgError(top, "cells come in threes: row, col, value")
	}
	for i := first; i < top; i += 3 {
		cells = append(cells, [2]int{L.CheckInt(i), L.CheckInt(i + 1)})
		values = append(values, L.CheckString(i+2))
	}
	return cells, values
}
