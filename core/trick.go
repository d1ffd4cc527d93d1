package core

import (
	"fmt"
	"strings"
)

// Trick is the trick mechanic's state: the cards played so far, in play order. Seats play clockwise
// from the leader, so the i-th card was played by seat (Leader+i) mod players.
type Trick struct {
	Leader int
	Cards  []CardIdx
	Lead   int // index in Cards of the effective lead card (the first non-wild), -1 if none yet
}

// Seat returns the seat that played the i-th card of a trick of a game with players seats.
func (t *Trick) Seat(i, players int) int { return (t.Leader + i) % players }

// CurrentTrick returns the trick in progress (or the last one, after it ended).
func (h Handle) CurrentTrick() *Trick { return &h.s.trick }

// StartTrick hands the decisions to the trick mechanic, starting with leader.
func (h Handle) StartTrick(leader int) error {
	s := h.s
	if s.Game.trick == nil {
		return fmt.Errorf("start_trick: the game has no `mechanics.trick`")
	}
	if leader < 0 || leader >= s.Players {
		return fmt.Errorf("start_trick: no seat %d", leader)
	}
	s.trick.Leader, s.trick.Lead = leader, -1
	s.trick.Cards = s.trick.Cards[:0]
	s.pending = decision{seat: leader, trick: true}
	s.legal = nil
	return nil
}

// trickLegal works out the plays of the seat to act: the follow rule runs in Go, then the optional
// can_play hook filters. It runs once per decision (settle), so Legal is plain data.
func (s *State) trickLegal(rules Rules) error {
	g := s.Game
	seat := s.pending.seat
	hand, err := s.trickZone(g.trickHand, g.trick.Hand, seat)
	if err != nil {
		return err
	}
	cards := s.Cards(hand)
	legal, idx := s.legalBuf[:0], s.idxBuf[:0] // the state's own buffers (Clone copies them)
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
	hook := true // whether the rules may have a can_play hook: without one, none is asked per card
	for _, c := range cards {
		if canFollow && !g.wild[c] && g.suit[c] != leadSuit {
			continue
		}
		if g.copies && seenPlay(g, idx, c) {
			continue
		}
		if hook {
			ok, defined, err := rules.CanPlay(s, seat, c)
			if err != nil {
				return err
			}
			hook = defined
			if defined && !ok {
				continue
			}
		}
		legal = append(legal, g.Catalog.PlayMove(c))
		idx = append(idx, c)
	}
	s.legalBuf, s.idxBuf = legal, idx
	s.legal, s.legalIdx = legal, idx
	return nil
}

// seenPlay drops a second copy of an identical card id, so each play is spelled once (comparing the
// first card of each id: no string compare on the path of every move).
func seenPlay(g *Game, idx []CardIdx, c CardIdx) bool {
	id := g.firstOfID[c]
	for _, o := range idx {
		if g.firstOfID[o] == id {
			return true
		}
	}
	return false
}

// trickZone is the trick mechanic's zone def (compiled: a lookup by name on every play costs more than
// the play), or, when compiling did not find it as the mechanic needs it, the zone by name (whose error
// says what is wrong).
func (s *State) trickZone(def int, name string, seat int) (ZoneRef, error) {
	if def >= 0 {
		return s.ZoneAt(def, seat)
	}
	return s.Zone(name, seat)
}

func (s *State) trickPlay(rules Rules, seat int, c CardIdx) error {
	g := s.Game
	hand, _ := s.trickZone(g.trickHand, g.trick.Hand, seat)
	table, _ := s.trickZone(g.trickTable, g.trick.Table, -1)
	i := indexOfCard(s.Cards(hand), c)
	if g.trick.Follow && s.trick.Lead >= 0 && !g.wild[c] {
		if lead := g.suit[s.trick.Cards[s.trick.Lead]]; g.suit[c] != lead {
			s.noteVoid(seat, lead) // it did not follow: it holds none of the lead suit (voids.go)
		}
	}
	s.put(table, s.takeAt(hand, i))
	s.trick.Cards = append(s.trick.Cards, c)
	if s.trick.Lead < 0 && !g.wild[c] {
		s.trick.Lead = len(s.trick.Cards) - 1
	}
	if len(s.trick.Cards) < s.Players {
		s.pending.seat = (seat + 1) % s.Players
		return nil
	}
	s.pending = decision{seat: -1}
	s.legal, s.legalIdx = nil, nil
	w, how, err := rules.TrickWinner(s, &s.trick)
	if err != nil {
		return err
	}
	if w < 0 || w >= len(s.trick.Cards) {
		return fmt.Errorf("hook trick_winner returned %d: not a position in the trick (1..%d)", w+1, len(s.trick.Cards))
	}
	winner := s.trick.Seat(w, s.Players)
	s.tricks++
	if s.history {
		ids := make([]string, len(s.trick.Cards))
		for i, c := range s.trick.Cards {
			ids[i] = g.Catalog.Cards[c].ID
		}
		s.events = append(s.events, Event{Type: "trick", Seat: -1, Winner: winner, Cards: ids, How: how})
	}
	return rules.TrickDone(s, winner)
}

func indexOfCard(cards []CardIdx, c CardIdx) int {
	for i, x := range cards {
		if x == c {
			return i
		}
	}
	return -1
}

// explainTrickPlay says why a typed move (canonical words) is not one of the trick mechanic's legal
// plays: not a play, a card the seat does not hold, or the follow rule, in the game's own words (the
// `suit` attribute's name and value: "must follow B (the led color): you hold B4, B7"). "" when the play
// follows the rule (then the can_play hook refused it, and the explain hook may say why).
func (s *State) explainTrickPlay(seat int, move string) string {
	g := s.Game
	words := strings.Fields(move)
	if len(words) != 2 || words[0] != "play" {
		return "a card of your hand is played: play CARD"
	}
	id := words[1]
	if !g.Catalog.Has(id) {
		return fmt.Sprintf("there is no card %s", id)
	}
	hand, err := s.Zone(g.trick.Hand, seat)
	if err != nil {
		return ""
	}
	cards := s.Cards(hand)
	held := -1
	for _, c := range cards {
		if g.Catalog.Cards[c].ID == id {
			held = int(c)
		}
	}
	if held < 0 {
		return fmt.Sprintf("you do not hold %s", id)
	}
	if !g.trick.Follow || s.trick.Lead < 0 || g.wild[held] {
		return ""
	}
	lead := g.suit[s.trick.Cards[s.trick.Lead]]
	if g.suit[held] == lead {
		return ""
	}
	var follow []string
	for _, c := range cards {
		if g.suit[c] == lead && !g.wild[c] {
			follow = append(follow, g.Catalog.Cards[c].ID)
		}
	}
	if len(follow) == 0 {
		return ""
	}
	return fmt.Sprintf("must follow %s (the led %s): you hold %s", g.suitNames[lead], g.trick.Suit, strings.Join(follow, ", "))
}
