package scripting

import (
	lua "github.com/yuin/gopher-lua"

	"github.com/ruleslab/ruleslab/core"
)

// coverRule remembers a colour rule's answers (boardCovers) for as long as the engine runs the same
// scripts: the rule answers from its arguments and the params alone, and an engine's params never
// change, so an answer holds in every game. Values are numbered as they come; the first 16 index a
// flat table, the rest a map.
type coverRule struct {
	fn     *lua.LFunction
	index  map[string]int
	names  []string     // by number: the values, the first coverFlat of them searched before index
	values []lua.LValue // by number: the rule's arguments, made once
	ans    []int8       // by flatKey: 0 not asked yet, 1 no, 2 yes (the last entry, a key for the rest, stays 0)
	more   map[[4]int]bool
	// junctions and below are boardCovers' scratch space, reused by every call
	junctions []core.Domino
	below     [][2]int
	byBoard   []int   // numberBelow's: this rule's number of each board value number
	byBoardOf *string // the board names byBoard numbers (their first)
	pieceNums [][2]int
	spelled   spelledMoves
	options   []placementOptions // g:board_placements' read-only option tables naming this rule
}

const coverFlat = 16

// coverFlatKeys is how many combinations of four values numbered below coverFlat there are.
const coverFlatKeys = coverFlat * coverFlat * coverFlat * coverFlat

// flatKey is the index in coverRule.ans of the piece's values numbered t1, t2 on the values numbered
// b1, b2 beneath: coverFlatKeys (an entry never set) when one is not below coverFlat.
func flatKey(t1, t2, b1, b2 int) int {
	if t1|t2|b1|b2 >= coverFlat { // numbers are never negative
		return coverFlatKeys
	}
	return ((t1*coverFlat+t2)*coverFlat+b1)*coverFlat + b2
}

// coverRulesKept bounds the rules an engine remembers: a rule made afresh in every game (a closure)
// would otherwise pile up.
const coverRulesKept = 8

// number returns value v's number, numbering it if it is new. A game has few values (colours), so a
// scan of the first ones costs less than hashing v.
func (c *coverRule) number(v string) int {
	for i, name := range c.names[:min(len(c.names), coverFlat)] {
		if name == v {
			return i
		}
	}
	if i, ok := c.index[v]; ok {
		return i
	}
	i := len(c.index)
	c.index[v] = i
	c.names = append(c.names, v)
	c.values = append(c.values, lua.LString(v))
	return i
}

// ruleFor returns the memory of fn's answers, made at its first use on the engine (load, which
// loads the scripts afresh, forgets them).
func (r *Engine) ruleFor(fn *lua.LFunction) *coverRule {
	for _, c := range r.coverRules {
		if c.fn == fn {
			return c
		}
	}
	c := &coverRule{fn: fn, index: map[string]int{}, more: map[[4]int]bool{}, ans: make([]int8, coverFlatKeys+1)}
	if len(r.coverRules) >= coverRulesKept {
		r.coverRules = r.coverRules[1:]
	}
	r.coverRules = append(r.coverRules, c)
	return c
}

// boardCovers is g:board_covers(name, floor, ids, opts): every placement of the pieces ids on the
// floor's junctions (floor >= 2) that the Lua rule opts.allow(g, t1, t2, b1, b2) accepts, for the piece's
// values t1, t2 (card attributes opts.attrs) lying on the values b1, b2 beneath. For each id in order,
// each junction in board_junctions order: the piece as listed (ROW COL of the first value, DIR r or d),
// then turned round (the first value on the junction's second cell, DIR l or u) unless both values are
// equal. The rule is asked once per distinct combination of values (the engine remembers its answers
// in every later game), so it must answer from its arguments and the params alone; it runs as a
// read-only hook. Moves are spelled prefix .. "ID ROW COL DIR" .. suffix.
func boardCovers(L *lua.LState) int {
	g := handle(L)
	b := boardArg(L, g, 2)
	floor := L.CheckInt(3)
	if floor < 2 {
		L.ArgError(3, "junctions lie under floors 2 and up")
	}
	ids := stringList(L, L.CheckTable(4), "ids")
	ot := raw(L.CheckTable(5))
	attrs := attrsOpt(L, ot)
	allow, ok := ot.RawGetString("allow").(*lua.LFunction)
	if !ok {
		L.ArgError(5, "allow must be the rule function(g, t1, t2, b1, b2) -> boolean")
	}
	sc := g.r.takeBoardScratch()
	out := moveSpeller{h: g.r.h, prefix: lua.LVAsString(ot.RawGetString("prefix")), suffix: lua.LVAsString(ot.RawGetString("suffix")),
		moves: sc.moves[:0]}
	pieces := piecesOf(L, g, ids, attrs)
	q := newCoverAsk(L, g, allow)
	nums := q.rule.numberPieces(pieces)
	ds := b.AppendJunctions(q.rule.junctions[:0], floor)
	q.rule.junctions = ds
	below := q.rule.numberBelow(b, floor, ds)
	q.spellCovers(&out, ids, nums, ds, below)
	L.Push(out.table(L))
	sc.moves = out.moves
	g.r.keepBoardScratch(sc)
	return 1
}

