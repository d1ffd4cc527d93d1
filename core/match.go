package core

import (
	"fmt"
	"strings"
)

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

// Explainer is an optional part of Rules: it says why a move a seat typed is not legal now ("" when
// it cannot tell). The scripting engine implements it with the game's `explain` hook.
type Explainer interface {
	Explain(s *State, seat int, move string) (string, error)
}

// maxMeanings is how many of the moves an ambiguous bare card could mean a reason lists.
const maxMeanings = 4

// matchLoosely is Match's last try, on the move's canonical words (card ids as in the catalogue): the
// normalize hook again (`place wp 0 0 r` is `place WP 0 0 r 1`), then a bare card id (`o6`) standing for
// the one legal move that has it as a word. A move that matches none is an *IllegalMoveError with the
// reason: the moves an ambiguous card could mean, the trick mechanic's, or the explain hook's.
func (s *State) matchLoosely(rules Rules, seat int, move, norm string) (int, error) {
	legal := s.Legal()
	ill := &IllegalMoveError{Seat: seat, Move: move, Legal: append([]string(nil), legal...)}
	words := s.Game.canonicalWords(norm)
	if canon := strings.Join(words, " "); canon != norm {
		// the rules' normalize hook again, on the canonical words (`place wp 0 0 r` is `place WP 0 0 r`)
		again, err := rules.Normalize(s, seat, canon)
		if err != nil {
			return -1, err
		}
		if i := indexOfLoose(legal, again); i >= 0 {
			return i, nil
		}
	}
	if len(words) == 1 && s.Game.Catalog.Has(words[0]) {
		var could []int
		for i, m := range legal {
			for _, w := range strings.Fields(m) {
				if w == words[0] {
					could = append(could, i)
					break
				}
			}
		}
		switch len(could) {
		case 1:
			return could[0], nil
		case 0:
			ill.Reason = fmt.Sprintf("no legal move now uses %s", words[0])
			if s.pending.trick {
				words = []string{"play", words[0]} // the trick mechanic's plays are `play CARD`
			}
		default:
			var moves []string
			for _, i := range could {
				if len(moves) == maxMeanings {
					moves = append(moves, fmt.Sprintf("%d more", len(could)-maxMeanings))
					break
				}
				moves = append(moves, legal[i])
			}
			ill.Reason = fmt.Sprintf("%s could mean %s: type the whole move", words[0], strings.Join(moves, " or "))
			return -1, ill
		}
	}
	reason, err := s.explain(rules, seat, strings.Join(words, " "))
	if err != nil {
		return -1, err
	}
	if reason != "" {
		ill.Reason = reason
	}
	return -1, ill
}

// explain asks the trick mechanic (its follow rule), then the rules' explain hook, why a move
// (canonical words) is not legal now.
func (s *State) explain(rules Rules, seat int, move string) (string, error) {
	if s.pending.trick {
		if why := s.explainTrickPlay(seat, move); why != "" {
			return why, nil
		}
	}
	if ex, ok := rules.(Explainer); ok && move != "" {
		return ex.Explain(s, seat, move)
	}
	return "", nil
}

// canonicalWords splits a typed move into words, spelling each card id as the catalogue does (`o6` is
// O6) and other words without digits in lower case, so a reason can be worked out from any typing.
func (g *Game) canonicalWords(move string) []string {
	words := strings.Fields(move)
	for i, w := range words {
		if g.Catalog.Has(w) {
			continue
		}
		if id, ok := g.Catalog.idFold(w); ok {
			words[i] = id
		} else if !strings.ContainsAny(w, "0123456789") {
			words[i] = strings.ToLower(w) // a verb or a direction; `G9`, no card, stays as typed
		}
	}
	return words
}

// idFold returns the card id equal to word ignoring case (the first in catalogue order).
func (c *Catalog) idFold(word string) (string, bool) {
	for _, card := range c.Cards {
		if strings.EqualFold(card.ID, word) {
			return card.ID, true
		}
	}
	return "", false
}
