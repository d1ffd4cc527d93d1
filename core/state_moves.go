package core

import (
	"errors"
	"fmt"
	"strings"
)

// decision is the pending decision: the seat to act (-1: none), whether it plays to a trick, and
// whether its moves lie in the state's own buffer (AskBuilt), which a clone copies.
type decision struct {
	seat  int
	trick bool
	built bool
}

// settle runs after a hook returned: it insists that the hook left the game waiting for a decision or
// ended it, and works out the legal plays of a trick decision, so Legal needs no rules.
func (s *State) settle(rules Rules, hook string) error {
	if s.over {
		return nil
	}
	if s.pending.seat < 0 {
		return fmt.Errorf("hook %s returned without asking for a decision (g:ask, g:start_trick) or ending the game (g:finish)", hook)
	}
	if s.pending.trick {
		if err := s.trickLegal(rules); err != nil {
			return err
		}
		if len(s.legal) == 0 {
			return fmt.Errorf("seat %d must play to the trick but has no card it may play (hook %s)", s.pending.seat, hook)
		}
	}
	return nil
}

// ToAct returns the seat whose decision is pending, or -1.
func (s *State) ToAct() int {
	if s.over {
		return -1
	}
	return s.pending.seat
}

// Legal returns the legal moves of the seat to act. The slice belongs to the state: do not change it.
func (s *State) Legal() []string {
	if s.over || s.pending.seat < 0 {
		return nil
	}
	return s.legal
}

// Ask makes seat the one to act, choosing among moves. The list is kept as it is: do not change it.
func (h Handle) Ask(seat int, moves []string) error {
	s := h.s
	if seat < 0 || seat >= s.Players {
		return fmt.Errorf("ask: no seat %d", seat)
	}
	if len(moves) == 0 {
		return fmt.Errorf("ask: seat %d offered no moves", seat)
	}
	s.pending = decision{seat: seat}
	s.legal = moves
	s.legalIdx = nil
	return nil
}

// LegalRoom returns the state's own buffer for the moves of its next decision, emptied: a caller
// appends the moves and hands them to AskBuilt, so a decision allocates no list once the state has
// seen one as long. The current decision's moves may lie in it: ask right after filling it.
func (h Handle) LegalRoom() []string { return h.s.legalBuf[:0] }

// AskBuilt is Ask for moves built in LegalRoom's buffer: the state keeps the buffer (grown) for its
// next decision, and a clone copies the moves rather than share them.
func (h Handle) AskBuilt(seat int, moves []string) error {
	if err := h.Ask(seat, moves); err != nil {
		return err
	}
	h.s.legalBuf = moves
	h.s.pending.built = true
	return nil
}

// ErrGameOver is returned by Apply when the game has ended.
var ErrGameOver = errors.New("the game is over")

// IllegalMoveError names a move that is not legal and what was.
type IllegalMoveError struct {
	Seat  int
	Move  string
	Legal []string
	// Reason says why the move is not legal now ("" when nothing can tell): the trick mechanic's follow
	// rule, a bare card that could mean several moves, or the rules' explain hook (match.go).
	Reason string
}

func (e *IllegalMoveError) Error() string {
	msg := fmt.Sprintf("illegal move %q by seat %d", e.Move, e.Seat)
	if e.Reason != "" {
		msg += ": " + e.Reason
	}
	return msg + "; legal: " + strings.Join(e.Legal, ", ")
}

// Match returns the index in the legal moves of a typed or logged move: exactly, then after the rules'
// normalize hook, then ignoring case and extra spaces, then as a bare card id naming exactly one legal
// move (match.go). A move that matches none is an *IllegalMoveError with the reason, when one is known.
func (s *State) Match(rules Rules, move string) (int, error) {
	if s.over {
		return -1, ErrGameOver
	}
	seat := s.pending.seat
	if seat < 0 {
		return -1, errors.New("no decision is pending")
	}
	legal := s.Legal()
	if i := indexOf(legal, move); i >= 0 {
		return i, nil
	}
	norm, err := rules.Normalize(s, seat, move)
	if err != nil {
		return -1, err
	}
	i := indexOf(legal, norm)
	if i < 0 {
		i = indexOfLoose(legal, norm)
	}
	if i < 0 {
		return s.matchLoosely(rules, seat, move, norm)
	}
	return i, nil
}

// Apply plays a move of the seat to act, spelled as a string (matched as Match does).
func (s *State) Apply(rules Rules, move string) error {
	i, err := s.Match(rules, move)
	if err != nil {
		return err
	}
	return s.ApplyIndex(rules, i)
}

// ApplyIndex plays the i-th legal move of the seat to act: the engine's own path, with no string work.
func (s *State) ApplyIndex(rules Rules, i int) error {
	if s.over {
		return ErrGameOver
	}
	seat := s.pending.seat
	if seat < 0 {
		return errors.New("no decision is pending")
	}
	if i < 0 || i >= len(s.legal) {
		return fmt.Errorf("move %d of %d: no such legal move", i, len(s.legal))
	}
	move := s.legal[i]
	if limit := MoveCap(s.Game.Config.Limits.MaxMoves); s.nmoves >= limit {
		return fmt.Errorf("the game passed %d moves (limits.max_moves; default %d, at most %d): the rules never end it", limit, DefaultMaxMoves, MaxMovesCeiling)
	}
	s.nmoves++
	if s.history {
		s.moves = append(s.moves, move)
		s.events = append(s.events, Event{Type: "move", Seat: seat, Move: move, Vis: s.Game.MoveVis(seat, move)})
	}
	if s.pending.trick {
		if err := s.trickPlay(rules, seat, s.legalIdx[i]); err != nil {
			return err
		}
		return s.settle(rules, "trick_done")
	}
	s.pending = decision{seat: -1}
	s.legal = nil
	if err := rules.OnMove(s, seat, move); err != nil {
		return err
	}
	return s.settle(rules, "on_move")
}

// indexOfLoose matches a typed move ignoring case and extra spaces (`Play  g3` is `play G3`), so games
// need no normalize hook for that; a spelling that fits two legal moves matches neither.
func indexOfLoose(list []string, s string) int {
	s = strings.Join(strings.Fields(s), " ")
	found := -1
	for i, m := range list {
		if strings.EqualFold(m, s) {
			if found >= 0 {
				return -1
			}
			found = i
		}
	}
	return found
}

func indexOf(list []string, s string) int {
	for i, m := range list {
		if m == s {
			return i
		}
	}
	return -1
}
