package core

import "fmt"

// Trick is the trick mechanic's state: the cards played so far and who played them.
type Trick struct {
	Leader int
	Cards  []CardIdx
	Seats  []int
	Lead   int // index in Cards of the effective lead card (the first non-wild), -1 if none yet
	next   int
}

// CurrentTrick returns the trick in progress (or the last one, after it ended).
func (s *State) CurrentTrick() *Trick { return &s.trick }

// StartTrick hands the decisions to the trick mechanic, starting with leader.
func (s *State) StartTrick(leader int) error {
	if s.Game.trick == nil {
		return fmt.Errorf("start_trick: the game has no `mechanics.trick`")
	}
	if leader < 0 || leader >= s.Players {
		return fmt.Errorf("start_trick: no seat %d", leader)
	}
	s.trick.Leader, s.trick.next, s.trick.Lead = leader, leader, -1
	s.trick.Cards = s.trick.Cards[:0]
	s.trick.Seats = s.trick.Seats[:0]
	s.pending = decision{seat: leader, trick: true}
	return nil
}

// trickLegal fills legalBuf/legalIdx with the plays of the seat to act: the follow rule runs in Go.
func (s *State) trickLegal() {
	g := s.Game
	seat := s.pending.seat
	hand, _ := s.Zone(g.trick.Hand, seat)
	cards := s.Cards(hand)
	s.legalBuf, s.legalIdx = s.legalBuf[:0], s.legalIdx[:0]
	leadSuit := int16(-1)
	if g.trick.Follow && s.trick.Lead >= 0 {
		leadSuit = g.suit[s.trick.Cards[s.trick.Lead]]
	}
	canFollow := false
	if leadSuit >= 0 {
		for _, c := range cards {
			if g.suit[c] == leadSuit && !g.wild[c] {
				canFollow = true
				break
			}
		}
	}
	for _, c := range cards {
		if canFollow && !g.wild[c] && g.suit[c] != leadSuit {
			continue
		}
		if s.seenPlay(c) {
			continue
		}
		if ok, defined, err := s.Rules.CanPlay(s, seat, c); defined && (err != nil || !ok) {
			continue
		}
		s.legalBuf = append(s.legalBuf, g.Catalog.PlayMove(c))
		s.legalIdx = append(s.legalIdx, c)
	}
}

// seenPlay drops a second copy of an identical card id, so each play is spelled once.
func (s *State) seenPlay(c CardIdx) bool {
	id := s.Game.Catalog.Cards[c].ID
	for _, o := range s.legalIdx {
		if s.Game.Catalog.Cards[o].ID == id {
			return true
		}
	}
	return false
}

func (s *State) trickPlay(seat int, c CardIdx) error {
	g := s.Game
	hand, _ := s.Zone(g.trick.Hand, seat)
	table, _ := s.Zone(g.trick.Table, -1)
	i := indexOfCard(s.Cards(hand), c)
	s.Put(table, s.TakeAt(hand, i))
	s.trick.Cards = append(s.trick.Cards, c)
	s.trick.Seats = append(s.trick.Seats, seat)
	if s.trick.Lead < 0 && !g.wild[c] {
		s.trick.Lead = len(s.trick.Cards) - 1
	}
	if len(s.trick.Cards) < s.Players {
		s.pending.seat = (seat + 1) % s.Players
		return nil
	}
	s.pending = decision{seat: -1}
	w, err := s.Rules.TrickWinner(s, &s.trick)
	if err != nil {
		return err
	}
	if w < 0 || w >= len(s.trick.Cards) {
		return fmt.Errorf("hook trick_winner returned %d: not a position in the trick (1..%d)", w+1, len(s.trick.Cards))
	}
	winner := s.trick.Seats[w]
	ids := make([]string, len(s.trick.Cards))
	for i, c := range s.trick.Cards {
		ids[i] = g.Catalog.Cards[c].ID
	}
	s.events = append(s.events, Event{Type: "trick", Seat: -1, Winner: winner, Cards: ids})
	if err := s.Rules.TrickDone(s, winner); err != nil {
		return err
	}
	return s.checkProgress("trick_done")
}

func indexOfCard(cards []CardIdx, c CardIdx) int {
	for i, x := range cards {
		if x == c {
			return i
		}
	}
	return -1
}
