package scripting_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/core/lab"
	"github.com/ruleslab/ruleslab/scripting"
)

// probe writes a game that extends base (a testdata file or a bundled id) with extra YAML lines and
// the Lua script lua as an override, and loads it.
func probe(t testing.TB, base, yaml, lua string) *scripting.Program {
	t.Helper()
	dir := t.TempDir()
	if strings.HasSuffix(base, ".yaml") {
		// a testdata game: copy it (and its script) next to the probe
		for _, f := range []string{base, strings.TrimSuffix(base, ".yaml") + ".lua"} {
			data, err := os.ReadFile(f)
			require.NoError(t, err)
			require.NoError(t, os.WriteFile(filepath.Join(dir, filepath.Base(f)), data, 0o644))
		}
		base = filepath.Base(base)
	}
	require.NoError(t, os.WriteFile(filepath.Join(dir, "probe.lua"), []byte(lua), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "probe.yaml"),
		[]byte("extends: "+base+"\noverrides: [probe.lua]\n"+yaml), 0o644))
	p, err := scripting.Load(filepath.Join(dir, "probe.yaml"), "")
	require.NoError(t, err)
	return p
}

// setupError runs a probe's setup once and returns its error.
func setupError(t *testing.T, p *scripting.Program) error {
	t.Helper()
	h := scripting.NewHost()
	defer h.Close()
	_, _, err := startGame(p, h, 2, 1)
	return err
}

// setupEvent runs a probe's setup once and returns the fields of the first event it logged.
func setupEvent(t *testing.T, p *scripting.Program) map[string]any {
	t.Helper()
	h := scripting.NewHost()
	defer h.Close()
	_, s, err := startGame(p, h, 2, 1)
	require.NoError(t, err)
	return s.Events()[0].Fields
}

// pinnedSetupError is setupError on a host pinned to its thread, as a batch's worker is: the
// wall-time backstop then counts the hook's CPU time, so waiting for a core never stops it.
func pinnedSetupError(t *testing.T, p *scripting.Program) error {
	t.Helper()
	h := scripting.NewHost()
	defer h.Close()
	defer h.Pin()()
	_, _, err := startGame(p, h, 2, 1)
	return err
}

// batch plays games of p with workers and returns the results as JSON (errors included).
func batch(t *testing.T, p *scripting.Program, players int, seats []string, games, workers int) string {
	t.Helper()
	var out []core.Result
	b := lab.Batch{Games: games, Seed: 3, Workers: workers, NewWorker: func() (lab.Worker, error) {
		return newWorker(p, players, seats, true)
	}}
	_, err := b.Run(context.Background(), func(r core.Result) { out = append(out, r) })
	require.NoError(t, err)
	data, err := json.Marshal(out)
	require.NoError(t, err)
	return string(data)
}

// Games leak into later games: every shared table is read-only, and the write is an error that names
// the hook.
func TestSharedTablesAreReadOnly(t *testing.T) {
	for _, c := range []struct{ write, want string }{
		{`string.leak = 1`, "string is read-only (assigning leak)"},
		{`math.floor = nil`, "math is read-only (assigning floor)"},
		{`table.x = {}`, "table is read-only (assigning x)"},
		{`CARDS.T1.kind = "x"`, "CARDS is read-only (assigning kind)"},
		{`CARDS.X = {}`, "CARDS is read-only (assigning X)"},
		{`g:param("nested").value = 8`, "params is read-only (assigning value)"},
		{`g:card("T1").id = "T9"`, "CARDS is read-only (assigning id)"},
		{`base.setup = nil`, "base is read-only (assigning setup)"},
		{`rawset(string, "leak", 1)`, "rawset: string is read-only"},
		{`table.insert(math, 1)`, "table.insert: math is read-only"},
		{`setmetatable(string, nil)`, "cannot change a protected metatable"},
		{`getmetatable("").__index.leak = 1`, "attempt to index a non-table object(boolean)"},
		{`getmetatable(g).__index.leak = 1`, "attempt to index a non-table object(boolean)"},
		{`new_global = 1`, "assigns the global `new_global`"},
	} {
		t.Run(c.write, func(t *testing.T) {
			p := probe(t, "testdata/tiny.yaml", "", "function setup(g)\n  "+c.write+"\n  base.setup(g)\nend\n")
			err := setupError(t, p)
			require.Error(t, err)
			assert.Contains(t, err.Error(), "hook setup: ")
			assert.Contains(t, err.Error(), c.want)
		})
	}
}

