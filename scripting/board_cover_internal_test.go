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

// An engine remembers a colour rule's answers from one game to the next (its params never change),
// and forgets them when it loads the scripts again.
func TestColourRuleAnswersLastAcrossGames(t *testing.T) {
	p, err := Load("simino", "")
	require.NoError(t, err)
	h := NewHost()
	defer h.Close()
	e, err := p.NewEngine(h)
	require.NoError(t, err)
	playFirstMoves(t, e, 1)
	require.Len(t, e.coverRules, 1)
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
