package scripting_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/scripting"
)

// The generic mechanics of api_card_moves.go, api_deal_counts.go, api_card_at.go, api_seat_values.go and
// api_emit.go, on the tiny test game
// (2 seats, a deck of T1..T4): each probe's setup calls them and logs what they returned.

// startProbe runs a probe's setup (its Lua replaces tiny's setup) with 2 seats.
func startProbe(t *testing.T, lua string) *core.State {
	t.Helper()
	p := probe(t, "testdata/tiny.yaml", "", lua)
	h := scripting.NewHost()
	t.Cleanup(h.Close)
	_, s, err := startGame(p, h, 2, 1)
	require.NoError(t, err)
	return s
}

func zoneIDs(t *testing.T, s *core.State, zone string, seat int) []string {
	t.Helper()
	z, err := s.Zone(zone, seat)
	require.NoError(t, err)
	return s.IDs(s.Cards(z))
}

// g:ask_cards asks the moves of each card in zone order, a table at a time per card; with no move to
// offer it asks nothing and returns 0.
func TestAskCards(t *testing.T) {
	s := startProbe(t, `
local FIRST = {T1 = "play T1", T2 = "play T2", T3 = "play T3"}
local SECOND = {T1 = "play T1 twice", T3 = "play T3 twice"}
function setup(g)
  g:move_top("deck", nil, "hand", 0, 4)
  g:sort("hand", 0)
  local n = g:ask_cards(0, "hand", 0, FIRST, SECOND)
  g:event("asked", {n = n, none = g:ask_cards(1, "hand", 1, FIRST)})
end
`)
	assert.Equal(t, []string{"play T1", "play T1 twice", "play T2", "play T3", "play T3 twice"}, s.Legal())
	assert.Equal(t, 0, s.ToAct(), "an ask_cards that offers nothing leaves the pending decision alone")
	assert.Equal(t, map[string]any{"n": 5.0, "none": 0.0}, s.Events()[0].Fields)
}

// A copy next to its twin offers nothing, so a sorted zone offers each card's moves once; copies
// apart each offer theirs (as a Lua loop skipping the card equal to the one before would).
func TestAskCardsCopies(t *testing.T) {
	p := loadProgram(t, "testdata/twins.yaml", "")
	h := scripting.NewHost()
	defer h.Close()
	_, s, err := startGame(p, h, 1, 1)
	require.NoError(t, err)
	assert.Equal(t, []string{"take A", "take B"}, s.Legal())
	assert.Equal(t, map[string]any{"apart": 4.0, "sorted": 2.0}, s.Events()[0].Fields)
}

func TestAskCardsErrors(t *testing.T) {
	for _, c := range []struct{ call, want string }{
		{`g:ask_cards(0, "deck", nil, {T1 = 5})`, "moves[T1] must be a move string (or nil)"},
		{`g:ask_cards(0, "deck", nil)`, "expected 1 to 8 tables of moves by card id"},
		{`g:ask_cards(0, "deck", nil, "T1")`, "table expected"},
		{`g:ask_cards(2, "deck", nil, {})`, "expected a seat 0..1"},
	} {
		t.Run(c.call, func(t *testing.T) {
			err := setupError(t, probe(t, "testdata/tiny.yaml", "", "function setup(g)\n  "+c.call+"\nend\n"))
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.want)
		})
	}
}

// g:deal_counts puts every card where the dealer's loop of g:move_top calls puts it, a seat that has
// its count being skipped, and stops when the deck runs out.
func TestDealCountsIsTheMoveTopLoop(t *testing.T) {
	for _, c := range []struct{ name, deal, loop string }{
		{"2 each from seat 0", `g:deal_counts("deck", nil, "hand", {2, 2})`,
			`for _ = 1, 2 do for seat = 0, 1 do g:move_top("deck", nil, "hand", seat) end end`},
		{"2 then 1 from seat 1", `g:deal_counts("deck", nil, "hand", {2, 1}, 1)`,
			`g:move_top("deck", nil, "hand", 1) g:move_top("deck", nil, "hand", 0) g:move_top("deck", nil, "hand", 1)`},
		{"0 then 3", `g:deal_counts("deck", nil, "hand", {0, 3})`,
			`for _ = 1, 3 do g:move_top("deck", nil, "hand", 1) end`},
		{"the deck runs out", `g:deal_counts("deck", nil, "hand", {3, 3})`,
			`for _ = 1, 2 do for seat = 0, 1 do g:move_top("deck", nil, "hand", seat) end end`},
	} {
		t.Run(c.name, func(t *testing.T) {
			probeOf := func(code string) *core.State {
				return startProbe(t, "function setup(g)\n  "+code+"\n  base.setup(g)\nend\n")
			}
			want, got := probeOf(c.loop), probeOf(c.deal)
			for _, z := range []struct {
				zone string
				seat int
			}{{"hand", 0}, {"hand", 1}, {"deck", -1}} {
				assert.Equal(t, zoneIDs(t, want, z.zone, z.seat), zoneIDs(t, got, z.zone, z.seat), "%s %d", z.zone, z.seat)
			}
		})
	}
	s := startProbe(t, "function setup(g)\n  g:event(\"dealt\", {n = g:deal_counts(\"deck\", nil, \"hand\", {3, 3})})\n  base.setup(g)\nend\n")
	assert.Equal(t, map[string]any{"n": 4.0}, s.Events()[0].Fields, "it returns how many cards it dealt")
}