// Reading through the proxies works as on the real tables: #, pairs, ipairs, next, unpack, rawget,
// table.concat, string methods.
func TestReadOnlyTablesReadAsUsual(t *testing.T) {
	p := probe(t, "testdata/tiny.yaml", "", `
function setup(g)
  local list = g:param("list")
  local n = 0
  for id, c in pairs(CARDS) do n = n + 1 end
  local seen = {}
  for i, v in ipairs(list) do seen[#seen + 1] = v end
  local a, b, c = unpack(list)
  g:event("check", {len = #list, cards = n, joined = table.concat(list, ","), ipairs = table.concat(seen, ","),
    unpacked = a .. b .. c, raw = rawget(list, 2), first = next(list), kind = CARDS.T1.kind,
    upper = ("ab"):upper(), floor = math.floor(2.5), nested = g:param("nested").value})
  base.setup(g)
end
`)
	assert.Equal(t, map[string]any{"len": 3.0, "cards": 4.0, "joined": "a,b,c", "ipairs": "a,b,c", "unpacked": "abc",
		"raw": "b", "first": 1.0, "kind": "token", "upper": "AB", "floor": 2.0, "nested": 7.0}, setupEvent(t, p))
}

// A hook that tries to write into each shared table (and carries on when refused) gives identical
// results for any number of workers, and bots share nothing with the rules.
func TestTamperingHooksGiveIdenticalResultsForAnyWorkerCount(t *testing.T) {
	p := probe(t, "testdata/tiny.yaml", "", `
local function try(f) pcall(f) end
function on_move(g, seat, move)
  try(function() string.leak = (string.leak or 0) + 1 end)
  try(function() rawset(math, "leak", (rawget(math, "leak") or 0) + 1) end)
  try(function() CARDS.T1.leak = (CARDS.T1.leak or 0) + 1 end)
  try(function() g:param("nested").leak = (g:param("nested").leak or 0) + 1 end)
  try(function() table.insert(table, 1) end)
  g:stat(seat, "seen", (string.leak or 0) + (math.leak or 0) + (CARDS.T1.leak or 0) + (g:param("nested").leak or 0) + #table)
  base.on_move(g, seat, move)
end
`)
	one := batch(t, p, 2, []string{"random", "random"}, 30, 1)
	three := batch(t, p, 2, []string{"random", "random"}, 30, 3)
	assert.Equal(t, one, three)
	assert.NotContains(t, one, `"error"`)
	assert.NotContains(t, one, `"seen":[1`)
}

// Hooks that never come back: the budget counts work, so a loop is stopped with the limit and the hook
// named, and the host goes on.
func TestEndlessLoopIsStoppedByItsWorkBudget(t *testing.T) {
	p := probe(t, "testdata/tiny.yaml", "limits: {hook_millis: 20}\n", "function setup(g) while true do end end\n")
	err := setupError(t, p)
	require.Error(t, err)
	assert.Equal(t, "hook setup was stopped: it did more than 20 ms of work (limits.hook_millis; 1000000 Lua instructions): an endless loop?", err.Error())
}

