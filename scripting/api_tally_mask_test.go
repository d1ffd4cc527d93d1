package scripting_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// g:tally_mask says which of the values some card of the zone has as the attribute, a bit each (the
// first value 1, the second 2, ...). The copies game's A cards have n = 1 or 2, B1 has no n; seat 0
// holds A2 B1 A2, the deck the three A1 and the last A2.
func TestTallyMaskSetsTheBitOfEachValuePresent(t *testing.T) {
	for _, c := range []struct{ call, want string }{
		{`g:tally_mask("hand", 0, "n", {1, 2})`, "2"},
		{`g:tally_mask("hand", 0, "n", {"2", "1"})`, "1"},
		{`g:tally_mask("deck", nil, "n", {1, 2, 3})`, "3"},
		{`g:tally_mask("deck", nil, "n", {3, 9, 1})`, "4"},
		{`g:tally_mask("hand", 0, "n", {})`, "0"},
		{`g:tally_mask("hand", 1, "n", {1, 2})`, "0"},            // an empty zone
		{`g:tally_mask("hand", 0, "colour", {1, 2})`, "0"},       // an attribute no card has
		{`g:tally_mask("hand", 0, "n", g:memo("ns", {2}))`, "1"}, // a read-only list is read through
	} {
		t.Run(c.call, func(t *testing.T) {
			got, err := firstOfProbe(t, c.call)
			require.NoError(t, err)
			assert.Equal(t, c.want, got)
		})
	}
}

// A mask must stay an exact Lua number: more than 52 values is an error naming the argument.
func TestTallyMaskRefusesTooManyValues(t *testing.T) {
	_, err := firstOfProbe(t, `(function() local v = {} for i = 1, 53 do v[i] = i end return g:tally_mask("hand", 0, "n", v) end)()`)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "53 values: a mask holds at most 52")
}
