package scripting_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ruleslab/ruleslab/scripting"
)

// copiesProbe runs code in the setup of the copies game (testdata/copies.yaml)
// after dealing seat 0 the hand A1 A1 B1 A2 A1 (in that order), and returns the fields of the event
// "got" it logs.
func copiesProbe(t *testing.T, code string) (map[string]any, error) {
	t.Helper()
	p := probe(t, "testdata/copies.yaml", "", `
function setup(g)
  for _, id in ipairs({"A1", "A1", "B1", "A2", "A1"}) do g:move(id, "deck", nil, "hand", 0) end
  `+code+`
  base.setup(g)
end
`)
	h := scripting.NewHost()
	defer h.Close()
	_, s, err := startGame(p, h, 2, 1)
	if err != nil {
		return nil, err
	}
	return s.Events()[0].Fields, nil
}

// g:distinct lists a zone's ids bottom to top with each run of copies once, keeps only the ids a keep
// table maps to true, and returns the zone's size too.
func TestDistinctListsEachRunOfCopiesOnce(t *testing.T) {
	for _, c := range []struct{ code, ids string }{
		{`local ids, n = g:distinct("hand", 0)`, "A1,B1,A2,A1 5"},
		{`local ids, n = g:distinct("hand", 0, nil)`, "A1,B1,A2,A1 5"},
		{`local ids, n = g:distinct("hand", 0, {A1 = true})`, "A1,A1 5"},
		{`local ids, n = g:distinct("hand", 0, {A2 = true, B1 = 1})`, "B1,A2 5"},
		{`local ids, n = g:distinct("hand", 0, {A1 = false, A2 = true})`, "A2 5"},
		{`local ids, n = g:distinct("hand", 0, {})`, " 5"},
		{`local ids, n = g:distinct("hand", 1)`, " 0"},
		{`local ids, n = g:distinct("deck")`, "A2 2"},
		// a keep table kept in g:memo is read-only (a proxy): it is read through
		{`local ids, n = g:distinct("hand", 0, g:memo("keep", {B1 = true}))`, "B1 5"},
		// spelled, appended to a list
		{`local ids, n = g:distinct("hand", 0, {A1 = true}, {A1 = "play A1", B1 = "play B1"})`, "play A1,play A1 5"},
		{`local into = {"x"} local ids, n = g:distinct("hand", 0, nil, nil, into) assert(ids == into)`, "x,A1,B1,A2,A1 5"},
		{`local ids, n = g:distinct("hand", 0, {B1 = true}, {B1 = "give B1"}, {"draw"})`, "draw,give B1 5"},
	} {
		t.Run(c.code, func(t *testing.T) {
			f, err := copiesProbe(t, c.code+` g:event("got", {ids = table.concat(ids, ",") .. " " .. n})`)
			require.NoError(t, err)
			assert.Equal(t, c.ids, f["ids"])
		})
	}
}

// Bad arguments are errors naming what is wrong; a read-only list is not appended to.
func TestDistinctRejectsBadArguments(t *testing.T) {
	for _, c := range []struct{ code, want string }{
		{`g:distinct("hand", 0, "A1")`, "expected a table keyed by card id (the ids to keep) or nil"},
		{`g:distinct("hand", 0, nil, 5)`, "expected a table id -> spelling or nil"},
		{`g:distinct("hand", 0, nil, {A1 = "play A1"})`, "spell has no string for B1"},
		{`g:distinct("hand", 0, nil, nil, "x")`, "expected a list to append to or nil"},
		{`g:distinct("hand", 0, nil, nil, g:memo("list", {}))`, "g:distinct: memo list is read-only"},
		{`g:distinct("pile")`, "pile"},
	} {
		t.Run(c.code, func(t *testing.T) {
			_, err := copiesProbe(t, c.code)
			require.Error(t, err)
			assert.Contains(t, err.Error(), "hook setup: ")
			assert.Contains(t, err.Error(), c.want)
		})
	}
}
