package scripting

import (
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	lua "github.com/yuin/gopher-lua"
)

// The mirror of LState matches the gopher-lua built in (an upgrade that changes it fails here, and
// hosts fall back to gopher-lua's own loop), and a host runs budgetLoop; `..` is checked
// (vmloop_concat.go).
func TestHostsRunTheBudgetLoop(t *testing.T) {
	require.True(t, stateLayoutOK, "gopher-lua's LState changed: re-read vmloop.go against its vm.go")
	h := NewHost()
	defer h.Close()
	assert.Equal(t, reflect.ValueOf(budgetLoop).Pointer(), reflect.ValueOf(stateLayout(h.L).mainLoop).Pointer())
	require.True(t, registryLayoutOK(), "gopher-lua's registry changed: re-read vmloop_concat.go against its state.go")
	assert.Equal(t, reflect.ValueOf(checkedConcat).Pointer(), reflect.ValueOf(jumpTable[lua.OP_CONCAT]).Pointer())
}

// A mirror that differs from gopher-lua's LState (a field moved, a type changed) is refused.
func TestStateMirrorsThatDifferAreRefused(t *testing.T) {
	type moved struct {
		Parent *lua.LState
		G      *lua.Global
	}
	type retyped struct {
		G *lua.LTable
	}
	lstate := reflect.TypeFor[lua.LState]()
	assert.False(t, sameLayout(lstate, reflect.TypeFor[moved]()))
	assert.False(t, sameLayout(lstate, reflect.TypeFor[retyped]()))
	assert.False(t, sameLayout(reflect.TypeFor[callFrameLayout](), reflect.TypeFor[luaStateLayout]()))
	assert.True(t, sameLayout(lstate, reflect.TypeFor[luaStateLayout]()))
}

// budgetLoop spends the budget as gopher-lua's own loop does through workCtx.Done: a call is stopped
// at the same instruction, with the same error, whether it runs Lua only or calls back into Lua from
// Go (table.sort's comparator, pcall) and from a Go function of the host (string.gsub's function).
func TestBudgetLoopStopsWhereGopherLuasLoopDoes(t *testing.T) {
	scripts := map[string]string{
		"loop":   `while true do n = n + 1 end`,
		"nested": `while true do n = n + 1; local t = {3, 1, 2}; table.sort(t, function(a, b) m = m + 1; return a < b end) end`,
		"pcall":  `while true do n = n + 1; pcall(function() m = m + 1 end) end`,
		"gsub":   `while true do n = n + 1; string.gsub("abc", "%w", function(c) m = m + 1; return c end) end`,
		"ends":   `for i = 1, 1000 do n = n + i; pcall(function() m = m + 1 end) end`,
	}
	for name, src := range scripts {
		t.Run(name, func(t *testing.T) {
			withLoop := runCounting(t, true, src)
			withoutLoop := runCounting(t, false, src)
			assert.Equal(t, withoutLoop, withLoop)
		})
	}
}

// runCounting runs src as one hook call with a budget of 1 ms of work (under budgetLoop or gopher-lua's
// loop) and returns the globals n and m it left and its error.
func runCounting(t *testing.T, useLoop bool, src string) [3]string {
	t.Helper()
	defer func(on bool) { budgetLoopOn = on }(budgetLoopOn)
	budgetLoopOn = useLoop && stateLayoutOK
	h := NewHost()
	defer h.Close()
	h.SetBudget(1)
	h.L.SetGlobal("n", lua.LNumber(0))
	h.L.SetGlobal("m", lua.LNumber(0))
	fn, err := h.L.LoadString(src)
	require.NoError(t, err)
	errText := ""
	if err := h.call("probe", fn, 0); err != nil {
		errText = err.Error()
	}
	return [3]string{h.L.GetGlobal("n").String(), h.L.GetGlobal("m").String(), errText}
}
