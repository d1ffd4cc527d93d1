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
