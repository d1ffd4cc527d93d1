package scripting_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ruleslab/ruleslab/scripting"
)

// askSubsetsProbe deals seat 0 of the copies game (testdata/copies.yaml) the cards `hand` (ids, in
// that order), runs the g:ask_subsets call `call` in setup and returns the moves asked and what the
// call returned.
func askSubsetsProbe(t *testing.T, hand, call string) ([]string, string, error) {
	t.Helper()
	p := probe(t, "testdata/copies.yaml", "", `
function setup(g)
  for _, id in ipairs({`+hand+`}) do g:move(id, "deck", nil, "hand", 0) end
  g:event("got", {n = `+call+`})
end
`)
	h := scripting.NewHost()
	defer h.Close()
	_, s, err := startGame(p, h, 2, 1)
	if err != nil {
		return nil, "", err
	}
	return s.Legal(), s.Events()[0].Fields["n"].(string), nil
}

// g:ask_subsets asks every subset of the zone's cards, all first and none last, each spelled with its
// ids in catalogue order whatever the zone's order; copies give each spelling once.
func TestAskSubsetsAsksEverySubset(t *testing.T) {
	for _, c := range []struct{ hand, legal string }{
		{`"B1", "A2"`, "take A2 B1|take B1|take A2|take"},
		{`"B1", "A2", "A1"`, "take A1 A2 B1|take A2 B1|take A1 B1|take B1|take A1 A2|take A2|take A1|take"},
		{`"A2"`, "take A2|take"},
		{``, "take"},
		{`"A1", "B1", "A1"`, "take A1 A1 B1|take A1 B1|take B1|take A1 A1|take A1|take"},
	} {
		t.Run(c.hand, func(t *testing.T) {
			legal, n, err := askSubsetsProbe(t, c.hand, `tostring(g:ask_subsets(0, "take", "hand", 0))`)
			require.NoError(t, err)
			assert.Equal(t, c.legal, strings.Join(legal, "|"))
			assert.Equal(t, strconv.Itoa(len(legal)), n) // the number of moves asked
		})
	}
}

// A zone of more than 12 cards (4096 subsets) or a bad seat is an error naming the argument.
func TestAskSubsetsRejectsBadArguments(t *testing.T) {
	for _, c := range []struct{ call, want string }{
		{`g:ask_subsets(0, "keep", "deck", nil)`, "40 cards have 1099511627776 subsets: g:ask_subsets lists those of at most 12 cards"},
		{`g:ask_subsets(7, "keep", "trick", nil)`, "expected a seat 0..3, got 7"},
		{`g:ask_subsets(0, nil, "trick", nil)`, "string expected"},
	} {
		t.Run(c.call, func(t *testing.T) {
			p := probe(t, "mimic-taking", "", "function setup(g) "+c.call+" end\n")
			h := scripting.NewHost()
			defer h.Close()
			_, _, err := startGame(p, h, 4, 1)
			require.Error(t, err)
			assert.Contains(t, err.Error(), "hook setup: ")
			assert.Contains(t, err.Error(), c.want)
		})
	}
}
