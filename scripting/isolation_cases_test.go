package scripting_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/scripting"
)

// Each script tries a way for rules loaded once per engine to carry something from one game to the
// next (every setup adds one to a count and logs it). Whatever the engine makes of it (loads it again
// for every game, freezes the table so the write is an error, or finds nothing is kept), each game on
// a long-lived engine must equal the same game on a fresh engine.
var leakAttempts = map[string]string{
	"closure made at load": `
local function make() local n = 0; return function() n = n + 1; return n end end
local count = make()
function setup(g) g:event("n", {n = count()}); base.setup(g) end`,
	"table a closure made at load keeps": `
local function make() local t = {0}; return function() t[1] = t[1] + 1; return t[1] end end
local count = make()
function setup(g) g:event("n", {n = count()}); base.setup(g) end`,
	"write through a local of the same name": `
local T = {0}
function setup(g) local T = T; T[1] = T[1] + 1; g:event("n", {n = T[1]}); base.setup(g) end`,
	"write through a local declared as the table": `
local T = {0}
function setup(g) local t = T; t[1] = t[1] + 1; g:event("n", {n = t[1]}); base.setup(g) end`,
	"rawset on a module table": `
local T = {0}
function setup(g) rawset(T, 1, rawget(T, 1) + 1); g:event("n", {n = T[1]}); base.setup(g) end`,
	"closure kept by a helper that stores it": `
local kept = {}
local function hold(f) kept[#kept + 1] = f end
local function make() local n = 0; hold(function() n = n + 1; return n end) end
make()
function setup(g) g:event("n", {n = kept[1]()}); base.setup(g) end`,
	"closure run by a helper inside a kept one": `
local function each(f) f() end
local function make() local n = 0; return function() each(function() n = n + 1 end); return n end end
local count = make()
function setup(g) g:event("n", {n = count()}); base.setup(g) end`,
	"closure passed through varargs": `
local function apply(...) local f = ...; return f end
local function make() local n = 0; return apply(function() n = n + 1; return n end) end
local count = make()
function setup(g) g:event("n", {n = count()}); base.setup(g) end`,
	"closure put in a table at load": `
local hooks = {}
local function reg() local n = 0; table.insert(hooks, function() n = n + 1; return n end) end
reg()
function setup(g) g:event("n", {n = hooks[1]()}); base.setup(g) end`,
	"builder also reached from a hook": `
local T = {0}
local function bump() T[1] = T[1] + 1 end
bump()
local ops = {bump}
function setup(g) ops[1](); g:event("n", {n = T[1]}); base.setup(g) end`,
	"memo in a metatable": `
local calls = 0
local M = setmetatable({}, {__index = function(t, k) calls = calls + 1; return calls end})
function setup(g) g:event("n", {n = M.x}); base.setup(g) end`,
	"gmatch iterator kept in a table": `
local its = {("a b c d e f"):gmatch("%a")}
function setup(g) g:event("n", {w = its[1]()}); base.setup(g) end`,
	"gmatch iterator made by a builder": `
local function words() return ("a b c d e f"):gmatch("%a") end
local next_word = words()
function setup(g) g:event("n", {w = next_word()}); base.setup(g) end`,
	"local function rebound to a keeper": `
local kept = {}
local function each(list, f) for _, x in ipairs(list) do f(x) end end
local function keeper(list, f) kept[#kept + 1] = f end
local function make() local n = 0; each({1}, function() n = n + 1 end); return function() return n end end
each = keeper
local read = make()
function setup(g) if kept[1] then kept[1]() end; g:event("n", {n = read()}); base.setup(g) end`,
	"the string library's metatable": `
function setup(g) local m = getmetatable("").__index; m.n = (m.n or 0) + 1; g:event("n", {n = m.n}); base.setup(g) end`,
	"the environment through getfenv": `
function setup(g) local e = getfenv(1); e.n = (e.n or 0) + 1; g:event("n", {n = e.n}); base.setup(g) end`,
	"a module table's metatable": `
local T = setmetatable({}, {n = 0})
function setup(g) local mt = getmetatable(T); mt.n = mt.n + 1; g:event("n", {n = mt.n}); base.setup(g) end`,
	"a nested table reached by next, ipairs and unpack": `
local T = {{0}}
function setup(g)
  local _, a = next(T); a[1] = a[1] + 1
  for _, b in ipairs(T) do b[1] = b[1] + 1 end
  local c = unpack(T); c[1] = c[1] + 1
  g:event("n", {n = T[1][1]}); base.setup(g)
end`,
	"a module table handed back by select": `
local T = {0}
local function id(...) return select(1, ...) end
function setup(g) local t = id(T); t[1] = t[1] + 1; g:event("n", {n = T[1]}); base.setup(g) end`,
	"a function compiled in a hook": `
function setup(g) local f = loadstring and loadstring("n = (n or 0) + 1; return n"); g:event("n", {n = f and f() or 0}); base.setup(g) end`,
}