// The same hook passes or fails whatever the machine's load: its budget is a count of work.
func TestBudgetIsIndependentOfLoad(t *testing.T) {
	// about 600,000 instructions against a budget of 1,000,000: a few ms idle, many times that loaded
	legal := probe(t, "testdata/tiny.yaml", "limits: {hook_millis: 20}\n",
		"function setup(g) local n = 0 for i = 1, 300000 do n = n + i end base.setup(g) end\n")
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for i := 0; i < 4*runtime.NumCPU(); i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			x := 0
			for {
				select {
				case <-stop:
					return
				default:
					for j := 0; j < 1e5; j++ {
						x += j
					}
				}
			}
		}()
	}
	defer func() { close(stop); wg.Wait() }()
	// pinned, as in a batch: unpinned, the 10 s wall-time backstop could stop the legal hook on a
	// machine this loaded under the race detector
	for i := 0; i < 5; i++ {
		require.NoError(t, pinnedSetupError(t, legal))
	}
	over := probe(t, "testdata/tiny.yaml", "limits: {hook_millis: 20}\n",
		"function setup(g) local n = 0 for i = 1, 600000 do n = n + i end base.setup(g) end\n")
	require.ErrorContains(t, pinnedSetupError(t, over), "it did more than 20 ms of work")
}

// Builtins that could run for minutes spend the same budget: a backtracking pattern, a long gsub, `..`
// of long strings.
func TestSlowBuiltinsSpendTheBudget(t *testing.T) {
	for _, code := range []string{
		`string.find(string.rep("a", 20000), ".-.-.-.-b")`,
		`string.match(string.rep("a", 20000), "(.-)(.-)(.-)$b")`,
		`for w in string.gmatch(string.rep("a", 20000), ".-.-.-b") do end`,
		`local s = string.rep("ab", 400000) for i = 1, 1000 do s = string.gsub(s, "a", "a") end`,
		`local s = string.rep("a", 1000000) for i = 1, 1e9 do local _ = s:upper() end`,
		`local s = string.rep("a", 1000000) for i = 1, 1e9 do local _ = s .. "b" end`,
	} {
		t.Run(code, func(t *testing.T) {
			p := probe(t, "testdata/tiny.yaml", "limits: {hook_millis: 100}\n", "function setup(g) "+code+" end\n")
			start := time.Now()
			err := setupError(t, p)
			require.Error(t, err)
			assert.Contains(t, err.Error(), "hook setup was stopped: it did more than 100 ms of work")
			assert.Less(t, time.Since(start), 10*time.Second)
		})
	}
}

// Memory: builtins check the size of what they would build.
func TestBuiltinsLimitTheStringsTheyBuild(t *testing.T) {
	for _, c := range []struct{ code, want string }{
		{`string.rep("x", 1e11)`, "string.rep: the result would be 95367 MiB (strings built by the library are limited to 1024 KiB)"},
		{`string.rep("xx", 600000)`, "string.rep: the result would be 1200000 bytes"},
		{`local t = {} for i = 1, 20 do t[i] = string.rep("x", 100000) end table.concat(t)`, "table.concat: the result would be"},
		{`string.format("%999999d", 1)`, "string.format: invalid format (width or precision too long)"},
		{`string.gsub(string.rep("x", 1000000), "x", "yy")`, "string.gsub: the result would be"},
		{`string.find("x", string.rep("a.", 1000))`, "the pattern is 2000 bytes long"},
		{`unpack({}, 1, 1e8)`, "unpack: too many results"},
		{`string.byte(string.rep("x", 100000), 1, -1)`, "string.byte: too many results"},
		// the `..` operator is held to the same limit, at the line that would pass it
		{`local s = "x" while true do s = s .. s end`, "probe.lua:1: `..`: the result would be 2097152 bytes (strings are limited to 1024 KiB)"},
		{`local s = string.rep("x", 1000000) s = s .. string.rep("y", 48576) .. 10`, "`..`: the result would be 1048578 bytes"},
	} {
		t.Run(c.code, func(t *testing.T) {
			p := probe(t, "testdata/tiny.yaml", "", "function setup(g) "+c.code+" end\n")
			err := setupError(t, p)
			require.Error(t, err)
			assert.Contains(t, err.Error(), "hook setup: ")
			assert.Contains(t, err.Error(), c.want)
		})
	}
}

