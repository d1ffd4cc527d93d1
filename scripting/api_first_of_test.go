package scripting_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ruleslab/ruleslab/scripting"
)

// firstOfProbe deals seat 0 of the copies game (testdata/copies.yaml) the hand A2 B1 A2 (in that
// order), evaluates the g:first_of call `call` in setup and returns what it returned, spelled by
// tostring and joined by commas.
func firstOfProbe(t *testing.T, call string) (string, error) {
	t.Helper()
	p := probe(t, "testdata/copies.yaml", "", `
local IDS = {"A1", "B1", "A2"}
function setup(g)
  for _, id in ipairs({"A2", "B1", "A2"}) do g:move(id, "deck", nil, "hand", 0) end
  local got = {`+call+`}
  for i = 1, #got do got[i] = tostring(got[i]) end
  g:event("got", {v = table.concat(got, ",")})
  g:ask(0, {"pass"})
end
`)
	h := scripting.NewHost()
	defer h.Close()
	_, s, err := startGame(p, h, 2, 1)
	if err != nil {
		return "", err
	}
	return s.Events()[0].Fields["v"].(string), nil
}

// g:first_of returns the first id of the list, from position from on, that the zone holds, with its
// position; nil when the zone holds none of them from there.
func TestFirstOfFindsTheFirstIDHeld(t *testing.T) {
	for _, c := range []struct{ call, want string }{
		{`g:first_of("hand", 0, IDS)`, "2,B1"},
		{`g:first_of("hand", 0, IDS, 2)`, "2,B1"},
		{`g:first_of("hand", 0, IDS, 3)`, "3,A2"},
		{`g:first_of("hand", 0, IDS, 4)`, ""},
		{`g:first_of("hand", 0, IDS, -5)`, "2,B1"},
		{`g:first_of("hand", 0, {"A1"})`, ""},
		{`g:first_of("hand", 0, {})`, ""},
		{`g:first_of("hand", 1, IDS)`, ""},
		{`g:first_of("deck", nil, IDS)`, "1,A1"},
		{`g:first_of("deck", nil, {"B1", "A2"})`, "2,A2"},
		// a list kept in g:memo is read-only (a proxy): it is read through
		{`g:first_of("hand", 0, g:memo("ids", {"A2"}))`, "1,A2"},
	} {
		t.Run(c.call, func(t *testing.T) {
			got, err := firstOfProbe(t, c.call)
			require.NoError(t, err)
			assert.Equal(t, c.want, got)
		})
	}
}

// A list entry that is not a string, or no list, is an error naming the argument.
func TestFirstOfRejectsBadLists(t *testing.T) {
	for _, c := range []struct{ call, want string }{
		{`g:first_of("hand", 0, {"A1", 3})`, "ids[2] is number, not a card id"},
		{`g:first_of("hand", 0, "A1")`, "table expected"},
		{`g:first_of("nowhere", 0, IDS)`, "nowhere"},
	} {
		t.Run(c.call, func(t *testing.T) {
			_, err := firstOfProbe(t, c.call)
			require.Error(t, err)
			assert.Contains(t, err.Error(), "hook setup: ")
			assert.Contains(t, err.Error(), c.want)
		})
	}
}
