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

// PlayOut asks bots for decisions until the game ends. names label the bots in errors.
func PlayOut(s *State, bots []Bot, names []string) error {
	for !s.Over() {
		seat := s.ToAct()
		legal := s.Legal()
		move, err := bots[seat].Choose(s, seat, legal)
		if err != nil {
			return &BotError{Seat: seat, Bot: names[seat], Err: err}
		}
		if err := s.Apply(move); err != nil {
			if ill, ok := err.(*IllegalMoveError); ok {
				return &BotError{Seat: seat, Bot: names[seat], Err: ill}
			}
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
	Events    []Event              `json:"events,omitempty"`
	Totals    []int                `json:"totals"`
	Winners   []int                `json:"winners"`
	SeatStats map[string][]float64 `json:"seat_stats,omitempty"`
	GameStats map[string]float64   `json:"game_stats,omitempty"`
	Error     string               `json:"error,omitempty"`
}
