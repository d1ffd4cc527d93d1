package scripting

import (
	"testing"

	"github.com/stretchr/testify/require"
	lua "github.com/yuin/gopher-lua"

	"github.com/ruleslab/ruleslab/core"
)

// A list g:ask reads from a frozen table is read once and shared; from a read-only table that is not
// frozen (trick.cards: Go changes it under its proxy) or a plain table, it is read on every call.
func TestMovesOfFrozenTablesReadOnce(t *testing.T) {
	h := NewHost()
	defer h.Close()
	list := func(moves ...string) *lua.LTable {
		t := h.L.NewTable()
		for _, m := range moves {
			t.Append(lua.LString(m))
		}
		return t
	}
	frozenReal, changingReal, plain := list("a", "b"), list("a", "b"), list("a", "b")
	frozen, changing := h.protect(frozenReal, "frozen"), h.protect(changingReal, "trick.cards")
	markFrozen(frozen)
	first := map[string][]string{}
	for name, tb := range map[string]*lua.LTable{"frozen": frozen, "changing": changing, "plain": plain} {
		first[name] = movesOf(h.L, tb, 3)
		require.Equal(t, []string{"a", "b"}, first[name], name)
	}
	for _, real := range []*lua.LTable{frozenReal, changingReal, plain} {
		real.RawSetInt(2, lua.LString("c")) // Go changing trick.cards; impossible for a frozen table
	}
	require.Same(t, &first["frozen"][0], &movesOf(h.L, frozen, 3)[0], "a frozen table's list is kept")
	require.Equal(t, []string{"a", "c"}, movesOf(h.L, changing, 3))
	require.Equal(t, []string{"a", "c"}, movesOf(h.L, plain, 3))
}

// The rules' module-level tables (frozen at load) and g:memo tables are frozen: a decision that offers
// one shares the list read the first time, in every later game on the host.
func TestAskSharesTheListsOfFrozenTables(t *testing.T) {
	p, err := Load("testdata/asklists.yaml", "")
	require.NoError(t, err)
	h := NewHost()
	defer h.Close()
	e, err := p.NewEngine(h)
	require.NoError(t, err)
	var setupLists, memoLists [][]string
	for game := range 2 {
		s, err := e.NewState(2, uint64(game+1), core.StateOptions{})
		require.NoError(t, err)
		setupLists = append(setupLists, s.Legal())
		require.NoError(t, s.ApplyIndex(e, 0))
		memoLists = append(memoLists, s.Legal())
	}
	require.Equal(t, []string{"draw", "stop"}, setupLists[0])
	require.Same(t, &setupLists[0][0], &setupLists[1][0], "a module-level list")
	require.Equal(t, []string{"draw", "stop"}, memoLists[0])
	require.Same(t, &memoLists[0][0], &memoLists[1][0], "a g:memo list")
}
