package scripting_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/scripting"
)

// Every method that changes the game, whatever file defines it, is refused to a pure hook with the
// same message, before its arguments are read; after the pure hook, the same engine's hooks may
// change the game again.
func TestEveryMutatorIsRefusedToPureHooks(t *testing.T) {
	names := scripting.Mutators()
	require.Greater(t, len(names), 20)
	for _, name := range names {
		p := probe(t, "testdata/tiny.yaml", "", `
function normalize(g, seat, move)
  g:`+name+`()
  return move
end
function on_move(g, seat, move)
  g:set("after", 1)
  base.on_move(g, seat, move)
end
`)
		h := scripting.NewHost()
		e, s, err := startGame(p, h, 2, 1)
		require.NoError(t, err)
		_, err = e.Normalize(s, 0, "draw")
		require.Error(t, err, name)
		assert.Contains(t, err.Error(), "g:"+name+" changes the game: normalize may only read it")
		require.NoError(t, e.OnMove(s, 0, "draw"), "a hook that may change the game still can")
		h.Close()
	}
}

// A g method called on something else than g (g.count("hand") instead of g:count("hand")) names the
// mistake; so do a name g does not have (one the static check cannot see) and a new field written on g
// through an alias (the static check cannot see it either).
func TestGMethodsCheckTheirReceiver(t *testing.T) {
	cases := []struct{ call, want string }{
		{`g.count("hand")`, "bad argument #1 to count (expected g, got string: call methods as g:name(...))"},
		{`g.count({})`, "expected g, got table"},
		{`g.set("x", 1)`, "bad argument #1 to set (expected g, got string"},
		{`local name = "no_such" .. "_method"; g[name](g)`, `g has no method "no_such_method"`},
		{`local alias = g; alias.x = 1`, "g is read-only"},
		{`rawset(g, "count", nil)`, "rawset: g is read-only"},
		{`table.insert(g, 1)`, "g is read-only"},
		{`g:count("no_zone")`, `no zone "no_zone"`},
	}
	for _, c := range cases {
		t.Run(c.call, func(t *testing.T) {
			err := setupError(t, probe(t, "testdata/tiny.yaml", "", "function setup(g)\n  "+c.call+"\nend\n"))
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.want)
		})
	}
}

// Writing a field of g is refused before any game runs: every such statement of the file is named.
func TestWritesToGAreRefusedBeforeTheGame(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "probe.lua"), []byte(`function setup(g)
  g.x = 1
  g["count"] = nil
  base.setup(g)
end
function g.helper() end
function g:other() end
`), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "probe.yaml"), []byte("extends: tiny.yaml\noverrides: [probe.lua]\n"), 0o644))
	for _, f := range []string{"tiny.yaml", "tiny.lua"} {
		data, err := os.ReadFile(filepath.Join("testdata", f))
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dir, f), data, 0o644))
	}
	_, err := scripting.Load(filepath.Join(dir, "probe.yaml"), "")
	require.Error(t, err)
	for _, want := range []string{"probe.lua:2: assigns g.x: g is read-only", "probe.lua:3: assigns g.count: g is read-only",
		"probe.lua:6: defines g.helper: g is read-only", "probe.lua:7: defines g:other: g is read-only"} {
		assert.Contains(t, err.Error(), want)
	}
}

// A method of g replaced through an alias (which no static check sees) fails the game at its end,
// and the engine's next game has g whole again.
func TestMethodReplacedThroughAnAliasFailsItsGame(t *testing.T) {
	p := probe(t, "testdata/tiny.yaml", "", `
function setup(g)
  local alias = g
  if g:players() == 2 then alias.score = function() return 9 end end
  base.setup(g)
end
function on_move(g, seat, move)
  g:set("score_seen", g:score(seat))
  base.on_move(g, seat, move)
end
`)
	h := scripting.NewHost()
	defer h.Close()
	e, err := p.NewEngine(h)
	require.NoError(t, err)
	play := func(players int) (*core.State, error) {
		s, err := e.NewState(players, 1, core.StateOptions{})
		require.NoError(t, err)
		for !s.Over() {
			require.NoError(t, s.ApplyIndex(e, 0))
		}
		_, _, err = e.GameStats(s)
		return s, err
	}
	s, err := play(2)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "a hook replaced g.score: g is read-only")
	v, _ := s.Handle().Get("score_seen")
	assert.Equal(t, 9.0, v.Num, "within its game the replacement ran")
	s, err = play(3)
	require.NoError(t, err)
	v, _ = s.Handle().Get("score_seen")
	assert.Equal(t, 0.0, v.Num, "the next game has g whole")
}
