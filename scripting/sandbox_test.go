package scripting_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ruleslab/ruleslab/scripting"
)

func TestSandboxHidesUnsafeGlobals(t *testing.T) {
	p := loadProgram(t, "testdata/sandbox.yaml", "")
	h := scripting.NewHost()
	defer h.Close()
	_, s, err := startGame(p, h, 2, 42)
	require.NoError(t, err)
	check := s.Events()[0]
	require.Equal(t, "check", check.Type)
	// io, os, require, load, loadstring, dofile, loadfile (and the rest) are all nil in a script.
	assert.Equal(t, []any{}, check.Fields["reachable"])
}

func TestMathRandomIsTheGamesSeededGenerator(t *testing.T) {
	p := loadProgram(t, "testdata/sandbox.yaml", "")
	rolls := func(seed uint64) string {
		h := scripting.NewHost()
		defer h.Close()
		_, s, err := startGame(p, h, 2, seed)
		require.NoError(t, err)
		data, _ := json.Marshal(s.Events()[0].Fields["rolls"])
		return string(data)
	}
	assert.Equal(t, rolls(7), rolls(7), "same seed, same draws")
	assert.NotEqual(t, rolls(7), rolls(8), "another seed, other draws")
}

func TestRunawayHookIsStoppedWithItsName(t *testing.T) {
	p := loadProgram(t, "testdata/runaway.yaml", "")
	h := scripting.NewHost()
	defer h.Close()
	_, _, err := startGame(p, h, 2, 1)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "hook setup was stopped: it did more than 200 ms of work (limits.hook_millis")
	// the host is usable again afterwards
	ok := loadProgram(t, "testdata/tiny.yaml", "")
	_, _, err = startGame(ok, h, 2, 1)
	require.NoError(t, err)
}

func TestRuntimeErrorNamesHookFileAndLine(t *testing.T) {
	p := loadProgram(t, "testdata/runtime-error.yaml", "")
	h := scripting.NewHost()
	defer h.Close()
	e, s, err := startGame(p, h, 2, 1)
	require.NoError(t, err)
	err = s.Apply(e, "draw")
	require.Error(t, err)
	assert.Equal(t, "hook on_move: testdata/runtime-error.lua:3: attempt to index a non-table object(nil) with key 'top'", err.Error())
}

func TestSyntaxErrorIsFileLineColumn(t *testing.T) {
	_, err := scripting.Load("testdata/syntax-error.yaml", "")
	require.Error(t, err)
	assert.True(t, strings.HasPrefix(err.Error(), "testdata/syntax-error.lua:3:"), err.Error())
	assert.NotContains(t, err.Error(), "\n")
}

func TestSwapOfLocalsIsRejected(t *testing.T) {
	_, err := scripting.CompileFile("testdata/swap.lua")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "testdata/swap.lua:4:5: `p` is assigned and then read in one multiple assignment")
	_, err = scripting.CompileFile("testdata/tiny.lua")
	require.NoError(t, err)
}