// numberPieces numbers the two values of each piece (in c's scratch space).
func (c *coverRule) numberPieces(pieces [][2]string) [][2]int {
	c.pieceNums = c.pieceNums[:0]
	for _, p := range pieces {
		c.pieceNums = append(c.pieceNums, [2]int{c.number(p[0]), c.number(p[1])})
	}
	return c.pieceNums
}

// numberBelow numbers the two values beneath each junction ds on the floor (in c's scratch space):
// each value the board numbers is looked up once, then each cell's by its board number.
func (c *coverRule) numberBelow(b *core.Board, floor int, ds []core.Domino) [][2]int {
	c.numberBoard(b.ValueNames())
	c.below = c.below[:0]
	for i := range ds {
		n1, n2 := b.BelowNumbers(floor, &ds[i])
		c.below = append(c.below, [2]int{c.byBoard[n1], c.byBoard[n2]})
	}
	return c.below
}

// numberBoard makes byBoard this rule's number of each of a board's values names: only the names it
// has not numbered yet when names is the board numbered last (a board's names only grow, and a
// clone's never write into the array they share), all of them for another board.
func (c *coverRule) numberBoard(names []string) {
	if len(names) == 0 {
		return
	}
	if &names[0] != c.byBoardOf || len(names) < len(c.byBoard) {
		c.byBoard, c.byBoardOf = c.byBoard[:0], &names[0]
	}
	for _, v := range names[len(c.byBoard):] {
		c.byBoard = append(c.byBoard, c.number(v))
	}
}

// coverAsk asks boardCovers' rule allow, remembering its answers in rule.
type coverAsk struct {
	L     *lua.LState
	g     *gHandle
	allow *lua.LFunction
	rule  *coverRule
	ans   []int8 // rule.ans
}

// newCoverAsk asks allow for g, with the engine's memory of its answers.
func newCoverAsk(L *lua.LState, g *gHandle, allow *lua.LFunction) coverAsk {
	rule := g.r.ruleFor(allow)
	return coverAsk{L: L, g: g, allow: allow, rule: rule, ans: rule.ans}
}

// spellCovers spells the placements of each piece (its values numbered nums) on each junction ds
// (values beneath numbered below) that the rule allows, as listed then turned round.
func (q *coverAsk) spellCovers(out *moveSpeller, ids []string, nums [][2]int, ds []core.Domino, below [][2]int) {
	for i, id := range ids {
		na, nc := nums[i][0], nums[i][1]
		turns := na != nc // a double is the same turned round
		for k := range ds {
			d, b1, b2 := &ds[k], below[k][0], below[k][1]
			// the answer in the flat table read here (the usual case; a call would cost more than
			// the read), else recalled or asked
			if a := q.ans[flatKey(na, nc, b1, b2)]; a == 2 || a == 0 && q.recall(na, nc, b1, b2) {
				out.spellPiece(i, id, d.R1, d.C1, d.Dir)
			}
			if !turns {
				continue
			}
			if a := q.ans[flatKey(nc, na, b1, b2)]; a == 2 || a == 0 && q.recall(nc, na, b1, b2) {
				out.spellPiece(i, id, d.R2, d.C2, core.BackDir(d.Dir))
			}
		}
	}
}

// recall answers for the piece's values numbered t1, t2 on the values numbered b1, b2 beneath,
// asking the rule when no answer is remembered.
func (q *coverAsk) recall(t1, t2, b1, b2 int) bool {
	rule := q.rule
	flat := flatKey(t1, t2, b1, b2)
	if flat < coverFlatKeys {
		if a := rule.ans[flat]; a != 0 {
			return a == 2
		}
	} else if v, ok := rule.more[[4]int{t1, t2, b1, b2}]; ok {
		return v
	}
	v := q.call(t1, t2, b1, b2)
	if flat < coverFlatKeys {
		rule.ans[flat] = 1
		if v {
			rule.ans[flat] = 2
		}
	} else {
		rule.more[[4]int{t1, t2, b1, b2}] = v
	}
	return v
}

// coverHook names the colour rule while it runs read-only.
const coverHook = "the colour rule of g:board_covers"

// call asks the rule itself: allow(g, t1, t2, b1, b2), g being the g:board_covers call's. It runs
// read-only (as normalize does): its answer is kept for later games, so it may not change this one.
func (q *coverAsk) call(t1, t2, b1, b2 int) bool {
	L, vals := q.L, q.rule.values
	r, was := q.g.r, q.g.pure
	r.pure(coverHook)
	defer r.pure(was) // also when the rule raises an error
	L.Push(q.allow)
	L.Push(L.Get(1))
	L.Push(vals[t1])
	L.Push(vals[t2])
	L.Push(vals[b1])
	L.Push(vals[b2])
	L.Call(5, 1)
	v := lua.LVAsBool(L.Get(-1))
	L.Pop(1)
	return v
}
