package scripting

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	lua "github.com/yuin/gopher-lua"
	"github.com/yuin/gopher-lua/parse"

	"github.com/ruleslab/ruleslab/core"
)

// A module-level local escapes when a function uses it (or a local declared as it) other than by
// indexing it or taking its length; a function that only runs at load does not count.
func TestScanFindsEscapingLocals(t *testing.T) {
	src := `local A, B, C, D, E, F, I, J, K = {}, {}, {}, {}, {}, {}, {}, {}, {}
function f(x)
  local n = A[x] + A.y + #B
  g(C)
  local alias = D
  g(alias)
  local fast = I -- a local declared as I, only indexed: I's uses
  local K = K -- the same name: K's uses
  g(K)
  return E, n + fast[1] + #fast
end
local G = {}
local H = F -- load time: no function sees F
local function build() -- called at load only: what it does is load time
  g(J)
end
build()`
	stmts, err := parse.Parse(strings.NewReader(src), "x.lua")
	require.NoError(t, err)
	s := scanState("x.lua", stmts)
	require.Empty(t, s.writes)
	require.Equal(t, map[string]bool{"C": true, "D": true, "E": true, "K": true}, s.escapes)
}

// After loading, a table of plain values that only index-only locals hold is left as it is; a table
// that escapes, or holds tables, is behind a read-only proxy (and its inner tables too).
func TestFreezeLeavesIndexOnlyTables(t *testing.T) {
	p, err := Load("testdata/module-lookup.yaml", "")
	require.NoError(t, err)
	h := NewHost()
	defer h.Close()
	e, err := p.NewEngine(h)
	require.NoError(t, err)
	s, err := e.NewState(2, 1, core.StateOptions{})
	require.NoError(t, err)
	require.Equal(t, float64(1+0+1+1), s.Events()[0].Fields["n"]) // #SCORE is 0: no array part
	setup := e.env.RawGetString("setup").(*lua.LFunction)
	got := map[string]string{}
	for i, uv := range setup.Upvalues {
		if tb, ok := uv.Value().(*lua.LTable); ok {
			got[setup.Proto.DbgUpvalues[i]] = roName(tb)
		}
	}
	require.Equal(t, map[string]string{"SCORE": "", "NESTED": "module-level table `NESTED`"}, got)
	nested := raw(setup.Upvalues[indexOf(setup.Proto.DbgUpvalues, "NESTED")].Value().(*lua.LTable))
	require.NotEmpty(t, roName(nested.RawGetString("inner").(*lua.LTable)))
	list := setup.Upvalues[indexOf(setup.Proto.DbgUpvalues, "list")].Value().(*lua.LFunction)
	require.Equal(t, "module-level table `LIST`", roName(list.Upvalues[0].Value().(*lua.LTable)))
}

func indexOf(names []string, name string) int {
	for i, n := range names {
		if n == name {
			return i
		}
	}
	return -1
}
