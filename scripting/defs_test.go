package scripting

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/yuin/gopher-lua/parse"
)

// facts parses src and reads its facts.
func facts(t *testing.T, src string) chunkFacts {
	t.Helper()
	stmts, err := parse.Parse(strings.NewReader(src), "t.lua")
	require.NoError(t, err)
	return factsOf(stmts, src, scanTokens(src))
}

// The global functions a chunk defines as it loads: `function name`, `name = function` to a name no
// local declares, in blocks that run at load; with their position and the comment right above.
func TestFactsDefinitions(t *testing.T) {
	f := facts(t, `-- the file
local helper, declared
local function hidden() end
function declared() end

-- first line
--   indented
function a(g, x) end
helper = function() end
b = function(p, ...) end

do
  -- in a block
  function c() end
end
for i = 1, 2 do local i2 = i end
function d()
  function inner() end
end
function M.field() end
function M:method() end
e = a
n = 3
`)
	var got []string
	for _, d := range f.Defs {
		got = append(got, d.Signature())
	}
	assert.Equal(t, []string{"a(g, x)", "b(p, ...)", "c()", "d()", "e"}, got)
	a := f.Defs[0]
	assert.Equal(t, FuncDef{Name: "a", Params: []string{"g", "x"}, Line: 8, Col: 1, Comment: "first line\n  indented"}, a)
	assert.Equal(t, 10, f.Defs[1].Line)
	assert.Equal(t, 1, f.Defs[1].Col)
	assert.True(t, f.Defs[1].Vararg)
	assert.Equal(t, FuncDef{Name: "c", Params: []string{}, Line: 14, Col: 3, Comment: "in a block"}, f.Defs[2])
	assert.Equal(t, "", f.Defs[3].Comment, "a blank line ends the comment block")
	assert.True(t, f.Defs[4].Opaque)
	var locals []string
	for _, d := range f.Locals {
		locals = append(locals, d.Signature())
	}
	assert.Equal(t, []string{"hidden()", "declared()", "helper()"}, locals, "local functions, forward-declared ones included")
}

// base.NAME, base:NAME and base["NAME"] are found with the column of `base`; a field named base, a
// string, an index that is not a constant string, and a file that declares its own local `base` are not.
func TestFactsBaseRefs(t *testing.T) {
	f := facts(t, "function f(g)\n  return base.x(g) + base:y() + t.base.z + #(\"base.w\")\nend\n")
	assert.Equal(t, []baseRef{{Name: "x", Line: 2, Col: 10}, {Name: "y", Line: 2, Col: 22}}, f.BaseRefs)
	f = facts(t, "function f(g)\n  return base[\"x\"](g) + base['y'](g) + base[k](g) + base[\"a\" .. k](g)\nend\n")
	assert.Equal(t, []baseRef{{Name: "x", Line: 2, Col: 10}, {Name: "y", Line: 2, Col: 25}}, f.BaseRefs)
	assert.Empty(t, facts(t, "local base = {}\nfunction f() return base.x end\n").BaseRefs)
	assert.Empty(t, facts(t, "function f(base) return base.x end\n").BaseRefs)
}

// CallArgs is the most arguments a call of a plain name passes; -1 when a call passes a variable number.
func TestFactsCallArgs(t *testing.T) {
	f := facts(t, "f(1)\nf(1, 2, 3)\nf()\ng(1, h())\ng(1)\nt.k(1, 2, 3, 4)\nobj:m(1)\nv(...)\n")
	assert.Equal(t, map[string]int{"f": 3, "g": -1, "h": 0, "v": -1}, f.CallArgs)
	assert.Equal(t, map[string]int{"f": 3, "h": 0, "v": -1}, facts(t, "local g\nf(1)\nf(1, 2, 3)\nf()\ng(1, h())\nv(...)\n").GlobalCalls)
}

// chunk compiles Lua source as a chunk named path.
func chunk(t *testing.T, path, src string) *Chunk {
	t.Helper()
	stmts, err := parse.Parse(strings.NewReader(src), path)
	require.NoError(t, err)
	f := factsOf(stmts, src, scanTokens(src))
	return &Chunk{Path: path, Defs: f.Defs, locals: f.Locals, baseRefs: f.BaseRefs, callArgs: f.CallArgs, calls: f.GlobalCalls}
}

const rulesLua = `local function deal(g) deal(g) end
local function each(fn) fn(1) end
function setup(g) end
function on_move(g, seat, move) end
function trick_winner(g, trick) end
function score(g, counts) end
function pack(g, ...) end
function wide(g, a) end
function run(g) wide(g, 1, 2) if extra then extra(g, 1) end end
`