// `..` builds strings up to the limit, and a table's __concat metamethod still runs.
func TestConcatUpToTheLimit(t *testing.T) {
	p := probe(t, "testdata/tiny.yaml", "", `
function setup(g)
  local s = string.rep("x", 1048576 - 25) .. "y" .. -1.2345678901234567e+300
  local exact = string.rep("x", 1048576 - 4) .. 1 .. 2.5
  local t = setmetatable({}, {__concat = function(a, b) return "table" end})
  g:event("check", {n = #s, last = s:sub(-25), exact = #exact, meta = t .. "x", mixed = "a" .. 1 .. "b" .. 2.5})
  base.setup(g)
end
`)
	assert.Equal(t, map[string]any{"n": float64(1048576), "last": "y-1.2345678901234567e+300",
		"exact": float64(1048576), "meta": "table", "mixed": "a1b2.5"}, setupEvent(t, p))
}

// The bounded builtins behave as Lua's.
func TestBoundedStringBuiltinsMatchLua(t *testing.T) {
	p := probe(t, "testdata/tiny.yaml", "", `
function setup(g)
  local words = {}
  for w in string.gmatch("one two  three", "%a+") do words[#words + 1] = w end
  local k, v = string.match("key=val", "(%w+)=(%w+)")
  local g1, n1 = string.gsub("hello world", "o", "0")
  local g2 = string.gsub("abc", "%w", "%0%0")
  local g3 = string.gsub("$name is $age", "%$(%w+)", {name = "Ann", age = 7})
  local g4 = string.gsub("abc", "", "-")
  local g5 = string.gsub("hello", "l", function(c) return c:upper() end, 1)
  local s, e = string.find("a.b", ".", 1, true)
  local s2, e2, cap = string.find("xxabc", "(b)")
  g:event("check", {words = table.concat(words, ","), kv = k .. ":" .. v, g1 = g1 .. n1, g2 = g2, g3 = g3,
    g4 = g4, g5 = g5, plain = s .. "-" .. e, find = s2 .. "-" .. e2 .. cap, fmt = string.format("%5.2f|%s|%d", 3.14159, "x", 42),
    rep = string.rep("ab", 3)})
  base.setup(g)
end
`)
	assert.Equal(t, map[string]any{"words": "one,two,three", "kv": "key:val", "g1": "hell0 w0rld2", "g2": "aabbcc",
		"g3": "Ann is 7", "g4": "-a-b-c-", "g5": "heLlo", "plain": "2-2", "find": "4-4b", "fmt": " 3.14|x|42",
		"rep": "ababab"}, setupEvent(t, p))
}

// A memory bomb (a table grown in a loop: no single call is too big) is stopped by the heap monitor,
// and only the bomb: a game running next to it on another host does not fail.
func TestMemoryBombStopsOnlyItsOwnHook(t *testing.T) {
	// the bomb's garbage counts in the heap the monitor reads until it is collected: collect it before
	// the next test runs its hooks
	t.Cleanup(runtime.GC)
	old := scripting.SetMaxHeap(96 << 20)
	defer scripting.SetMaxHeap(old)
	bomb := probe(t, "testdata/tiny.yaml", "", `function setup(g) local t, i = {}, 0 while true do i = i + 1 t[i] = {} end end`+"\n")
	ok := loadProgram(t, "testdata/tiny.yaml", "")
	var done atomic.Bool
	var innocentErr atomic.Value
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		w, err := newWorker(ok, 2, []string{"random", "random"}, true)
		if err != nil {
			innocentErr.Store(err.Error())
			return
		}
		defer w.Close()
		for i := 0; !done.Load(); i++ {
			if r := w.Play(i, uint64(i)); r.Error != "" {
				innocentErr.Store(r.Error)
			}
		}
	}()
	err := setupError(t, bomb)
	done.Store(true)
	wg.Wait()
	require.Error(t, err)
	assert.Contains(t, err.Error(), "hook setup was stopped: the heap passed 96 MiB while it ran")
	assert.Nil(t, innocentErr.Load())
}

// Garbage past the heap limit is no memory bomb: a batch lets it pile up (GOGC 800) and a hook that
// runs a while meanwhile (here a long loop that allocates nothing) is not stopped for it.
func TestGarbagePastTheHeapLimitStopsNoHook(t *testing.T) {
	t.Cleanup(runtime.GC)
	runtime.GC()
	old := scripting.SetMaxHeap(64 << 20)
	defer scripting.SetMaxHeap(old)
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	for range 150 {
		garbage = make([]byte, 1<<20)
	}
	garbage = nil
	long := probe(t, "testdata/tiny.yaml", "limits: {hook_millis: 10000}\n",
		"function setup(g) local n = 0 for i = 1, 3000000 do n = n + i end base.setup(g) end\n")
	assert.NoError(t, setupError(t, long))
}

