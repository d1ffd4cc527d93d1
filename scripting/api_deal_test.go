package scripting_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ruleslab/ruleslab/scripting"
)

// dealGame starts a 3-player game of tiny (four tokens in the deck) whose setup runs deal, then asks
// seat 0 to stop; it returns every zone's cards and the value "dealt".
func dealGame(t *testing.T, deal string) ([][]string, any) {
	t.Helper()
	p := probe(t, "testdata/tiny.yaml", "", "function setup(g)\n"+deal+"\ng:ask(0, {\"stop\"})\nend\n")
	h := scripting.NewHost()
	defer h.Close()
	_, s, err := startGame(p, h, 3, 1)
	require.NoError(t, err)
	var zones [][]string
	for _, z := range s.ZoneRefs() {
		var ids []string
		for _, c := range s.Cards(z) {
			ids = append(ids, s.Game.Catalog.Cards[c].ID)
		}
		zones = append(zones, ids)
	}
	v, _ := s.Handle().Get("dealt")
	return zones, v.Num
}

// g:deal moves the cards g:move_top would, dealt one at a time around the table from seat `first`, and
// stops when the deck runs out.
func TestDealMatchesMoveTopRounds(t *testing.T) {
	for _, tc := range []struct {
		name, deal, loop string
		dealt            float64
	}{
		{"one each from seat 1", `g:set("dealt", g:deal("deck", nil, "hand", 1, 1))`,
			`for k = 1, 3 do g:move_top("deck", nil, "hand", k % 3) end g:set("dealt", 3)`, 3},
		{"from seat 0 by default", `g:set("dealt", g:deal("deck", nil, "hand", 1))`,
			`for s = 0, 2 do g:move_top("deck", nil, "hand", s) end g:set("dealt", 3)`, 3},
		{"the deck runs out", `g:set("dealt", g:deal("deck", nil, "hand", 2, 2))`,
			`for _ = 1, 2 do for k = 2, 4 do g:move_top("deck", nil, "hand", k % 3) end end g:set("dealt", 4)`, 4},
		{"none", `g:set("dealt", g:deal("deck", nil, "hand", 0))`, `g:set("dealt", 0)`, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, n := dealGame(t, tc.deal)
			want, _ := dealGame(t, tc.loop)
			assert.Equal(t, want, got)
			assert.Equal(t, tc.dealt, n)
		})
	}
}

func TestDealErrors(t *testing.T) {
	for deal, msg := range map[string]string{
		`g:deal("deck", nil, "deck", 1)`:     `g:deal deals to a per-seat zone; "deck" is not one`,
		`g:deal("deck", nil, "hand", -1)`:    "expected a number of cards per seat",
		`g:deal("deck", nil, "hand", 1, 5)`:  "expected a seat 0..2",
		`g:deal("nowhere", nil, "hand", 1)`:  `no zone "nowhere"`,
		`g:deal("deck", nil, "hand", "two")`: "expected a number of cards per seat",
	} {
		p := probe(t, "testdata/tiny.yaml", "", "function setup(g)\n"+deal+"\nend\n")
		h := scripting.NewHost()
		_, _, err := startGame(p, h, 3, 1)
		h.Close()
		require.Error(t, err, deal)
		assert.Contains(t, err.Error(), msg, deal)
	}
}

// A hook that may only read the game (normalize) may not deal.
func TestDealIsAMutator(t *testing.T) {
	p := probe(t, "testdata/tiny.yaml", "", `function normalize(g, seat, move) g:deal("deck", nil, "hand", 1) return move end`)
	h := scripting.NewHost()
	defer h.Close()
	e, s, err := startGame(p, h, 2, 1)
	require.NoError(t, err)
	_, err = e.Normalize(s, 0, "draw")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "g:deal changes the game: normalize may only read it")
}
