package core

import (
	"math/rand/v2"
	"slices"
)

// Clone returns an independent copy that shares only what never changes: the game, the fixed setup,
// the history's prefix (appends after the copy go to new arrays) and the decision's move list.
func (s *State) Clone() *State {
	c := *s
	c.lineage = nextLineage()
	c.cards = slices.Clone(s.cards)
	c.zlen = slices.Clone(s.zlen)
	c.seen = slices.Clone(s.seen)
	c.voids = slices.Clone(s.voids)
	c.vars = slices.Clone(s.vars)
	c.scores = slices.Clone(s.scores)
	c.stats = s.stats[:len(s.stats):len(s.stats)] // entries never change once added
	c.statV = slices.Clone(s.statV)
	c.rules = slices.Clone(s.rules)
	c.trick.Cards = append(make([]CardIdx, 0, s.Players), s.trick.Cards...)
	c.legalBuf, c.idxBuf = nil, nil
	if s.pending.trick && s.legal != nil {
		c.legalBuf, c.idxBuf = slices.Clone(s.legal), slices.Clone(s.legalIdx)
		c.legal, c.legalIdx = c.legalBuf, c.idxBuf
	}
	c.events = s.events[:len(s.events):len(s.events)]
	c.moves = s.moves[:len(s.moves):len(s.moves)]
	c.roundTotals = s.roundTotals[:len(s.roundTotals):len(s.roundTotals)] // rows never change once added
	if len(s.boards) > 0 {
		c.boards = make([]*Board, len(s.boards))
		for i, b := range s.boards {
			c.boards[i] = b.clone()
		}
	}
	return &c
}

// Resample returns a copy of the state as seat might believe it to be: every card that seat has not
// seen is dealt again at random (from rng) among the places those cards hold, so every zone keeps its
// size and no card the seat has seen moves (except within zones of hidden size, below). The copy's random streams are reseeded from rng too, so the
// sampled world does not know the true future draws. Values hidden from seat are kept as they are.
// Zones whose size seat may not know (zone option `size`) get new sizes first (resampleSizes).
//
// The copy is ready to play: the legal moves of a trick decision depend on the acting seat's hand, so
// when another seat than seat is to act in a trick, they are worked out again with rules.
func (s *State) Resample(seat int, rng *rand.Rand, rules Rules) (*State, error) {
	c := s.redeal(seat, rng)
	if c.pending.trick && c.pending.seat != seat && !c.over {
		c.legal, c.legalIdx = nil, nil
		if err := c.trickLegal(rules); err != nil {
			return nil, err
		}
	}
	return c, nil
}

// redeal is Resample before the legal moves of a trick decision are worked out again (they depend on
// the acting seat's redealt hand).
func (s *State) redeal(seat int, rng *rand.Rand) *State {
	c := s.Clone()
	c.Reseed(rng.Uint64(), rng.Uint64())
	c.resampleSizes(seat, rng)
	var small [256]CardIdx
	var slotBuf [256]int
	hidden, places := small[:0], slotBuf[:0]
	bit := uint64(1) << uint(seat)
	for slot, n := range c.zlen {
		for _, card := range c.cards[slot*c.stride : slot*c.stride+int(n)] {
			if c.seen[card]&bit == 0 {
				hidden = append(hidden, card)
				places = append(places, slot)
			}
		}
	}
	// The deal must depend only on what seat knows: the redealt cards in catalogue order, not in the
	// places they hold now, so two states seat cannot tell apart give the same sample for the same rng.
	var beforeBuf [256]CardIdx
	before := append(beforeBuf[:0], hidden...)
	slices.Sort(hidden)
	if !c.hasVoids(seat) {
		rng.Shuffle(len(hidden), func(i, j int) { hidden[i], hidden[j] = hidden[j], hidden[i] })
	} else {
		hidden = c.dealHidden(hidden, places, rng)
	}
	k := 0
	renamed := false
	for slot, n := range c.zlen {
		zone := c.cards[slot*c.stride : slot*c.stride+int(n)]
		for i, card := range zone {
			if c.seen[card]&bit == 0 {
				zone[i] = hidden[k]
				renamed = renamed || zone[i] != card
				k++
			}
		}
	}
	hidden = before // which card each redealt place held before
	if renamed {
		c.renameValues(hidden, bit, seat)
	}
	return c
}

// renameValues keeps values that name a redealt card pointing at the same place: a rule that noted
// "the card in that box is Q5" (hidden from the seat) must, in the sample, name the card now there.
// before lists, in zone order, the card each redealt place held; the zones now hold the new ones. An id
// that several redealt places held (copies of one card) cannot be followed and is left as it is: rules
// that keep a hidden card's identity should read it from its zone (g:top) rather than from a value.
func (c *State) renameValues(before []CardIdx, bit uint64, seat int) {
	type place struct {
		to    CardIdx
		count int
	}
	var at map[string]place
	k := 0
	cat := c.Game.Catalog
	for slot, n := range c.zlen {
		for _, card := range c.cards[slot*c.stride : slot*c.stride+int(n)] {
			if c.seen[card]&bit == 0 {
				if at == nil {
					at = map[string]place{}
				}
				id := cat.Cards[before[k]].ID
				p := at[id]
				at[id] = place{to: card, count: p.count + 1}
				k++
			}
		}
	}
	for i := range c.vars {
		// only values the seat cannot see: a value it sees is part of what it knows (and a public
		// string that merely spells like a card id is not about a card)
		if v := &c.vars[i].val; v.Kind == StrValue && !v.Vis.VisibleTo(seat) {
			if p, ok := at[v.Str]; ok && p.count == 1 {
				v.Str = cat.Cards[p.to].ID
			}
		}
	}
}
