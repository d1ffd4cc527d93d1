package scripting

import (
	"fmt"
	"strconv"

	lua "github.com/yuin/gopher-lua"

	"github.com/ruleslab/ruleslab/core"
)

// The g:board_* methods expose the generic grid component (core/board.go) to Lua.
func init() {
	for name, fn := range boardMethods {
		gMethods[name] = fn
	}
	gMethods["board_fits"] = boardFits
	gMethods["board_covers"] = boardCovers
}

func boardArg(L *lua.LState, g *gHandle, n int) *core.Board {
	b, err := g.s.Board(L.CheckString(n))
	must(L, err)
	return b
}

var lstrR, lstrD = lua.LString("r"), lua.LString("d")

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
	// g:board_place(name, id, floor, {{r, c, value}, ...}) -> piece number
	"board_place": func(L *lua.LState) int {
		g := handle(L)
		b := boardArg(L, g, 2)
		id := L.CheckString(3)
		floor := L.CheckInt(4)
		t := raw(L.CheckTable(5))
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
		n, err := b.Place(id, floor, cells, values)
		must(L, err)
		L.Push(lua.LNumber(n))
		return 1
	},
	// g:board_at(name, floor, r, c) -> piece number (0 when empty), value (nil when empty), piece id
	"board_at": func(L *lua.LState) int {
		g := handle(L)
		b := boardArg(L, g, 2)
		n, v := b.At(L.CheckInt(3), L.CheckInt(4), L.CheckInt(5))
		L.Push(lua.LNumber(n))
		if n == 0 {
			L.Push(lua.LNil)
			L.Push(lua.LNil)
		} else {
			L.Push(lua.LString(v))
			L.Push(lua.LString(b.Piece(n).ID))
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
}

func stringList(L *lua.LState, v lua.LValue, what string) []string {
	if v == lua.LNil {
		return nil
	}
	t, ok := v.(*lua.LTable)
	if !ok {
		L.RaiseError("%s must be a list of strings", what)
	}
	t = raw(t)
	out := make([]string, 0, t.Len())
	for i := 1; i <= t.Len(); i++ {
		out = append(out, lua.LVAsString(t.RawGetInt(i)))
	}
	return out
}

// g:board_fits(name, floor, ids, {attrs = {"a", "b"}, match = "one"|"all", wild = {...}, free = {ids},
// holes = ..., prefix = "place ", suffix = " 1"}) -> moves: prefix .. "ID ROW COL DIR" .. suffix
func boardFits(L *lua.LState) int {
	g := handle(L)
	b := boardArg(L, g, 2)
	floor := L.CheckInt(3)
	ids := stringList(L, L.CheckTable(4), "ids")
	ot := raw(L.OptTable(5, L.NewTable()))
	attrs := stringList(L, ot.RawGetString("attrs"), "attrs")
	if len(attrs) != 2 {
		L.ArgError(5, "attrs must name the two card attributes holding a piece's values")
	}
	var opt core.FitOptions
	if v, ok := ot.RawGetString("holes").(lua.LString); ok {
		opt.Holes = string(v)
	}
	if v, ok := ot.RawGetString("match").(lua.LString); ok {
		opt.Match = string(v)
	}
	opt.Wild = stringList(L, ot.RawGetString("wild"), "wild")
	free := map[string]bool{}
	for _, id := range stringList(L, ot.RawGetString("free"), "free") {
		free[id] = true
	}
	prefix := lua.LVAsString(ot.RawGetString("prefix"))
	suffix := lua.LVAsString(ot.RawGetString("suffix"))
	pieces := piecesOf(L, g, ids, attrs)
	opt.Free = map[int]bool{}
	for i, id := range ids {
		opt.Free[i] = free[id]
	}
	fits, err := b.Fits(floor, pieces, opt)
	must(L, err)
	t := L.CreateTable(len(fits), 0)
	var sb []byte
	for _, f := range fits {
		sb = append(sb[:0], prefix...)
		sb = append(sb, ids[f.Piece]...)
		sb = append(sb, ' ')
		sb = strconv.AppendInt(sb, int64(f.R), 10)
		sb = append(sb, ' ')
		sb = strconv.AppendInt(sb, int64(f.C), 10)
		sb = append(sb, ' ', f.Dir)
		sb = append(sb, suffix...)
		t.Append(lua.LString(sb))
	}
	L.Push(t)
	return 1
}

// coverRule remembers a colour rule's answers in the current game (boardCovers): values are numbered
// as they come and the first 16 index a flat table, the rest a map.
type coverRule struct {
	fn    *lua.LFunction
	index map[string]int
	ans   []int8 // 16^4 entries by value numbers: 0 not asked yet, 1 no, 2 yes
	more  map[[4]string]bool
}

const coverFlat = 16

func (c *coverRule) number(v string) int {
	if i, ok := c.index[v]; ok {
		return i
	}
	i := len(c.index)
	c.index[v] = i
	return i
}

// ruleFor returns the memory of fn's answers, made at its first use in a game.
func (r *Engine) ruleFor(fn *lua.LFunction) *coverRule {
	for _, c := range r.coverRules {
		if c.fn == fn {
			return c
		}
	}
	c := &coverRule{fn: fn, index: map[string]int{}, more: map[[4]string]bool{}}
	r.coverRules = append(r.coverRules, c)
	return c
}

// boardCovers is g:board_covers(name, floor, ids, opts): every placement of the pieces ids on the
// floor's junctions (floor >= 2) that the Lua rule opts.allow(g, t1, t2, b1, b2) accepts, for the piece's
// values t1, t2 (card attributes opts.attrs) lying on the values b1, b2 beneath. For each id in order,
// each junction in board_junctions order: the piece as listed (ROW COL of the first value, DIR r or d),
// then turned round (the first value on the junction's second cell, DIR l or u) unless both values are
// equal. The rule is asked once per distinct combination of values in a game (the engine remembers its
// answers until the next game): it must answer from its arguments and the params alone. Moves are
// spelled prefix .. "ID ROW COL DIR" .. suffix.
func boardCovers(L *lua.LState) int {
	g := handle(L)
	b := boardArg(L, g, 2)
	floor := L.CheckInt(3)
	if floor < 2 {
		L.ArgError(3, "junctions lie under floors 2 and up")
	}
	ids := stringList(L, L.CheckTable(4), "ids")
	ot := raw(L.CheckTable(5))
	attrs := stringList(L, ot.RawGetString("attrs"), "attrs")
	if len(attrs) != 2 {
		L.ArgError(5, "attrs must name the two card attributes holding a piece's values")
	}
	allow, ok := ot.RawGetString("allow").(*lua.LFunction)
	if !ok {
		L.ArgError(5, "allow must be the rule function(g, t1, t2, b1, b2) -> boolean")
	}
	prefix := lua.LVAsString(ot.RawGetString("prefix"))
	suffix := lua.LVAsString(ot.RawGetString("suffix"))
	pieces := piecesOf(L, g, ids, attrs)
	ds, err := b.Dominoes(floor, core.DominoOptions{})
	must(L, err)
	rule := g.r.ruleFor(allow)
	// ask answers for the values t (piece) on b (beneath) numbered n
	ask := func(t1, t2, b1, b2 string, n1, n2, n3, n4 int) bool {
		flat := -1
		if n1 < coverFlat && n2 < coverFlat && n3 < coverFlat && n4 < coverFlat {
			if rule.ans == nil {
				rule.ans = make([]int8, coverFlat*coverFlat*coverFlat*coverFlat)
			}
			flat = ((n1*coverFlat+n2)*coverFlat+n3)*coverFlat + n4
			if a := rule.ans[flat]; a != 0 {
				return a == 2
			}
		} else if v, ok := rule.more[[4]string{t1, t2, b1, b2}]; ok {
			return v
		}
		L.Push(allow)
		L.Push(L.Get(1))
		L.Push(lua.LString(t1))
		L.Push(lua.LString(t2))
		L.Push(lua.LString(b1))
		L.Push(lua.LString(b2))
		L.Call(5, 1)
		v := lua.LVAsBool(L.Get(-1))
		L.Pop(1)
		if flat >= 0 {
			rule.ans[flat] = 1
			if v {
				rule.ans[flat] = 2
			}
		} else {
			rule.more[[4]string{t1, t2, b1, b2}] = v
		}
		return v
	}
	below := make([][2]int, len(ds))
	for i, d := range ds {
		below[i] = [2]int{rule.number(d.Below[0]), rule.number(d.Below[1])}
	}
	t := L.CreateTable(0, 0)
	var sb []byte
	spell := func(id string, row, col int, dir byte) {
		sb = append(sb[:0], prefix...)
		sb = append(sb, id...)
		sb = append(sb, ' ')
		sb = strconv.AppendInt(sb, int64(row), 10)
		sb = append(sb, ' ')
		sb = strconv.AppendInt(sb, int64(col), 10)
		sb = append(sb, ' ', dir)
		sb = append(sb, suffix...)
		t.Append(lua.LString(sb))
	}
	for i, id := range ids {
		a, c := pieces[i][0], pieces[i][1]
		na, nc := rule.number(a), rule.number(c)
		for k, d := range ds {
			nb := below[k]
			if ask(a, c, d.Below[0], d.Below[1], na, nc, nb[0], nb[1]) {
				spell(id, d.R1, d.C1, d.Dir)
			}
			if a != c && ask(c, a, d.Below[0], d.Below[1], nc, na, nb[0], nb[1]) {
				back := byte('l')
				if d.Dir == 'd' {
					back = 'u'
				}
				spell(id, d.R2, d.C2, back)
			}
		}
	}
	L.Push(t)
	return 1
}

// piecesOf reads each card's two values from its attributes attrs.
func piecesOf(L *lua.LState, g *gHandle, ids, attrs []string) [][2]string {
	pieces := make([][2]string, len(ids))
	cat := g.s.Game.Catalog
	for i, id := range ids {
		idx := cat.Lookup(id)
		if len(idx) == 0 {
			L.ArgError(4, "no card "+id)
		}
		c := cat.Cards[idx[0]]
		for k := 0; k < 2; k++ {
			v, ok := c.Attrs[attrs[k]]
			if !ok {
				L.ArgError(5, "card "+id+" has no attribute "+attrs[k])
			}
			pieces[i][k] = attrString(v)
		}
	}
	return pieces
}

func attrString(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	}
	return fmt.Sprint(v)
}

