package scripting

import (
	"fmt"
	"strconv"

	lua "github.com/yuin/gopher-lua"

	"github.com/ruleslab/ruleslab/core"
)

func stringList(L *lua.LState, v lua.LValue, what string) []string {
	if v == lua.LNil {
		return nil
	}
	t, ok := v.(*lua.LTable)
	if !ok {
		L.RaiseError("%s must be a list of strings", what)
	}
	t = raw(t)
	return appendStrings(make([]string, 0, t.Len()), t)
}

// appendStrings appends the strings of the (raw) list t to out.
func appendStrings(out []string, t *lua.LTable) []string {
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
	attrs := attrsOpt(L, ot)
	opt := fitOptions(L, ot)
	opt.Free = freeOf(nil, stringList(L, ot.RawGetString("free"), "free"), ids)
	pieces := piecesOf(L, g, ids, attrs)
	fits, err := b.Fits(floor, pieces, opt)
	must(L, err)
	sc := g.r.takeBoardScratch()
	out := moveSpeller{h: g.r.h, prefix: lua.LVAsString(ot.RawGetString("prefix")), suffix: lua.LVAsString(ot.RawGetString("suffix")),
		moves: sc.moves[:0]}
	for _, f := range fits {
		out.spell(ids[f.Piece], f.R, f.C, f.Dir)
	}
	L.Push(out.table(L))
	sc.moves = out.moves
	g.r.keepBoardScratch(sc)
	return 1
}

// attrsOpt reads opts.attrs, the two card attributes holding a piece's values.
func attrsOpt(L *lua.LState, ot *lua.LTable) []string {
	attrs := stringList(L, ot.RawGetString("attrs"), "attrs")
	if len(attrs) != 2 {
		L.RaiseError("opts.attrs must name the two card attributes holding a piece's values")
	}
	return attrs
}

// fitOptions reads the floor-1 matching options of g:board_fits' opts but the free pieces (match,
// wild, holes).
func fitOptions(L *lua.LState, ot *lua.LTable) core.FitOptions {
	var opt core.FitOptions
	if v, ok := ot.RawGetString("holes").(lua.LString); ok {
		opt.Holes = string(v)
	}
	if v, ok := ot.RawGetString("match").(lua.LString); ok {
		opt.Match = string(v)
	}
	opt.Wild = stringList(L, ot.RawGetString("wild"), "wild")
	return opt
}

// moveSpeller appends moves spelled prefix .. "ID ROW COL DIR" .. suffix to a list, reusing one buffer
// and boxing each move once per host h (a turn offers mostly the moves of the turns before); table
// hands the list to Lua. With memo (g:board_placements), a move is found again by its card number and
// floor.
type moveSpeller struct {
	h              *Host
	prefix, suffix string
	moves          []lua.LValue // the engine's scratch list (boardScratch)
	sb             []byte
	memo           *spelledMoves
	cards          []int // by piece: its card number, for memo
	floor, cols    int   // the floor and the board's columns, for memo
}

func (m *moveSpeller) spell(id string, row, col int, dir byte) {
	m.moves = append(m.moves, m.spelling(id, row, col, dir))
}

// table is a new Lua list of the moves spelled, made at its final size (one array, never regrown).
func (m *moveSpeller) table(L *lua.LState) *lua.LTable {
	t := L.CreateTable(len(m.moves), 0)
	for _, v := range m.moves {
		t.Append(v)
	}
	return t
}

// spellPiece appends the move of piece number i, id, as spell does: found in memo when it has one.
func (m *moveSpeller) spellPiece(i int, id string, row, col int, dir byte) {
	if m.memo == nil {
		m.spell(id, row, col, dir)
		return
	}
	slot := m.memo.slot(m.floor, m.cards[i], row, col, m.cols, dir)
	if *slot == nil {
		*slot = m.spelling(id, row, col, dir)
	}
	m.moves = append(m.moves, *slot)
}

// spelling is the move prefix .. "ID ROW COL DIR" .. suffix, boxed once per host.
func (m *moveSpeller) spelling(id string, row, col int, dir byte) lua.LValue {
	m.sb = append(m.sb[:0], m.prefix...)
	m.sb = append(m.sb, id...)
	m.sb = append(m.sb, ' ')
	m.sb = strconv.AppendInt(m.sb, int64(row), 10)
	m.sb = append(m.sb, ' ')
	m.sb = strconv.AppendInt(m.sb, int64(col), 10)
	m.sb = append(m.sb, ' ', dir)
	m.sb = append(m.sb, m.suffix...)
	return m.h.strBytes(m.sb)
}

// piecesOf reads each card's two values from its attributes attrs (g:board_fits' arguments 4 and 5).
func piecesOf(L *lua.LState, g *gHandle, ids, attrs []string) [][2]string {
	pieces := make([][2]string, len(ids))
	cat := g.s.Game.Catalog
	for i, id := range ids {
		idx := cat.Lookup(id)
		if len(idx) == 0 {
			L.ArgError(4, "no card "+id)
		}
		pieces[i] = pieceValues(L, cat.Cards[idx[0]], id, attrs, 5)
	}
	return pieces
}

// pieceValues reads card id's two values from its attributes attrs, named by the options argument
// opts when one is missing.
func pieceValues(L *lua.LState, c core.Card, id string, attrs []string, opts int) [2]string {
	var vals [2]string
	for k := 0; k < 2; k++ {
		v, ok := c.Attrs[attrs[k]]
		if !ok {
			L.ArgError(opts, "card "+id+" has no attribute "+attrs[k])
		}
		vals[k] = attrString(v)
	}
	return vals
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
