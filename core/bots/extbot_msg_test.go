package bots

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/ruleslab/ruleslab/core"
)

// TestProtoZoneJSON: a zone the seat sees always has cards ([] when empty); the others keep the shape
// of every other output (no cards; count, has_cards or neither as the seat may know the size).
func TestProtoZoneJSON(t *testing.T) {
	for _, c := range []struct {
		zone core.ZoneView
		want string
	}{
		{core.ZoneView{Name: "trick", Seat: -1, Visible: true}, `{"zone":"trick","seat":-1,"visible":true,"cards":[],"count":0}`},
		{core.ZoneView{Name: "hand", Seat: 0, Visible: true, Cards: []string{"A1"}, Count: 1, HasCards: true},
			`{"zone":"hand","seat":0,"visible":true,"cards":["A1"],"count":1}`},
		{core.ZoneView{Name: "hand", Seat: 1, Count: 3, HasCards: true}, `{"zone":"hand","seat":1,"visible":false,"count":3}`},
		{core.ZoneView{Name: "hand", Seat: 1, SizeKnown: core.SizeHasCards, HasCards: true},
			`{"zone":"hand","seat":1,"visible":false,"has_cards":true}`},
		{core.ZoneView{Name: "hand", Seat: 1, SizeKnown: core.SizeNothing}, `{"zone":"hand","seat":1,"visible":false}`},
	} {
		got, err := json.Marshal(protoZone(c.zone))
		require.NoError(t, err)
		require.JSONEq(t, c.want, string(got))
	}
	// the observation's zones are the protocol's
	obs := &core.Observation{Zones: []core.ZoneView{{Name: "trick", Seat: -1, Visible: true}}, Events: []core.Event{}}
	got, err := json.Marshal(newProtoObs(obs))
	require.NoError(t, err)
	var m map[string]any
	require.NoError(t, json.Unmarshal(got, &m))
	require.Equal(t, []any{}, m["zones"].([]any)[0].(map[string]any)["cards"], string(got))
	require.NotContains(t, m, "events", "events come apart from the observation")
}

func TestCheckReady(t *testing.T) {
	for line, want := range map[string]string{
		`{"type":"ready"}`:                    "",
		`{"type":"ready","version":"1.0"}`:    "",
		`{"type":"ready","version":"1.7"}`:    "",
		`{"type":"ready","version":"2.0"}`:    `bot speaks protocol "2.0"; the engine speaks 1.0`,
		`{"type":"ready","version":"0.9"}`:    `bot speaks protocol "0.9"; the engine speaks 1.0`,
		`{"move":"play A1"}`:                  `bad ready "{\"move\":\"play A1\"}" (want {"type":"ready"} in answer to hello)`,
		"ready\n":                             `bad ready "ready" (want {"type":"ready"} in answer to hello)`,
		`{"type":"ready","version":1}` + "\n": `bad ready "{\"type\":\"ready\",\"version\":1}" (want {"type":"ready"} in answer to hello)`,
	} {
		err := checkReady([]byte(line))
		if want == "" {
			require.NoError(t, err, line)
			continue
		}
		require.EqualError(t, err, want, line)
	}
}