// boardsTable is the `boards` field of a Lua observation: name -> {rows=, cols=, floors=, top=,
// pieces = {{id=, floor=, cells={{r, c}, ...}, values={...}}, ...},
// cells = {[floor] = {[r*cols+c+1] = piece number or 0}}, values = {[floor] = {[...] = value or ""}}}.
func boardsTable(L *lua.LState, views []core.BoardView) *lua.LTable {
	t := L.CreateTable(0, len(views))
	for _, v := range views {
		bt := L.CreateTable(0, 8)
		bt.RawSetString("rows", lua.LNumber(v.Rows))
		bt.RawSetString("cols", lua.LNumber(v.Cols))
		bt.RawSetString("floors", lua.LNumber(v.Floors))
		top := 0
		pt := L.CreateTable(len(v.Pieces), 0)
		for _, p := range v.Pieces {
			if p.Floor > top {
				top = p.Floor
			}
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
		bt.RawSetString("pieces", pt)
		bt.RawSetString("top", lua.LNumber(top))
		floors := top
		if floors < v.Floors {
			floors++
		}
		if floors < 1 {
			floors = 1
		}
		cells, vals := L.CreateTable(floors, 0), L.CreateTable(floors, 0)
		n := v.Rows * v.Cols
		for f := 1; f <= floors; f++ {
			ft, fv := L.CreateTable(n, 0), L.CreateTable(n, 0)
			for i := 1; i <= n; i++ {
				ft.RawSetInt(i, lua.LNumber(0))
				fv.RawSetInt(i, lua.LString(""))
			}
			cells.RawSetInt(f, ft)
			vals.RawSetInt(f, fv)
		}
		for k, p := range v.Pieces {
			ft := cells.RawGetInt(p.Floor).(*lua.LTable)
			fv := vals.RawGetInt(p.Floor).(*lua.LTable)
			for j, rc := range p.Cells {
				i := rc[0]*v.Cols + rc[1] + 1
				ft.RawSetInt(i, lua.LNumber(k+1))
				fv.RawSetInt(i, lua.LString(p.Values[j]))
			}
		}
		bt.RawSetString("cells", cells)
		bt.RawSetString("values", vals)
		t.RawSetString(v.Name, bt)
	}
	return t
}
