package scripting_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ruleslab/ruleslab/scripting"
)

// boardCheck runs the Lua checks (raising an error on failure) in the board test game's first ask
// and returns the setup's error.
func boardCheck(t *testing.T, checks string) error {
	t.Helper()
	p := probe(t, "testdata/board.yaml", "", `local base_ask = ask
local function check(cond, msg) if not cond then error(msg, 0) end end
local function same(a, b)
  if #a ~= #b then return false end
  for i = 1, #a do if a[i] ~= b[i] then return false end end
  return true
end
local function copy(t) local c = {} for i = 1, #t do c[i] = t[i] end return c end
local function rule(_, t1, t2, b1, b2) return t2 == b2 end
function ask(g)
`+checks+`
  base_ask(g)
end
`)
	h := scripting.NewHost()
	defer h.Close()
	_, _, err := startGame(p, h, 1, 1)
	return err
}

// g:board_placements' fourth argument, the free ids, stands for opts.free: options built once serve
// every turn, whatever is free.
func TestBoardPlacementsFreeArgument(t *testing.T) {
	require.NoError(t, boardCheck(t, `
  local ids = {"AC", "CC"}
  local in_opts = g:board_placements("grid", ids, {attrs = {"a", "b"}, match = "all", free = {"AC"}, prefix = "x "})
  local apart = g:board_placements("grid", ids, {attrs = {"a", "b"}, match = "all", prefix = "x "}, {"AC"})
  local none = g:board_placements("grid", ids, {attrs = {"a", "b"}, match = "all", prefix = "x "})
  check(#in_opts > #none, "a free piece takes more positions (" .. #in_opts .. " vs " .. #none .. ")")
  check(same(in_opts, apart), "free apart = opts.free")
  local over = g:board_placements("grid", ids, {attrs = {"a", "b"}, match = "all", free = {"AC"}, prefix = "x "}, {})
  check(same(over, none), "an empty free list replaces opts.free")
  local nothing = g:board_placements("grid", ids, {attrs = {"a", "b"}, match = "all", free = {"AC"}, prefix = "x "}, nil)
  check(same(nothing, in_opts), "nil leaves opts.free")`))
	err := boardCheck(t, `g:board_placements("grid", {"AC"}, {attrs = {"a", "b"}}, "AC")`)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "free must be a list of ids")
}

// g:board_placements, g:board_fits and g:board_covers reuse their room from call to call, never the
// lists they hand to Lua: a list a script keeps (or changes) stays as it was through later calls,
// and a call made from inside another (by the colour rule) leaves the outer call's answer whole.
func TestBoardPlacementsListsAreTheScripts(t *testing.T) {
	require.NoError(t, boardCheck(t, `
  local opts = {attrs = {"a", "b"}, match = "one", holes = "isolated", allow = rule, prefix = "x "}
  local first = g:board_placements("grid", {"AB", "AC", "CC"}, opts)
  local kept = copy(first)
  local fits = g:board_fits("grid", 1, {"AC"}, {attrs = {"a", "b"}, match = "one", prefix = "f "})
  local covers = g:board_covers("grid", 2, {"AB"}, {attrs = {"a", "b"}, allow = rule, prefix = "c "})
  local second = g:board_placements("grid", {"CC"}, opts)
  check(#first > #second and same(first, kept), "a later call left the first list as it was")
  check(#fits > 0 and fits[1]:sub(1, 2) == "f " and #covers > 0 and covers[1]:sub(1, 2) == "c ", "fits and covers")
  second[1] = "changed"
  second[#second + 1] = "added"
  local third = g:board_placements("grid", {"CC"}, opts)
  check(third[1] ~= "changed" and third[#third] ~= "added", "a script's change to its list reaches no later list")
  local inner
  local function nesting(g2, t1, t2, b1, b2)
    inner = g2:board_placements("grid", {"CC"}, opts)
    return t2 == b2
  end
  local nested = g:board_placements("grid", {"AB", "AC", "CC"}, {attrs = {"a", "b"}, match = "one",
    holes = "isolated", allow = nesting, prefix = "x "})
  check(same(nested, kept), "a call from inside the colour rule left the outer call's answer whole")
  check(inner ~= nil and same(inner, third), "and got its own")`))
}

// g:board_at hands back its value and piece id boxed without allocating in the usual cases (a
// one-byte value, a card's id) and as given in the others.
func TestBoardAtValuesAndIDs(t *testing.T) {
	require.NoError(t, boardCheck(t, `
  g:board_place("grid", "not a card", 2, 0, 1, "red", 0, 2, "B")
  local n, v, id = g:board_at("grid", 2, 0, 1)
  check(n == 3 and v == "red" and id == "not a card", "a longer value, an id that is no card")
  n, v, id = g:board_at("grid", 2, 0, 2)
  check(n == 3 and v == "B" and id == "not a card", "a one-byte value")
  n, v, id = g:board_at("grid", 1, 0, 1)
  check(n == 1 and v == "B" and id == "AB", "a card's id")
  g:board_clear("grid")`))
}
