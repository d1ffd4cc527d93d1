package scripting_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

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
// mistake; a name g does not have (one the static check cannot see) and a field written on g are errors too.
func TestGMethodsCheckTheirReceiver(t *testing.T) {
	cases := []struct{ call, want string }{
		{`g.count("hand")`, "userdata expected, got string"},
		{`g.count({})`, "userdata expected, got table"},
		{`g.set("x", 1)`, "userdata expected, got string"},
		{`local name = "no_such" .. "_method"; g[name](g)`, `g has no method "no_such_method"`},
		{`g.x = 1`, "g is read-only"},
		{`g.count = 1`, "g is read-only"},
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