// Each override check, with the message a designer reads.
func TestOverrideProblems(t *testing.T) {
	for _, c := range []struct{ name, src, want string }{
		{"a replaced hook and base function", "function trick_winner(g, trick) return base.trick_winner(g, trick) end\nfunction score(g) return base.score(g, {}) end\n", ""},
		{"a hook the base lacks", "function can_play(g, seat, card) return true end\n", ""},
		{"misspelled hook", "function trick_winer(g, trick) end\n",
			`o.lua:1:1: function trick_winer replaces nothing: no hook or base function has that name (did you mean "trick_winner"?)`},
		{"misspelled base function", "function scor(g, counts) end\n",
			`o.lua:1:1: function scor replaces nothing: no hook or base function has that name (did you mean "score"?)`},
		{"helper", "function tally(x) end\n",
			"o.lua:1:1: function tally replaces nothing: no hook or base function has that name (a helper only this file uses is written `local function tally`)"},
		{"local helper", "local function tally(x) end\n", ""},
		{"base typo", "function trick_winner(g, trick)\n  return base.trick_winer(g, trick)\nend\n",
			`o.lua:2:10: base.trick_winer is not a function of the base rules (did you mean "base.trick_winner"?)`},
		{"base typo in brackets", "function trick_winner(g, trick)\n  return base[\"trick_winer\"](g, trick)\nend\n",
			`o.lua:2:10: base.trick_winer is not a function of the base rules (did you mean "base.trick_winner"?)`},
		{"base of a hook the base lacks", "function can_play(g, s, c, t) return base.can_play(g, s, c, t) end\n",
			"o.lua:1:38: base.can_play is not a function of the base rules (the base defines no can_play hook)"},
		{"hook arity", "function trick_winner(g, trick, extra) end\n",
			"o.lua:1:1: trick_winner(g, trick, extra) declares 3 parameters, but the engine calls trick_winner(g, trick) with 2: extra would always be nil"},
		{"base arity", "function score(g, counts, a, b) end\n",
			"o.lua:1:1: score(g, counts, a, b) declares 4 parameters, but the base's score(g, counts) (r.lua:6) is called with at most 2: a, b would always be nil"},
		{"a call passes more than declared", "function wide(g, a, b) end\n", ""},
		{"more than a call passes", "function wide(g, a, b, c) end\n",
			"o.lua:1:1: wide(g, a, b, c) declares 4 parameters, but the base's wide(g, a) (r.lua:8) is called with at most 3: c would always be nil"},
		{"a local function of the base", "function deal(g) end\n",
			"o.lua:1:1: function deal replaces nothing: r.lua:1 defines deal as a local function, which no later script can reach (replace the functions that call it: ruleslab hooks lists them)"},
		{"vararg base", "function pack(g, a, b, c) end\n", ""},
		{"vararg override", "function score(g, ...) end\n", ""},
		{"fewer parameters", "function on_move(g) end\n", ""},
		{"a hook's parameters out of place", "function trick_winner(trick) end\n",
			"o.lua:1:1: trick_winner(trick): trick is parameter 1 here but parameter 2 in the engine's trick_winner(g, trick)"},
		{"a base function's parameters swapped", "function score(counts, g) end\n",
			"o.lua:1:1: score(counts, g): counts is parameter 1 here but parameter 2 in the base's score(g, counts) (r.lua:6)"},
		{"other names are fine", "function score(game, c) end\n", ""},
		{"a name the base calls", "function extra(g, n) end\n", ""},
		{"a local the base calls", "function fn(x) end\n",
			"o.lua:1:1: function fn replaces nothing: no hook or base function has that name (a helper only this file uses is written `local function fn`)"},
		{"a name the base calls, too many parameters", "function extra(g, n, m) end\n",
			"o.lua:1:1: extra(g, n, m) declares 3 parameters, but the base calls extra with at most 2: m would always be nil"},
	} {
		t.Run(c.name, func(t *testing.T) {
			chunks := []*Chunk{chunk(t, "r.lua", rulesLua), chunk(t, "o.lua", c.src)}
			var got []string
			for _, err := range overrideProblems(chunks, 1, callArgsOf(chunks)) {
				got = append(got, err.Error())
			}
			if c.want == "" {
				assert.Empty(t, got)
			} else {
				assert.Equal(t, []string{c.want}, got)
			}
		})
	}
}

// The rules script's own functions are not checked as overrides, but its hooks' arity is; base is
// what the scripts before each one defined (a second override sees the first's functions).
func TestOverrideProblemsAcrossScripts(t *testing.T) {
	chunks := []*Chunk{
		chunk(t, "r.lua", rulesLua+"function helper() end\nfunction setup(g, extra) end\n"),
		chunk(t, "o1.lua", "function score(g, counts) return base.helper() end\n"),
		chunk(t, "o2.lua", "function score(g, counts) return base.score(g, counts) end\n"),
	}
	errs := overrideProblems(chunks, 1, callArgsOf(chunks))
	require.Len(t, errs, 1)
	assert.Equal(t, "r.lua:11:1: setup(g, extra) declares 2 parameters, but the engine calls setup(g) with 1: extra would always be nil", errs[0].Error())
}
