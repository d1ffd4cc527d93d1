package tui

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/core/textsafe"
	"github.com/ruleslab/ruleslab/core/tui/screen"
)

// answersQueued is how many answers a human seat holds before it reads them (keys typed ahead).
const answersQueued = 64

// Human is a person's seat at a table: its decisions wait for the answers of its screens.
type Human struct {
	t       *Table
	seat    int
	answers chan screen.Answer
	pending int // the decision waiting for an answer, 0 when none
	serial  int
	seed    uint64 // seeds its hints
	// MoveTime, when > 0, is how long a decision waits; then Fallback plays it, and the screens say so.
	MoveTime time.Duration
	Fallback core.Bot
}

// Human seats a person at seat; seed seeds the hints.
func (t *Table) Human(seat int, seed uint64) *Human {
	h := &Human{t: t, seat: seat, answers: make(chan screen.Answer, answersQueued), seed: seed}
	t.humans[seat] = h
	return h
}

// Send gives the seat a screen's answer; it never blocks (answers beyond the queue are dropped).
func (h *Human) Send(a screen.Answer) {
	select {
	case h.answers <- a:
	default:
	}
}

// Choose implements core.Bot: it shows the decision on the seat's screens and waits for an answer
// that names a legal move (by index, number or notation); a typed move that is not legal is
// explained on the screens, a hint is shown there. Quit ends the game (ErrQuit).
func (h *Human) Choose(v core.View) (int, error) {
	h.serial++
	h.pending = h.serial
	defer func() { h.pending = 0 }()
	if err := h.t.Publish(); err != nil {
		return 0, err
	}
	var timeout <-chan time.Time
	if h.MoveTime > 0 {
		timer := time.NewTimer(h.MoveTime)
		defer timer.Stop()
		timeout = timer.C
	}
	for {
		select {
		case a := <-h.answers:
			if i, done, err := h.answer(v, a); done || err != nil {
				return i, err
			}
		case <-timeout:
			return h.outOfTime(v)
		}
	}
}

// answer acts on one answer: done when it names a legal move.
func (h *Human) answer(v core.View, a screen.Answer) (int, bool, error) {
	switch {
	case a.Quit:
		return 0, true, ErrQuit
	case a.Decision != h.pending:
		return 0, false, nil // an answer to an earlier decision
	case a.Hint:
		lines, err := hintLines(h.t.reg, h.t.e, v, h.seed)
		if err != nil {
			return 0, false, err
		}
		h.t.sendTo(h.seat, screen.HintMsg{Lines: lines})
		return 0, false, nil
	case a.Typed != "":
		i, ok, why, err := matchMove(h.t.s, h.t.e, v.Legal(), a.Typed, "your moves are listed; ←→ shows those of each card")
		if !ok && err == nil {
			h.t.sendTo(h.seat, screen.ExplainMsg{Text: why})
		}
		return i, ok, err
	case a.Index >= 0 && a.Index < v.NumLegal():
		return a.Index, true, nil
	}
	return 0, false, nil
}

// outOfTime plays the fallback's move for a seat that did not choose in time, and says so on every
// screen without naming the move (a private move, such as Mito's cheat, names a card only its seat
// sees; the seat's own history shows it).
func (h *Human) outOfTime(v core.View) (int, error) {
	i, err := h.Fallback.Choose(v)
	if err != nil {
		return 0, err
	}
	h.t.Notify(fmt.Sprintf("seat %d took longer than %s: a move was played for it", h.seat, h.MoveTime))
	return i, nil
}

// matchMove finds the legal move a typed line names: its number, else the engine's matcher (exact,
// normalize hook, case and spaces, a bare card); when none, why not in words.
//
// listed says where the moves are listed, for the reason of a move that matches none.
func matchMove(s *core.State, rules core.Rules, legal []string, line, listed string) (int, bool, string, error) {
	line = strings.TrimSpace(line)
	n, numErr := strconv.Atoi(line)
	if numErr == nil && n >= 1 && n <= len(legal) {
		return n - 1, true, "", nil
	}
	i, err := s.Match(rules, line)
	if err == nil {
		return i, true, "", nil
	}
	var ill *core.IllegalMoveError
	if !errors.As(err, &ill) {
		return 0, false, "", err
	}
	switch {
	case numErr == nil:
		why := fmt.Sprintf("no move %d: pick 1..%d", n, len(legal))
		if ill.Reason != "" && !strings.HasPrefix(ill.Reason, "no legal move now uses") {
			why += fmt.Sprintf("\n(as a card: %s)", textsafe.Escape(ill.Reason))
		}
		return 0, false, why, nil
	case ill.Reason != "":
		return 0, false, fmt.Sprintf("%q is not a legal move now: %s", line, textsafe.Escape(ill.Reason)), nil
	}
	return 0, false, fmt.Sprintf("%q is not a legal move now (%s)", line, listed), nil
}
