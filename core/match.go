package core

import "fmt"

// BotError is a bot that failed or answered with a move that is not legal.
type BotError struct {
	Seat int
	Bot  string
	Err  error
}

func (e *BotError) Error() string { return fmt.Sprintf("seat %d (%s): %v", e.Seat, e.Bot, e.Err) }
func (e *BotError) Unwrap() error { return e.Err }

// PlayOut asks bots for decisions until the game ends, applying their moves with rules. names label
// the bots in errors.
func PlayOut(s *State, rules Rules, bots []Bot, names []string) error {
	for !s.Over() {
		seat := s.ToAct()
		i, err := bots[seat].Choose(s.ViewFor(seat))
		if err != nil {
			return &BotError{Seat: seat, Bot: names[seat], Err: err}
		}
		if n := len(s.Legal()); i < 0 || i >= n {
			return &BotError{Seat: seat, Bot: names[seat], Err: fmt.Errorf("chose move %d of %d", i+1, n)}
		}
		if err := s.ApplyIndex(rules, i); err != nil {
			return err
		}
	}
	return nil
}

// Result is one finished (or failed) game of a batch.
type Result struct {
	Index     int                  `json:"index"`
	Seed      uint64               `json:"seed"`
	Players   int                  `json:"players"`
	Seats     []string             `json:"seats"`
	Moves     []string             `json:"moves"`
	MoveCount int                  `json:"-"` // kept also when the game kept no history
	Events    []Event              `json:"events,omitempty"`
	Totals    []int                `json:"totals"`
	Winners   []int                `json:"winners"`
	SeatStats map[string][]float64 `json:"seat_stats,omitempty"`
	GameStats map[string]float64   `json:"game_stats,omitempty"`
	// Tricks the trick mechanic played, and every seat's running total after each round.
	Tricks      int     `json:"tricks,omitempty"`
	RoundTotals [][]int `json:"round_totals,omitempty"`
	// Rules are the rule ids the hooks marked (g:rule), with how often.
	Rules []RuleHit `json:"rules,omitempty"`
	Error string    `json:"error,omitempty"`
	// Interrupted: the batch was stopped (Ctrl-C, SIGTERM) while this game ran; it is not reported
	Interrupted bool `json:"-"`
}

// Length is the game's number of moves.
func (r Result) Length() int {
	if r.MoveCount > 0 {
		return r.MoveCount
	}
	return len(r.Moves)
}
