package bots

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/ruleslab/ruleslab/core"
)

// The messages of the external bot protocol (docs/protocol.md): hello, ready, decide, the answer, end.

// ProtocolVersion is the version of the external bot protocol the engine speaks, sent in hello. A bot's
// ready may name the version it speaks: the major numbers must agree.
const ProtocolVersion = "1.0"

type helloMsg struct {
	Type    string `json:"type"`
	Version string `json:"version"`
	Game    string `json:"game"`
	Variant string `json:"variant,omitempty"`
	Players int    `json:"players"`
	Seat    int    `json:"seat"`
}

// readyMsg is the bot's answer to hello: {"type":"ready"}, with the version it speaks if it likes.
type readyMsg struct {
	Type    string  `json:"type"`
	Version *string `json:"version"`
}

// protoObs is the observation as the protocol sends it: without its events (they come apart) nor legal
// moves, and with `cards` always present in a zone the seat sees.
type protoObs struct {
	*core.Observation
	Zones  []protoZone `json:"zones"`
	Events *int        `json:"events,omitempty"`
	Legal  *int        `json:"legal,omitempty"`
}

func newProtoObs(o *core.Observation) protoObs {
	zones := make([]protoZone, len(o.Zones))
	for i, z := range o.Zones {
		zones[i] = protoZone(z)
	}
	return protoObs{Observation: o, Zones: zones}
}

// protoZone is a zone of the protocol's observation: a visible zone always has its `cards` key, `[]`
// when it is empty, so that a bot may read its length without checking for the key. (The other
// outputs keep the established shape without the key.)
type protoZone core.ZoneView

func (z protoZone) MarshalJSON() ([]byte, error) {
	v := core.ZoneView(z)
	if !v.Visible || v.SizeKnown != core.SizeCount {
		return json.Marshal(v)
	}
	cards := v.Cards
	if cards == nil {
		cards = []string{}
	}
	return json.Marshal(struct {
		Name    string   `json:"zone"`
		Seat    int      `json:"seat"`
		Visible bool     `json:"visible"`
		Cards   []string `json:"cards"`
		Count   int      `json:"count"`
	}{v.Name, v.Seat, v.Visible, cards, v.Count})
}

type decideMsg struct {
	Type        string       `json:"type"`
	Move        int          `json:"move"`
	Observation protoObs     `json:"observation"`
	Events      []core.Event `json:"events"`
	Legal       []string     `json:"legal"`
}

// endMsg tells the outcome, what happened since the bot's last decision and what it sees at the end.
type endMsg struct {
	Type        string       `json:"type"`
	Totals      []int        `json:"totals"`
	Winners     []int        `json:"winners"`
	Events      []core.Event `json:"events"`
	Observation protoObs     `json:"observation"`
}

type answer struct {
	Move *string `json:"move"`
}

// checkReady reads the bot's answer to hello.
func checkReady(line []byte) error {
	var r readyMsg
	if err := json.Unmarshal(line, &r); err != nil || r.Type != "ready" {
		return fmt.Errorf("bad ready %s (want {\"type\":\"ready\"} in answer to hello)", quoteLine(line))
	}
	if r.Version != nil && major(*r.Version) != major(ProtocolVersion) {
		return fmt.Errorf("bot speaks protocol %q; the engine speaks %s", *r.Version, ProtocolVersion)
	}
	return nil
}

// major is the major number of a version "MAJOR.MINOR".
func major(version string) string {
	m, _, _ := strings.Cut(version, ".")
	return m
}

// newEvents are the events the seat may see that were logged since the bot's last message (all of
// them when the view is of another line of play, as after a search's undo).
func (b *ExtBot) newEvents(v core.View) []core.Event {
	if b.lineage != v.Lineage() || b.events > v.EventCount() {
		b.lineage, b.events = v.Lineage(), 0
	}
	events := v.Events(b.events)
	if events == nil {
		events = []core.Event{}
	}
	b.events = v.EventCount()
	return events
}
