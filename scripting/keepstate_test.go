package scripting

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/yuin/gopher-lua/parse"

	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/core/config"
)

// keptState finds every write, from inside a function, to a module-level local or a global (or a field
// of one), and nothing else: a function's own locals, parameters and loop variables, and anything the
// script does at load time, keep no state between games.
func TestKeptStateFindsWritesToModuleState(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      []string // name:line
	}{
		{"module local rebound", "local n = 0\nfunction setup(g)\n  n = n + 1\nend", []string{"n:3"}},
		{"field of a module table", "local cache = {}\nlocal function f(k)\n  cache[k] = true\nend\nfunction setup(g) f(1) end", []string{"cache:3"}},
		{"a write through a local declared as a module table", "local T = {}\nfunction f()\n  local t = T\n  t[1] = 1\nend", []string{"T:4"}},
		{"a write through a local of the same name", "local T = {}\nfunction f()\n  local T = T\n  T[1] = 1\nend", []string{"T:4"}},
		// a local function the top level only calls where it made it runs at load only
		{"a builder called at load", "local T = {}\nlocal function build()\n  for i = 1, 3 do T[i] = i end\nend\nbuild()\nfunction setup(g) return T[1] end", nil},
		{"a builder a hook calls too", "local T = {}\nlocal function build()\n  T[1] = 1\nend\nbuild()\nfunction setup(g) build() end", []string{"T:3"}},
		{"a builder handed on", "local T = {}\nlocal function build()\n  T[1] = 1\nend\nX = build", []string{"T:3"}},
		{"a builder's helper", "local T = {}\nlocal function build()\n  local function put(i) T[i] = i end\n  put(1)\nend\nbuild()", nil},
		{"a closure a builder hands on", "local T = {}\nlocal function build()\n  return function() T[1] = 1 end\nend\nlocal f = build()", []string{"T:3"}},
		{"nested field", "local t = {a = {}}\nfunction f()\n  t.a.b = 1\nend", []string{"t:3"}},
		{"global assigned", "function setup(g)\n  COUNT = 1\nend", []string{"COUNT:2"}},
		{"global function defined in a function", "function setup(g)\n  function helper() end\nend", []string{"helper:2"}},
		{"method on a module table", "local M = {}\nfunction setup(g)\n  function M:f() end\nend", []string{"M:3"}},
		{"closure inside a hook", "local seen = {}\nfunction on_move(g)\n  local f = function() seen[1] = 1 end\nend", []string{"seen:3"}},
		{"load time is fine", "local t = {}\nfor i = 1, 3 do t[i] = i end\nX = 1\nfunction f() return t[1] end", nil},
		{"own locals", "function f(g, a)\n  local t = {}\n  t.x = 1\n  a = 2\n  for i = 1, 2 do i = i + 1 end\n  for k, v in pairs(t) do v = k end\nend", nil},
		{"a parameter shadows a module local", "local n = 0\nfunction f(n)\n  n = 1\nend", nil},
		{"a local shadows a module table", "local t = {}\nfunction f()\n  local t = {}\n  t.x = 1\nend", nil},
		// a closure over its maker's local, handed on: made at load, it would count across games
		{"a closure handed on writes its maker's local", "function f()\n  local n = 0\n  return function() n = n + 1 end\nend", []string{"n:3"}},
		{"a closure made at load", "local function make()\n  local n = 0\n  return function() n = n + 1 return n end\nend\nlocal count = make()", []string{"n:3"}},
		{"a local helper handed on", "function f()\n  local n = 0\n  local function add() n = n + 1 end\n  return add\nend", []string{"n:3"}},
		{"a closure kept in a table", "function f()\n  local seen = {}\n  return {mark = function(k) seen[k] = true end}\nend", []string{"seen:3"}},
		{"a closure returned by a nested function", "function f()\n  local n = 0\n  local function g()\n    return function() n = 1 end\n  end\n  g()\nend", []string{"n:4"}},
		// a helper called from another local function errs on the side of a reload
		{"a helper called from a nested function", "function f()\n  local n = 0\n  local function add() n = n + 1 end\n  local function twice() add() add() end\n  twice()\nend", []string{"n:3"}},
		// closures that die with the call that made them keep nothing
		{"a local helper called where it was made", "function f()\n  local n = 0\n  local function add() n = n + 1 end\n  add()\n  add()\n  return n\nend", nil},
		{"a gsub callback counts in a hook", "function on_move(g, s)\n  local n = 0\n  s:gsub('x', function() n = n + 1 end)\n  string.gsub(s, 'y', function() n = n + 1 end)\n  return n\nend", nil},
		{"a sort comparator and a pcall", "function f(t)\n  local calls = 0\n  table.sort(t, function(a, b) calls = calls + 1 return a < b end)\n  pcall(function() calls = 0 end)\nend", nil},
		{"a closure handed to a local helper that only calls it", "local function each(list, f)\n  for _, x in ipairs(list) do f(x) end\nend\nfunction on_move(g, hand)\n  local total = 0\n  each(hand, function(c) total = total + c end)\n  return total\nend", nil},
		{"a closure handed to a local helper that keeps it", "local kept = {}\nlocal function keep(f)\n  local t = kept\n  t[1] = f\nend\nfunction on_move(g)\n  local total = 0\n  keep(function(c) total = total + c end)\nend", []string{"kept:4", "total:8"}},
		{"a closure handed to a helper rebound later", "local function each(list, f)\n  for _, x in ipairs(list) do f(x) end\nend\nfunction on_move(g, hand)\n  local total = 0\n  each(hand, function(c) total = total + c end)\nend\nfunction setup(g) each = keeper end", []string{"total:6", "each:8"}},
		{"a closure handed to a helper that passes it on", "local function each(list, f)\n  return g(f)\nend\nfunction on_move(g, hand)\n  local total = 0\n  each(hand, function(c) total = total + c end)\nend", []string{"total:6"}},
		{"a table's sort method is not table.sort", "function f(t)\n  local n = 0\n  return t:sort(function() n = 1 end)\nend", []string{"n:3"}},
		{"a shadowed pcall is not the builtin", "local pcall = function(f) return f end\nfunction f()\n  local n = 0\n  return pcall(function() n = 1 end)\nend", []string{"n:4"}},
		{"repeat sees its body's locals", "function f()\n  repeat local x = 1 until x == 1\nend", nil},
		{"a local declared after a write is not in scope", "function f()\n  n = 1\n  local n\nend", []string{"n:2"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			stmts, err := parse.Parse(strings.NewReader(tc.src), "x.lua")
			require.NoError(t, err)
			var got []string
			for _, w := range keptState("x.lua", stmts) {
				require.Equal(t, "x.lua", w.Path)
				got = append(got, fmt.Sprintf("%s:%d", w.Name, w.Line))
			}
			require.Equal(t, tc.want, got)
		})
	}
}

