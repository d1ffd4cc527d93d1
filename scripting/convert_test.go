package scripting

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	lua "github.com/yuin/gopher-lua"
)

// toGo gives the same float64 for every number, preboxed (0..255) or not; -0 stays -0.
func TestToGoNumbers(t *testing.T) {
	for _, f := range []float64{0, 1, 7, 255, 256, 1000, -1, 0.5, 2.25, -3, 1e15} {
		v, err := toGo(lua.LNumber(f))
		require.NoError(t, err)
		assert.Equal(t, f, v)
	}
	v, err := toGo(lua.LNumber(math.Copysign(0, -1)))
	require.NoError(t, err)
	assert.True(t, math.Signbit(v.(float64)), "-0 keeps its sign")
	_, err = toGo(lua.LNumber(math.NaN()))
	assert.Error(t, err)
}

// forEach visits the same keys and values as LTable.ForEach: array part, string keys, other keys.
func TestForEachMatchesLTableForEach(t *testing.T) {
	L := lua.NewState()
	defer L.Close()
	require.NoError(t, L.DoString(`t = {10, 20, nil, 40, a = 1, b = "x", [2.5] = true, [false] = 3}; t.b = nil; t.c = 5`))
	tab := L.GetGlobal("t").(*lua.LTable)
	want, got := map[string]string{}, map[string]string{}
	tab.ForEach(func(k, v lua.LValue) { want[k.String()] = v.String() })
	forEach(tab, func(k, v lua.LValue) { got[k.String()] = v.String() })
	assert.Equal(t, want, got)
	assert.Len(t, got, 7)
}

// A map reaches Lua with its keys set in order, so pairs() walks it the same way in every run (a Go
// map's order changes from run to run, and a bot walking obs.vars or an event with pairs would choose
// differently for the same seed).
func TestMapsReachLuaInKeyOrder(t *testing.T) {
	L := lua.NewState()
	defer L.Close()
	m := map[string]any{}
	var want []string
	for c := 'a'; c <= 't'; c++ {
		m[string(c)] = float64(c)
		want = append(want, string(c))
	}
	for range 5 {
		var got []string
		forEach(toLua(L, m).(*lua.LTable), func(k, _ lua.LValue) { got = append(got, k.String()) })
		require.Equal(t, want, got)
	}
}
