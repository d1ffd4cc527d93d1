package scripting

import (
	"slices"
	"strconv"

	lua "github.com/yuin/gopher-lua"

	"github.com/ruleslab/ruleslab/core"
)

// g:board_placements joins g:board_fits and g:board_covers: a whole turn's two-cell placements in one
// call, so a game does not build option tables, call Go and copy moves once per floor.
func init() { gMethods["board_placements"] = boardPlacements }

// boardPlacements is g:board_placements(name, ids, opts [, free]) -> moves, n1: the placements of the
// pieces ids on floor 1 that g:board_fits offers (opts.match, wild, free, holes; the list free, when
// given, in place of opts.free, so options built at load serve every turn), then, with opts.allow, on
// each floor from 2 to one above the highest piece (at most the top floor) those g:board_covers
// offers. An id listed twice (a hand holding two alike) counts once. Each is spelled prefix .. "ID ROW
// COL DIR FLOOR"; n1 is how many lie on floor 1. With opts.first it stops after the first floor that
// has any.
func boardPlacements(L *lua.LState) int {
	g := handle(L)
	b := boardArg(L, g, 2)
	sc := g.r.takeBoardScratch()
	ids := distinctIDs(appendStrings(sc.ids[:0], raw(L.CheckTable(3))))
	po := placementOptionsOf(L, g, L.CheckTable(4))
	opt := po.fit
	free := po.free
	if ft, ok := L.Get(5).(*lua.LTable); ok {
		free = appendStrings(sc.free[:0], raw(ft))
		sc.free = free
	} else if L.Get(5) != lua.LNil {
		L.ArgError(5, "free must be a list of ids")
	}
	if opt.Free = freeOf(sc.freeSet, free, ids); opt.Free != nil {
		sc.freeSet = opt.Free
	}
	out := moveSpeller{h: g.r.h, prefix: po.prefix, suffix: floorSuffix(1), floor: 1, cols: b.Def.Cols, moves: sc.moves[:0]}
	var pieces [][2]string
	var q coverAsk
	if po.allow != nil {
		q = newCoverAsk(L, g, po.allow)
		out.memo = &q.rule.spelled
		out.memo.fit(out.prefix, po.attrs, b)
		pieces, out.cards = out.memo.pieces(L, g, ids)
	} else {
		pieces = piecesOf(L, g, ids, po.attrs)
	}
	fits, err := b.AppendFits(sc.fits[:0], 1, pieces, opt)
	must(L, err)
	for _, f := range fits {
		out.spellPiece(f.Piece, ids[f.Piece], f.R, f.C, f.Dir)
	}
	if po.allow != nil && !(po.first && len(fits) > 0) {
		nums := out.memo.numbers(&q, out.cards)
		for f := 2; f <= min(b.Top()+1, b.Def.Floors); f++ {
			ds := b.AppendJunctions(q.rule.junctions[:0], f)
			q.rule.junctions = ds
			out.suffix, out.floor = floorSuffix(f), f
			q.spellCovers(&out, ids, nums, ds, q.rule.numberBelow(b, f, ds))
			if po.first && len(out.moves) > 0 {
				break
			}
		}
	}
	L.Push(out.table(L))
	L.Push(g.r.h.int(len(fits)))
	sc.ids, sc.fits, sc.moves = ids, fits, out.moves
	g.r.keepBoardScratch(sc)
	return 2
}

// boardScratch is the room g:board_placements, g:board_fits and g:board_covers reuse from call to
// call on an engine: the ids read, the fits found and the moves spelled before they go into a new Lua
// list. A turn allocates none of it once the engine has seen a turn as large.
type boardScratch struct {
	ids     []string
	free    []string
	freeSet map[int]bool
	fits    []core.Fit
	moves   []lua.LValue
}

// takeBoardScratch hands a call the engine's scratch room and leaves none behind: a call the colour
// rule makes from inside another (a Lua rule may call g:board_placements) gets fresh room, not the
// room in use.
func (r *Engine) takeBoardScratch() boardScratch {
	sc := r.boardScratch
	r.boardScratch = boardScratch{}
	return sc
}

// keepBoardScratch gives the room back once a call is done with it.
func (r *Engine) keepBoardScratch(sc boardScratch) {
	clear(sc.moves) // no string kept alive by the scratch list
	r.boardScratch = sc
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

// floorSuffixes are the moves' endings " 1" .. " 9", spelled once (a board rarely has more floors).
var floorSuffixes = func() []string {
	out := make([]string, 10)
	for f := range out {
		out[f] = " " + strconv.Itoa(f)
	}
	return out
}()

// floorSuffix is the ending " FLOOR" of a move on floor f.
func floorSuffix(f int) string {
	if f < len(floorSuffixes) {
		return floorSuffixes[f]
	}
	return " " + strconv.Itoa(f)
}

// placementOptions are g:board_placements' opts as read: all of them but the free pieces, which
// depend on the ids of each call.
type placementOptions struct {
	table  *lua.LTable // the read-only table they were read from (nil: read afresh each call)
	attrs  []string
	fit    core.FitOptions // match, wild and holes
	free   []string
	allow  *lua.LFunction
	first  bool
	prefix string
}

// placementOptionsKept bounds the read-only option tables a colour rule remembers.
const placementOptionsKept = 4

// placementOptionsOf reads the options table t, or recalls what it read from t before: a read-only
// table (a script's options built at load, frozen) cannot change, and reading its eight fields cost
// about as much as a turn's floor-1 matching. A table made during a game is read on each call.
func placementOptionsOf(L *lua.LState, g *gHandle, t *lua.LTable) placementOptions {
	ot := raw(t)
	frozen := ot != t
	if frozen {
		for _, c := range g.r.coverRules {
			for i := range c.options {
				if c.options[i].table == t {
					return c.options[i]
				}
			}
		}
	}
	po := readPlacementOptions(L, ot)
	if frozen && po.allow != nil {
		po.table = t
		rule := g.r.ruleFor(po.allow)
		if len(rule.options) >= placementOptionsKept {
			rule.options = rule.options[1:]
		}
		rule.options = append(rule.options, po)
	}
	return po
}

// readPlacementOptions reads g:board_placements' options from the (raw) table ot.
func readPlacementOptions(L *lua.LState, ot *lua.LTable) placementOptions {
	po := placementOptions{attrs: attrsOpt(L, ot), fit: fitOptions(L, ot)}
	po.free = stringList(L, ot.RawGetString("free"), "free")
	if v := ot.RawGetString("allow"); v != lua.LNil {
		fn, ok := v.(*lua.LFunction)
		if !ok {
			L.ArgError(4, "allow must be the rule function(g, t1, t2, b1, b2) -> boolean")
		}
		po.allow = fn
	}
	po.first = lua.LVAsBool(ot.RawGetString("first"))
	po.prefix = lua.LVAsString(ot.RawGetString("prefix"))
	return po
}

// freeOf is FitOptions.Free for the pieces ids: those among the free ids (nil when none is free),
// written into out when it is not nil (emptied first).
func freeOf(out map[int]bool, free, ids []string) map[int]bool {
	if len(free) == 0 {
		return nil
	}
	if out == nil {
		out = map[int]bool{}
	}
	clear(out)
	for i, id := range ids {
		out[i] = slices.Contains(free, id)
	}
	return out
}