// The bundled rules keep no state between games, so each engine loads them once.
func TestBundledRulesKeepNoState(t *testing.T) {
	games, err := config.BundledGames()
	require.NoError(t, err)
	for _, g := range games {
		for _, v := range append([]string{""}, g.Variants...) {
			p, err := Load(g.ID, v)
			require.NoError(t, err)
			require.Empty(t, p.KeptState(), "%s %s", g.ID, v)
			// nor a library's function made at load, which only loading shows
			h := NewHost()
			e, err := p.NewEngine(h)
			require.NoError(t, err)
			_, err = e.NewState(p.Game.Config.Players.Default, 1, core.StateOptions{})
			require.NoError(t, err)
			require.False(t, e.keepsState(), "%s %s", g.ID, v)
			h.Close()
		}
	}
}

func TestStateWriteMessage(t *testing.T) {
	w := StateWrite{Path: "house.lua", Name: "cache", Line: 12}
	require.Equal(t, "house.lua: keeps state between games in `cache` (line 12): use g:set, or it is reloaded for every game at a cost", w.String())
	ws := []StateWrite{w, {Path: "house.lua", Name: "cache", Line: 14}, {Path: "house.lua", Name: "n", Line: 20}}
	require.Equal(t, []StateWrite{ws[0], ws[2]}, firstWrites(ws))
}

// gopher-lua compiles `local f = function() ... end` as `local function f`: the body sees the local f.
// In a hook, `f = 1` there rebinds the hook's own local (nothing kept); at the top level, it writes a
// module-level local whenever a hook runs f.
func TestKeptStateLocalFunctionValues(t *testing.T) {
	stmts, err := parse.Parse(strings.NewReader("function setup(g)\n  local f = function() f = 1 end\nend"), "x.lua")
	require.NoError(t, err)
	require.Empty(t, keptState("x.lua", stmts))
	stmts, err = parse.Parse(strings.NewReader("local f = function() f = 1 end\nfunction setup(g) f() end"), "x.lua")
	require.NoError(t, err)
	require.Equal(t, []StateWrite{{Path: "x.lua", Name: "f", Line: 1}}, keptState("x.lua", stmts))
}
