package core

import (
	"bytes"
	"encoding/json"
	"sort"
	"strconv"
)

// Vis says who may see a value or event: everyone (the zero value), nobody, or one seat.
type Vis int8

const (
	VisPublic Vis = 0
	VisHidden Vis = -1
)

// SeatVis is visible to one seat only.
func SeatVis(seat int) Vis { return Vis(seat + 1) }

// Seat returns the only seat that may see it, or -1 for public and hidden.
func (v Vis) Seat() int {
	if v > 0 {
		return int(v) - 1
	}
	return -1
}

// VisibleTo reports whether seat may see something with this visibility.
func (v Vis) VisibleTo(seat int) bool { return v == VisPublic || v.Seat() == seat }

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
	// How is why a trick was won, in the rules' words (trick_winner's second value when a string; ""
	// when none): its own field rather than in Fields, so a trick's event allocates nothing for it.
	How    string
	Fields map[string]any
	Vis    Vis
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
		if e.How != "" {
			field("how", e.How)
		}
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
			field("visible", e.Vis.Seat())
		}
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}
