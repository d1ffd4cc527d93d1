package core

import "fmt"

// RuleHit is a rule id and how many times the hooks marked it in a game.
type RuleHit struct {
	ID string `json:"id"`
	N  int    `json:"n"`
}

// Finish ends the game with these winners and logs game_end.
func (s *State) Finish(winners []int) {
	s.over = true
	s.setWinners(winners)
	s.pending = decision{seat: -1}
	s.legal = nil
	if s.history { // the event's copy of the totals is made only when the event is kept
		s.log(Event{Type: "game_end", Seat: -1, Totals: append([]int{}, s.scores...), Winners: append([]int{}, s.winners...)})
	}
}

// setWinners copies winners into the state's own array (winBuf, grown if need be): never shared with
// another state, so a sampled world that ends reuses the array of the last one. The copy is non-nil
// even when winners is empty (a finished game's winners are a list).
func (s *State) setWinners(winners []int) {
	s.winners = append(s.winBuf[:0], winners...)
	if s.winners == nil {
		s.winners = []int{}
	}
	s.winBuf = s.winners[:0]
}

// RoundEnd logs a round_end event; fields (nil for none) are the rules' own public facts about the
// round (why each seat scored what it did), whose size (an estimate in bytes) counts against
// MaxLoggedBytes as a custom event's does.
func (h Handle) RoundEnd(round int, scores []int, fields map[string]any, size int) error {
	s := h.s
	s.round = round
	s.roundTotals = append(s.roundTotals, append([]int(nil), s.scores...))
	e := Event{Type: "round_end", Seat: -1, Round: round, Scores: scores, Fields: fields}
	if fields == nil {
		s.log(e)
		return nil
	}
	return s.Log(e, size)
}

// RoundTotals returns every seat's running total after each round_end so far (the state's own slices:
// do not change them).
func (s *State) RoundTotals() [][]int { return s.roundTotals }

// Tricks is the number of tricks the trick mechanic has played.
func (s *State) Tricks() int { return s.tricks }

// Rule marks that the rule with this id fired (g:rule): coverage counts the games in which each did.
func (h Handle) Rule(id string) {
	s := h.s
	for i := range s.rules {
		if s.rules[i].ID == id {
			s.rules[i].N++
			return
		}
	}
	s.rules = append(s.rules, RuleHit{ID: id, N: 1})
}

// Rules returns the rule ids marked so far with their counts, in the order first marked.
func (s *State) Rules() []RuleHit { return s.rules }

// Log appends a custom event (nothing when the state keeps no history); size is what its fields take
// (an estimate in bytes), counted against MaxLoggedBytes.
func (s *State) Log(e Event, size int) error {
	// counted with or without a kept history, so a game fails the same either way
	if s.logged += size + 64; s.logged > MaxLoggedBytes {
		return fmt.Errorf("the game logged more than %d MiB of events", MaxLoggedBytes>>20)
	}
	s.log(e)
	return nil
}

func (s *State) log(e Event) {
	if s.history {
		s.events = append(s.events, e)
	}
}
