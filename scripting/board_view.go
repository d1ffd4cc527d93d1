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
