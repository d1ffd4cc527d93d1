package scripting_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// g:round_end's facts given as name, value pairs log the round_end event the fields table logs.
func TestRoundEndFieldsAsPairs(t *testing.T) {
	for _, c := range []struct{ table, pairs string }{
		{`g:round_end(1, {2, 3}, {tricks = {1, 2}, per_trick = 2})`, `g:round_end(1, {2, 3}, "tricks", {1, 2}, "per_trick", 2)`},
		{`g:round_end(2, {0, 1}, {why = "blocked", n = nil})`, `g:round_end(2, {0, 1}, "why", "blocked", "n", nil)`},
		{`g:round_end(3, {0, 0})`, `g:round_end(3, {0, 0}, nil)`},
	} {
		t.Run(c.pairs, func(t *testing.T) {
			want, err := setupEvents(t, c.table)
			require.NoError(t, err)
			got, err := setupEvents(t, c.pairs)
			require.NoError(t, err)
			require.NotEmpty(t, want)
			assert.Equal(t, want[0], got[0])
		})
	}
	setupFails(t, []struct{ code, want string }{
		{`g:round_end(1, {0, 0}, "tricks")`, "round_end fields come in pairs: a name, then its value"},
		{`g:round_end(1, {0, 0}, "a", 1, "a", 2)`, "field a is given twice"},
	})
}
