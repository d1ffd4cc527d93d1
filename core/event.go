package core

import (
	"bytes"
	"encoding/json"
	"sort"
	"strconv"
)

// Vis says who may see a value or event: VisPublic, VisHidden, or a seat number (>= 0).
type Vis int8

const (
	VisPublic Vis = -1
	VisHidden Vis = -2
)

// VisibleTo reports whether seat may see something with this visibility.
func (v Vis) VisibleTo(seat int) bool { return v == VisPublic || int(v) == seat }

// Event is one entry of a game's log. Which fields are set depends on Type.
type Event struct {
	Type    string
	Seat    int // the acting seat, -1 when none
	Move    string
	Winner  int
	Cards   []string
	Round   int
	Scores  []int
	Totals  []int
	Winners []int
	Fields  map[string]any
	Vis     Vis
}

// MarshalJSON writes the fields of the event's type in a fixed order, so logs are byte-stable.
func (e Event) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteString(`{"type":`)
	b.WriteString(strconv.Quote(e.Type))
	field := func(name string, v any) {
		b.WriteString(`,"` + name + `":`)
		data, _ := json.Marshal(v)
		b.Write(data)
	}
	switch e.Type {
	case "move":
		field("seat", e.Seat)
		field("move", e.Move)
	case "trick":
		field("winner", e.Winner)
		field("cards", e.Cards)
	case "round_end":
		field("round", e.Round)
		field("scores", e.Scores)
	case "game_end":
		field("totals", e.Totals)
		field("winners", e.Winners)
	default:
		if e.Seat >= 0 {
			field("seat", e.Seat)
		}
	}
	keys := make([]string, 0, len(e.Fields))
	for k := range e.Fields {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		field(k, e.Fields[k])
	}
	if e.Vis != VisPublic {
		if e.Vis == VisHidden {
			field("visible", "none")
		} else {
			field("visible", int(e.Vis))
		}
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}
