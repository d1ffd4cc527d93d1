package scripting

import (
	"testing"

	"github.com/stretchr/testify/require"
	lua "github.com/yuin/gopher-lua"

	"github.com/ruleslab/ruleslab/core"
)

// answered counts the combinations a colour rule has answered.
func answered(c *coverRule) int {
	n := len(c.more)
	for _, a := range c.ans {
		if a != 0 {
			n++
		}
	}
	return n
}

// playFirstMoves plays a game of Simino on e to its end, always taking the first legal move.
func playFirstMoves(t *testing.T, e *Engine, seed uint64) {
	t.Helper()
	s, err := e.NewState(3, seed, core.StateOptions{})
	require.NoError(t, err)
	for s.ToAct() >= 0 {
		require.NoError(t, s.ApplyIndex(e, 0))
	}
}

// playedSimino is a Simino engine that has played one game (playFirstMoves) and remembers one colour
// rule.
func playedSimino(t *testing.T) *Engine {
	t.Helper()
	_, _, e := siminoEngine(t)
	playFirstMoves(t, e, 1)
	require.Len(t, e.coverRules, 1)
	return e
}

// An engine remembers a colour rule's answers from one game to the next (its params never change),
// and forgets them when it loads the scripts again.
func TestColourRuleAnswersLastAcrossGames(t *testing.T) {
	e := playedSimino(t)
	rule := e.coverRules[0]
	first := answered(rule)
	require.Positive(t, first)
	playFirstMoves(t, e, 2)
	require.Len(t, e.coverRules, 1)
	require.Same(t, rule, e.coverRules[0])
	require.GreaterOrEqual(t, answered(rule), first)
	require.NoError(t, e.load())
	require.Empty(t, e.coverRules)
}

// A rule made afresh in every game (a closure) does not pile up: the engine keeps the latest few.
func TestColourRulesKeptAreBounded(t *testing.T) {
	r := &Engine{}
	var last *lua.LFunction
	for i := 0; i < 3*coverRulesKept; i++ {
		last = &lua.LFunction{}
		r.ruleFor(last)
	}
	require.Len(t, r.coverRules, coverRulesKept)
	require.Same(t, last, r.coverRules[coverRulesKept-1].fn)
}

// A rule numbers a board's values once, then only the values the board adds; another board's are
// numbered afresh.
func TestRuleNumbersEachBoardsValues(t *testing.T) {
	c := &coverRule{index: map[string]int{}}
	first := make([]string, 2, 4)
	copy(first, []string{"W", "Y"})
	c.numberBoard(first)
	require.Equal(t, []int{0, 1}, c.byBoard)
	first = append(first, "O") // the same board, grown in place
	c.numberBoard(first)
	require.Equal(t, []int{0, 1, 2}, c.byBoard)
	c.numberBoard([]string{"O", "K"}) // another board
	require.Equal(t, []int{2, 3}, c.byBoard)
	c.numberBoard(first)
	require.Equal(t, []int{0, 1, 2}, c.byBoard)
	c.numberBoard(first[:2:2]) // a clone of the first, shorter than the board numbered last
	require.Equal(t, []int{0, 1}, c.byBoard)
}

// g:board_placements reads a read-only options table (Simino's, built at load and frozen) once per
// colour rule and recalls it on later calls; a table made during a game may change between calls, so
// it is read on each.
func TestPlacementOptionsRecalledOnlyForReadOnlyTables(t *testing.T) {
	e := playedSimino(t)
	kept := e.coverRules[0].options
	require.NotEmpty(t, kept, "Simino's options tables built at load are remembered")
	for _, o := range kept {
		require.NotEqual(t, "", roName(o.table), "only read-only tables are remembered")
		require.Same(t, o.table, placementOptionsOf(e.h.L, &gHandle{r: e}, o.table).table)
	}

	L := e.h.L
	allow := e.coverRules[0].fn
	fresh, attrs := L.NewTable(), L.NewTable()
	attrs.Append(lua.LString("a"))
	attrs.Append(lua.LString("b"))
	fresh.RawSetString("attrs", attrs)
	fresh.RawSetString("allow", allow)
	fresh.RawSetString("prefix", lua.LString("place "))
	g := &gHandle{r: e}
	require.Equal(t, "place ", placementOptionsOf(L, g, fresh).prefix)
	fresh.RawSetString("prefix", lua.LString("lay "))
	po := placementOptionsOf(L, g, fresh)
	require.Equal(t, "lay ", po.prefix, "a table made in a game is read again")
	require.Nil(t, po.table)
	require.Len(t, e.coverRules[0].options, len(kept), "and never remembered")
}

// A colour rule remembers at most placementOptionsKept option tables, the latest ones.
func TestPlacementOptionsKeptAreBounded(t *testing.T) {
	h := NewHost()
	defer h.Close()
	L := h.L
	r := &Engine{h: h}
	allow := L.NewFunction(func(L *lua.LState) int { return 0 })
	var last *lua.LTable
	for i := 0; i < 3*placementOptionsKept; i++ {
		t := L.NewTable()
		attrs := L.NewTable()
		attrs.Append(lua.LString("a"))
		attrs.Append(lua.LString("b"))
		t.RawSetString("attrs", attrs)
		t.RawSetString("allow", allow)
		last = h.protect(t, "options")
		placementOptionsOf(L, &gHandle{r: r}, last)
	}
	rule := r.ruleFor(allow)
	require.Len(t, rule.options, placementOptionsKept)
	require.Same(t, last, rule.options[placementOptionsKept-1].table)
}

// A board value is boxed once: a one-byte value for every observation, a longer one per grid.
func TestValueBoxesBoxEachValueOnce(t *testing.T) {
	var b valueBoxes
	require.Equal(t, lua.LString("R"), b.box("R"))
	require.Equal(t, lua.LString("red"), b.box("red"))
	require.Equal(t, lua.LString("blue"), b.box("blue"))
	b.box("red")
	require.Equal(t, []string{"red", "blue"}, b.names, "one-byte values are not listed, longer ones once")
}