// garbage keeps the test's allocations from being optimised away.
var garbage []byte

// Interrupt (Ctrl-C, SIGTERM) stops a running hook at once, and every later one.
func TestInterruptStopsARunningHook(t *testing.T) {
	p := probe(t, "testdata/tiny.yaml", "limits: {hook_millis: 10000}\n", "function setup(g) while true do end end\n")
	h := scripting.NewHost()
	defer h.Close()
	go func() { time.Sleep(50 * time.Millisecond); h.Interrupt() }()
	start := time.Now()
	_, _, err := startGame(p, h, 2, 1)
	require.EqualError(t, err, "hook setup was stopped: the run was interrupted")
	assert.Less(t, time.Since(start), 2*time.Second)
	_, _, err = startGame(loadProgram(t, "testdata/tiny.yaml", ""), h, 2, 1)
	require.ErrorContains(t, err, "was stopped: the run was interrupted")
}

// Conversions for Go detect cycles and depth.
func TestEventFieldsRejectCyclesDepthAndNaN(t *testing.T) {
	for _, c := range []struct{ code, want string }{
		{`local t = {} t.self = t g:event("x", {t = t})`, "field t: a table contains itself"},
		{`local t = {} for i = 1, 100 do t = {t} end g:event("x", {t = t})`, "field t: tables nest deeper than 32 levels"},
		{`g:event("x", {v = 0/0})`, "field v: NaN is not a finite number"},
		{`g:event("x", {v = 1/0})`, "field v: +Inf is not a finite number"},
	} {
		t.Run(c.code, func(t *testing.T) {
			err := setupError(t, probe(t, "testdata/tiny.yaml", "", "function setup(g) "+c.code+" end\n"))
			require.Error(t, err)
			assert.Contains(t, err.Error(), "hook setup: ")
			assert.Contains(t, err.Error(), c.want)
		})
	}
}

// Bad values from hooks are errors naming the hook.
func TestBadValuesFromHooksAreErrors(t *testing.T) {
	for _, c := range []struct{ code, want string }{
		{`g:stat(0, "tricks", 0/0)`, "statistic tricks: expected a finite number, got NaN"},
		{`g:set("x", 1/0)`, "values must be finite numbers, not +Inf"},
		{`g:sset(0, "x", 0/0)`, "values must be finite numbers, not NaN"},
		{`g:finish({0, 0})`, "winners: seat 0 is listed twice"},
		{`g:finish({5})`, "winners: no seat 5 (seats are 0..1)"},
		{`g:add_score(0, 1e300)`, "expected an integer score change"},
		{`g:add_score(0, 2^53) g:add_score(0, 1)`, "seat 0's score would pass 9007199254740992"},
		{`g:set("x", 1, 300)`, "visibility: no seat 300 (seats are 0..1)"},
		{`g:event("x", {}, 2)`, "visibility: no seat 2 (seats are 0..1)"},
		{`g:round_end(1/0, {0, 0})`, "expected a round number"},
		{`g:round_end(1, {0, 0}, {why = 0/0})`, "field why: NaN is not a finite number"},
		{`for i = 1, 2000 do g:set("k" .. i, i) end`, "a game holds at most 1024 values"},
		{`g:set("k", string.rep("x", 100000))`, "strings stored in values are limited to 64 KiB"},
	} {
		t.Run(c.code, func(t *testing.T) {
			err := setupError(t, probe(t, "testdata/tiny.yaml", "", "function setup(g) "+c.code+" base.setup(g) end\n"))
			require.Error(t, err)
			assert.Contains(t, err.Error(), "hook setup: ")
			assert.Contains(t, err.Error(), c.want)
		})
	}
}

