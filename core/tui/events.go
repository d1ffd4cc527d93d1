package tui

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/core/textsafe"
)

// maxEventLines is how many of the events since a seat's last decision its screen shows ('log' shows
// them all).
const maxEventLines = 8

// showEvents prints events the seat may see, each as one line in words (the game's describe hook, else
// describeEvent); with max > 0 only the last max, saying how many were left out.
func (hs *Seat) showEvents(events []core.Event, seat, max int) error {
	w := hs.t.out
	if max > 0 && len(events) > max {
		fmt.Fprintf(w, "(%d earlier events: type 'log' to see them)\n", len(events)-max)
		events = events[len(events)-max:]
	}
	for _, e := range events {
		line, err := hs.e.Describe(e, seat)
		if err != nil {
			return err
		}
		if line == "" {
			line = describeEvent(e, seat)
		}
		fmt.Fprintln(w, textsafe.Escape(line)) // the describe hook's text, raw until here
	}
	return nil
}

// describeEvent words an event for a seat's screen when the game does not: the engine's events as in
// the text log, a game's own event as its type and its fields in words (never JSON).
func describeEvent(e core.Event, seat int) string {
	var s string
	switch e.Type {
	case "move":
		s = fmt.Sprintf("%s: %s", seatName(e.Seat, seat), e.Move)
	case "trick":
		s = fmt.Sprintf("  trick to %s: %s", seatName(e.Winner, seat), strings.Join(e.Cards, " ")) + fieldsInWords(trickFields(e), ", ")
	case "round_end":
		s = fmt.Sprintf("round %d ends: scores %s", e.Round, ints(e.Scores))
	case "game_end":
		s = fmt.Sprintf("game ends: totals %s, winners %s", ints(e.Totals), ints(e.Winners))
	default:
		s = "  " + strings.ReplaceAll(e.Type, "_", " ")
		if e.Seat >= 0 {
			s += ": " + seatName(e.Seat, seat)
		}
		s += fieldsInWords(e.Fields, ", ")
	}
	if seat >= 0 && e.Vis.Seat() == seat { // a public event's Seat() is -1, a spectator's seat
		s += "   (only you see this)"
	}
	return s
}

// trickFields are a trick event's fields with how it was won (Event.How) among them, to word together.
func trickFields(e core.Event) map[string]any {
	if e.How == "" {
		return e.Fields
	}
	fields := map[string]any{"how": e.How}
	for k, v := range e.Fields {
		fields[k] = v
	}
	return fields
}

func seatName(s, me int) string {
	if s == me {
		return fmt.Sprintf("seat %d (you)", s)
	}
	return fmt.Sprintf("seat %d", s)
}

// fieldsInWords spells event fields in key order as "key value" pairs: "card G4, deck 38".
func fieldsInWords(fields map[string]any, sep string) string {
	if len(fields) == 0 {
		return ""
	}
	keys := make([]string, 0, len(fields))
	for k := range fields {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = strings.ReplaceAll(k, "_", " ") + " " + valueInWords(fields[k])
	}
	return " (" + strings.Join(parts, sep) + ")"
}

func valueInWords(v any) string {
	switch v := v.(type) {
	case bool:
		if v {
			return "yes"
		}
		return "no"
	case float64:
		return strconv.FormatFloat(v, 'g', 3, 64)
	case []any:
		parts := make([]string, len(v))
		for i, x := range v {
			parts[i] = valueInWords(x)
		}
		return strings.Join(parts, " ")
	case map[string]any:
		return strings.TrimSuffix(strings.TrimPrefix(fieldsInWords(v, ", "), " ("), ")")
	case nil:
		return "-"
	}
	return fmt.Sprint(v)
}

func ints(list []int) string {
	parts := make([]string, len(list))
	for i, n := range list {
		parts[i] = strconv.Itoa(n)
	}
	return strings.Join(parts, " ")
}
