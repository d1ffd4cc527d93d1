package scripting

import "github.com/ruleslab/ruleslab/core"

// liftEventFields gives a custom event of a type the engine knows (`trick`) the same shape as the
// engine's own: g:event("trick", {winner = 2, cards = {...}, how = "..."}) fills Event.Winner,
// Event.Cards and Event.How, so the JSON log, the text log and bots' observations read it exactly as a
// trick the Go mechanic logged.
// A field that does not have the expected type stays a plain custom field.
func liftEventFields(e *core.Event) {
	if e.Type != "trick" || e.Fields == nil {
		return
	}
	w, okW := e.Fields["winner"].(float64)
	list, okC := e.Fields["cards"].([]any)
	if !okW || !okC || w != float64(int(w)) {
		return
	}
	cards := make([]string, len(list))
	for i, v := range list {
		s, ok := v.(string)
		if !ok {
			return
		}
		cards[i] = s
	}
	e.Winner, e.Cards = int(w), cards
	delete(e.Fields, "winner")
	delete(e.Fields, "cards")
	if how, ok := e.Fields["how"].(string); ok {
		e.How = how
		delete(e.Fields, "how")
	}
	if len(e.Fields) == 0 {
		e.Fields = nil
	}
}
