package scripting

import (
	"slices"
	"strconv"

	lua "github.com/yuin/gopher-lua"
)

// g:board_placements joins g:board_fits and g:board_covers: a whole turn's two-cell placements in one
// call, so a game does not build option tables, call Go and copy moves once per floor.
func init() { gMethods["board_placements"] = boardPlacements }

// boardPlacements is g:board_placements(name, ids, opts) -> moves, n1: the placements of the pieces
// ids on floor 1 that g:board_fits offers (opts.match, wild, free, holes), then, with opts.allow, on
// each floor from 2 to one above the highest piece (at most the top floor) those g:board_covers
// offers. An id listed twice (a hand holding two alike) counts once. Each is spelled prefix .. "ID ROW
// COL DIR FLOOR"; n1 is how many lie on floor 1. With opts.first it stops after the first floor that
// has any.
func boardPlacements(L *lua.LState) int {
	g := handle(L)
	b := boardArg(L, g, 2)
	ids := distinctIDs(stringList(L, L.CheckTable(3), "ids"))
	ot := raw(L.CheckTable(4))
	attrs := attrsOpt(L, ot)
	opt := fitOptions(L, ot, ids)
	var allow *lua.LFunction
	if v := ot.RawGetString("allow"); v != lua.LNil {
		fn, ok := v.(*lua.LFunction)
		if !ok {
			L.ArgError(4, "allow must be the rule function(g, t1, t2, b1, b2) -> boolean")
		}
		allow = fn
	}
	first := lua.LVAsBool(ot.RawGetString("first"))
	out := moveSpeller{h: g.r.h, prefix: lua.LVAsString(ot.RawGetString("prefix")), suffix: " 1", floor: 1, cols: b.Def.Cols}
	var pieces [][2]string
	var q coverAsk
	if allow != nil {
		q = newCoverAsk(L, g, allow)
		out.memo = &q.rule.spelled
		out.memo.fit(out.prefix, attrs, b)
		pieces, out.cards = out.memo.pieces(L, g, ids)
	} else {
		pieces = piecesOf(L, g, ids, attrs)
	}
	fits, err := b.Fits(1, pieces, opt)
	must(L, err)
	out.t = L.CreateTable(len(fits), 0)
	for _, f := range fits {
		out.spellPiece(f.Piece, ids[f.Piece], f.R, f.C, f.Dir)
	}
	if allow != nil && !(first && len(fits) > 0) {
		for f := 2; f <= min(b.Top()+1, b.Def.Floors); f++ {
			ds := b.AppendJunctions(q.rule.junctions[:0], f)
			q.rule.junctions = ds
			out.suffix, out.floor = " "+strconv.Itoa(f), f
			q.spellCovers(&out, ids, pieces, ds, q.rule.numberBelow(b, f, ds))
			if first && out.t.Len() > 0 {
				break
			}
		}
	}
	L.Push(out.t)
	L.Push(lua.LNumber(len(fits)))
	return 2
}

// distinctIDs drops the repeats of ids, keeping the first of each in order.
func distinctIDs(ids []string) []string {
	out := ids[:0]
	for _, id := range ids {
		if !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	return out
}
