package scripting

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/ruleslab/ruleslab/core"
)

func TestLiftTrickEventFields(t *testing.T) {
	e := core.Event{Type: "trick", Seat: -1, Fields: map[string]any{"winner": 2.0, "cards": []any{"45|54", "17|71", "22", "56|65"}}}
	liftEventFields(&e)
	require.Equal(t, 2, e.Winner)
	require.Equal(t, []string{"45|54", "17|71", "22", "56|65"}, e.Cards)
	require.Nil(t, e.Fields)
	data, err := json.Marshal(e)
	require.NoError(t, err)
	require.Equal(t, `{"type":"trick","winner":2,"cards":["45|54","17|71","22","56|65"]}`, string(data))

	// extra fields stay; a malformed trick event is left as custom fields
	e = core.Event{Type: "trick", Seat: -1, Fields: map[string]any{"winner": 1.0, "cards": []any{"a"}, "goal": "low"}}
	liftEventFields(&e)
	require.Equal(t, map[string]any{"goal": "low"}, e.Fields)
	e = core.Event{Type: "trick", Seat: -1, Fields: map[string]any{"winner": "x", "cards": []any{"a"}}}
	liftEventFields(&e)
	require.Equal(t, 0, e.Winner)
	require.Len(t, e.Fields, 2)
	e = core.Event{Type: "other", Seat: -1, Fields: map[string]any{"winner": 1.0, "cards": []any{"a"}}}
	liftEventFields(&e)
	require.Len(t, e.Fields, 2)
}

// A trick's how (trick_winner's second value) is its own field: written after the cards when set,
// lifted from a Lua trick event when it is a string, left a custom field otherwise.
func TestTrickEventHow(t *testing.T) {
	e := core.Event{Type: "trick", Seat: -1, Winner: 1, Cards: []string{"O4", "B4"}, How: "trump"}
	data, err := json.Marshal(e)
	require.NoError(t, err)
	require.Equal(t, `{"type":"trick","winner":1,"cards":["O4","B4"],"how":"trump"}`, string(data))

	e = core.Event{Type: "trick", Seat: -1, Fields: map[string]any{"winner": 0.0, "cards": []any{"a"}, "how": "closest", "goal": "low"}}
	liftEventFields(&e)
	require.Equal(t, "closest", e.How)
	require.Equal(t, map[string]any{"goal": "low"}, e.Fields)
	e = core.Event{Type: "trick", Seat: -1, Fields: map[string]any{"winner": 0.0, "cards": []any{"a"}, "how": 2.0}}
	liftEventFields(&e)
	require.Equal(t, "", e.How)
	require.Equal(t, map[string]any{"how": 2.0}, e.Fields)
}