func TestDealCountsErrors(t *testing.T) {
	for _, c := range []struct{ call, want string }{
		{`g:deal_counts("deck", nil, "deck", {1, 1})`, `g:deal_counts deals to a per-seat zone; "deck" is not one`},
		{`g:deal_counts("deck", nil, "pile", {1, 1})`, `"pile" is not one`},
		{`g:deal_counts("deck", nil, "hand", {1})`, "expected a count for each of the 2 seats, got 1"},
		{`g:deal_counts("deck", nil, "hand", {1, -1})`, "counts[2] is -1: a count is 0 or more"},
		{`g:deal_counts("deck", nil, "hand", {1, 1.5})`, "counts must be a list of integers"},
		{`g:deal_counts("deck", nil, "hand", 2)`, "table expected"},
		{`g:deal_counts("deck", nil, "hand", {1, 1}, 2)`, "expected a seat 0..1"},
	} {
		t.Run(c.call, func(t *testing.T) {
			err := setupError(t, probe(t, "testdata/tiny.yaml", "", "function setup(g)\n  "+c.call+"\nend\n"))
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.want)
		})
	}
}

// g:card_at reads one card by position, as g:cards(...)[i] would.
func TestCardAt(t *testing.T) {
	s := startProbe(t, `
function setup(g)
  local cards = g:cards("deck")
  g:move_top("deck", nil, "hand", 1)
  g:event("at", {bottom = g:card_at("deck", nil, 1) == cards[1], third = g:card_at("deck", nil, 3) == cards[3],
    hand = g:card_at("hand", 1, 1) == cards[4], past = g:card_at("deck", nil, 4) == nil,
    zero = g:card_at("deck", nil, 0) == nil})
  base.setup(g)
end
`)
	assert.Equal(t, map[string]any{"bottom": true, "third": true, "hand": true, "past": true, "zero": true},
		s.Events()[0].Fields)
	err := setupError(t, probe(t, "testdata/tiny.yaml", "", "function setup(g)\n  g:card_at(\"deck\", nil, \"x\")\nend\n"))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "expected a card position (1 is the bottom)")
}

// g:sget_all reads every seat's value clockwise from a seat, g:sset_all sets it for every seat (and
// g:sadd adds to one seat's number, with a visibility as g:sset's).
func TestSeatValuesAtOnce(t *testing.T) {
	s := startProbe(t, `
function setup(g)
  g:sset(0, "v", 10)
  g:sset(1, "v", 11)
  local from1 = g:sget_all("v", 1)
  g:sset_all("w", 3, "owner")
  local w = g:sadd(1, "w", 2, "owner")
  local new = g:sadd(0, "new", 1.5)
  g:sset_all("v", nil)
  local cleared = g:sget_all("v")
  g:event("values", {from1 = from1, w = w, new = new, cleared = cleared})
  base.setup(g)
end
`)
	assert.Equal(t, map[string]any{"from1": []any{11.0, 10.0}, "w": 5.0, "new": 1.5, "cleared": []any{false, false}},
		s.Events()[0].Fields)
	w, _ := s.Handle().SeatGet(1, "w")
	assert.Equal(t, 5.0, w.Num)
	assert.Equal(t, core.SeatVis(1), w.Vis, `sadd's "owner" is the seat's own`)
	w0, _ := s.Handle().SeatGet(0, "w")
	assert.Equal(t, core.SeatVis(0), w0.Vis, `sset_all's "owner" is each seat's own`)
	n, _ := s.Handle().SeatGet(0, "new")
	assert.Equal(t, core.VisPublic, n.Vis, "a new value is public")
}

func TestSeatValuesErrors(t *testing.T) {
	for _, c := range []struct{ call, want string }{
		{`g:sget_all("v", 5)`, "expected a seat 0..1"},
		{`g:sset_all("v", {})`, "values must be numbers, strings or booleans"},
	} {
		t.Run(c.call, func(t *testing.T) {
			err := setupError(t, probe(t, "testdata/tiny.yaml", "", "function setup(g)\n  "+c.call+"\nend\n"))
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.want)
		})
	}
}

// The methods that change the game are refused to a hook that may only read it.
func TestNewMutatorsAreRefusedToPureHooks(t *testing.T) {
	for _, name := range []string{"ask_cards", "deal_counts", "sset_all", "sadd", "emit"} {
		p := probe(t, "testdata/tiny.yaml", "", "function normalize(g, seat, move)\n  g:"+name+"()\n  return move\nend\n")
		h := scripting.NewHost()
		e, s, err := startGame(p, h, 2, 1)
		require.NoError(t, err)
		_, err = e.Normalize(s, 0, "draw")
		require.Error(t, err, name)
		assert.Contains(t, err.Error(), "g:"+name+" changes the game", name)
		h.Close()
	}
}

// g:emit logs exactly the event g:event logs from the same fields in a table (a nil field left out, a
// trick's fields lifted).
func TestEmitIsEvent(t *testing.T) {
	s := startProbe(t, `
function setup(g)
  g:event("x", {seat = 1, a = 1, b = "s", l = {1, 2}}, 0)
  g:emit("x", 0, "seat", 1, "a", 1, "b", "s", "l", {1, 2}, "gone", nil)
  g:event("trick", {winner = 1, cards = {"T1", "T2"}, goal = "high"})
  g:emit("trick", nil, "winner", 1, "cards", {"T1", "T2"}, "goal", "high")
  g:event("bare", {})
  g:emit("bare", "hidden")
  base.setup(g)
end
`)
	ev := s.Events()
	require.Len(t, ev, 6)
	assert.Equal(t, ev[0], ev[1])
	assert.Equal(t, 1, ev[1].Seat)
	assert.Equal(t, core.SeatVis(0), ev[1].Vis)
	assert.Equal(t, ev[2], ev[3])
	assert.Equal(t, []string{"T1", "T2"}, ev[3].Cards, "a trick's cards and winner fill the event's own fields")
	assert.Equal(t, "bare", ev[5].Type)
	assert.Equal(t, core.VisHidden, ev[5].Vis)
}