// can_play and normalize may only read the game: a change is an error naming the hook, not a bot's
// illegal move.
func TestPureHooksMayNotChangeTheGame(t *testing.T) {
	for _, c := range []struct{ code, want string }{
		{`function can_play(g, seat, card, trick) g:set("x", 1) return true end`, "g:set changes the game: can_play may only read it"},
		{`function can_play(g, seat, card, trick) return math.random(2) == 1 end`, "math.random changes the game's generator: can_play may only read the game"},
		{`function can_play(g, seat, card, trick) g:move(card, "hand", seat, "deck", nil) return true end`, "g:move changes the game"},
	} {
		t.Run(c.code, func(t *testing.T) {
			p := probe(t, "mimic-taking", "", c.code+"\n")
			r := batch(t, p, 4, []string{"random"}, 1, 1)
			assert.Contains(t, r, "hook can_play: ")
			assert.Contains(t, r, c.want)
			assert.NotContains(t, r, "illegal")
		})
	}
}

// Hands emptied before a trick: a clean error naming the hook, never a Go panic.
func TestEmptyHandsBeforeATrickAreAnError(t *testing.T) {
	p := probe(t, "mimic-taking", "", `
function trick_done(g, winner, trick)
  for s = 0, g:players() - 1 do if s ~= winner then g:move_all("hand", s, "deck", nil) end end
  g:start_trick(winner)
end
`)
	for _, seats := range [][]string{{"random"}, {"greedy"}} {
		r := batch(t, p, 4, []string{seats[0], seats[0], seats[0], seats[0]}, 2, 1)
		assert.Contains(t, r, "must play to the trick but has no card it may play (hook trick_done)")
		assert.NotContains(t, r, "internal error")
	}
}

// A game without limits.max_moves still has a move cap.
func TestEveryGameHasAMoveCap(t *testing.T) {
	p := probe(t, "testdata/tiny.yaml", "", `function on_move(g, seat, move) g:ask(seat, {"draw"}) end`+"\n")
	r := batch(t, p, 2, []string{"random"}, 1, 1)
	assert.Contains(t, r, "the game passed 20000 moves (limits.max_moves; default 20000, at most 200000)")
	p = probe(t, "testdata/tiny.yaml", "limits: {max_moves: 100000000}\n", `function on_move(g, seat, move) g:ask(seat, {"draw"}) end`+"\n")
	r = batch(t, p, 2, []string{"random"}, 1, 1)
	assert.Contains(t, r, "the game passed 200000 moves")
}

// hook_millis has a ceiling.
func TestHookMillisHasACeiling(t *testing.T) {
	p := probe(t, "testdata/tiny.yaml", "limits: {hook_millis: 100000000}\n", "")
	h := scripting.NewHost()
	defer h.Close()
	_, _, err := startGame(p, h, 2, 1)
	require.NoError(t, err)
	assert.Equal(t, scripting.MaxHookMillis, h.BudgetMillis())
}

// The `stats` hook's results go through g:stat's limit: at most core.MaxStats statistics per game,
// counted over the hook's seat and game statistics and those recorded with g:stat.
func TestStatsHookHasGStatsLimit(t *testing.T) {
	for _, c := range []struct{ code, want string }{
		{`function stats(g) local t = {} for i = 1, 300 do t["s" .. i] = i end return {game = t} end`,
			"hook stats returned more than 256 statistics: a game records at most 256"},
		{`function stats(g) local t = {} for i = 1, 300 do t["s" .. i] = {1, 2} end return {seat = t} end`,
			"hook stats returned more than 256 statistics"},
		{`function stats(g) for i = 1, 200 do g:stat(0, "a" .. i) end local t = {} for i = 1, 200 do t["b" .. i] = i end return {game = t} end`,
			"hook stats and g:stat recorded 400 statistics: a game records at most 256"},
	} {
		h := scripting.NewHost()
		e, s, err := startGame(probe(t, "testdata/tiny.yaml", "", c.code), h, 2, 1)
		require.NoError(t, err)
		_, _, err = e.GameStats(s)
		require.ErrorContains(t, err, c.want)
		h.Close()
	}
}