func TestRulesCannotCarryStateBetweenGames(t *testing.T) {
	tiny, err := filepath.Abs("testdata/tiny.yaml")
	require.NoError(t, err)
	for name, src := range leakAttempts {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			require.NoError(t, os.WriteFile(filepath.Join(dir, "leak.lua"), []byte(src), 0o644))
			yaml := "extends: " + tiny + "\noverrides: [leak.lua]\n"
			require.NoError(t, os.WriteFile(filepath.Join(dir, "leak.yaml"), []byte(yaml), 0o644))
			p := loadProgram(t, filepath.Join(dir, "leak.yaml"), "")
			requireGamesAsOnFreshEngines(t, p, []string{"random", "random"})
		})
	}
}

// requireGamesAsOnFreshEngines plays four games of p with seats on one engine and requires each to
// equal the same game on an engine of its own.
func requireGamesAsOnFreshEngines(t *testing.T, p *scripting.Program, seats []string) {
	t.Helper()
	long, err := newWorker(p, 2, seats, true)
	require.NoError(t, err)
	defer long.Close()
	for i := 0; i < 4; i++ {
		fresh, err := newWorker(p, 2, seats, true)
		require.NoError(t, err)
		want := gameJSON(t, fresh.Play(i, core.GameSeed(9, i)))
		fresh.Close()
		require.Equal(t, want, gameJSON(t, long.Play(i, core.GameSeed(9, i))), "game %d", i)
	}
}

// gameJSON is a game's result as JSON, an error included (a frozen table's write is one, in every
// game alike).
func gameJSON(t *testing.T, r core.Result) string {
	t.Helper()
	b, err := json.Marshal(r)
	require.NoError(t, err)
	return string(b)
}

// The same for bots, whose copies for each seat and game share the tables nothing writes: each bot
// counts its decisions in a way that must start again every game (and for each seat), and picks its
// move by the count. A count carried over would change the moves.
var botLeakAttempts = map[string]string{
	"a table written through an alias": `
local COUNT = {0}
function choose(obs, legal) local C = COUNT; C[1] = C[1] + 1; return legal[C[1] % #legal + 1] end`,
	"a table written by rawset": `
local COUNT = {0}
function choose(obs, legal) rawset(COUNT, 1, COUNT[1] + 1); return legal[COUNT[1] % #legal + 1] end`,
	"a table a closure made at load writes": `
local function make() local t = {0}; return function() t[1] = t[1] + 1; return t[1] end end
local count = make()
function choose(obs, legal) return legal[count() % #legal + 1] end`,
	"a table only a helper writes": `
local COUNT = {0}
local function bump(t) t[1] = t[1] + 1 end
function choose(obs, legal) bump(COUNT); return legal[COUNT[1] % #legal + 1] end`,
	"a table written by table.insert": `
local SEEN = {}
function choose(obs, legal) table.insert(SEEN, 1); return legal[#SEEN % #legal + 1] end`,
	"a builder called again from choose": `
local COUNT = {}
local function build() COUNT[#COUNT + 1] = 1 end
build()
function choose(obs, legal) build(); return legal[#COUNT % #legal + 1] end`,
	"the string library's metatable": `
function choose(obs, legal) local m = getmetatable("").__index; m.n = (m.n or 0) + 1; return legal[m.n % #legal + 1] end`,
	"the legal moves' table": `
function choose(obs, legal) legal.n = (legal.n or 0) + 1; return legal[legal.n % #legal + 1] end`,
	"an event's table": `
function choose(obs, legal) local e = obs.events[1]; local n = 0; if e then e.n = (e.n or 0) + 1; n = e.n end; return legal[n % #legal + 1] end`,
	"a table kept as another's key": `
local KEYS = {}
KEYS[{0}] = true
function choose(obs, legal) local n = 0; for k in pairs(KEYS) do k[1] = k[1] + 1; n = k[1] end; return legal[n % #legal + 1] end`,
	"a nested table reached by next": `
local T = {{0}}
function choose(obs, legal) local _, t = next(T); t[1] = t[1] + 1; return legal[t[1] % #legal + 1] end`,
	"a table whose keys a game removes and adds (the order pairs sees)": `
local T, L = {a = 1, b = 2, c = 3}, {1, 2, 3}
function choose(obs, legal)
  local order = ""
  for k in pairs(T) do order = order .. k end
  T.a, T[#order] = nil, #L
  L[#L + 1], L[1] = #order, nil
  return legal[(#order + #L) % #legal + 1]
end`,
	"a table handed back by a metatable's __index": `
local T = {0}
local P = setmetatable({}, {__index = function() return T end})
function choose(obs, legal) local t = P.x; t[1] = t[1] + 1; return legal[T[1] % #legal + 1] end`,
}

func TestBotsCannotCarryStateBetweenGames(t *testing.T) {
	for name, src := range botLeakAttempts {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "counter.lua")
			require.NoError(t, os.WriteFile(path, []byte(src), 0o644))
			p := loadProgram(t, "testdata/tiny.yaml", "")
			seats := []string{"lua:" + path, "lua:" + path}
			require.NoError(t, p.LoadLuaBot(seats[0]))
			requireGamesAsOnFreshEngines(t, p, seats)
		})
	}
}
