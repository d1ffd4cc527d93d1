package core

import (
	"math/rand/v2"
	"slices"
)

// Clone returns an independent copy that shares only what never changes: the game, the fixed setup,
// the history's prefix (appends after the copy go to new arrays) and the decision's move list.
func (s *State) Clone() *State { return s.cloneInto(nil) }

// cloneInto is Clone into the buffers of dst, a state nobody reads any more (nil: new ones): a search
// deals a world per iteration and plays it out, so each world reuses the last one's buffers instead of
// allocating a dozen. The copy is a new line of play (Lineage) like any clone; its boards are new.
func (s *State) cloneInto(dst *State) *State {
	if dst == nil {
		dst = &State{}
	}
	c := dst
	bufs := *dst // the buffers to reuse, before the copy overwrites them
	*c = *s
	c.lineage = nextLineage()
	c.cards = reuse(bufs.cards, s.cards)
	c.zlen = reuse(bufs.zlen, s.zlen)
	c.seen = reuse(bufs.seen, s.seen)
	c.voids = reuse(bufs.voids, s.voids) // nil: no seat has shown a void
	c.voidBuf = bufs.voidBuf
	if c.voids == nil && bufs.voids != nil {
		c.voidBuf = bufs.voids // free: a void the playout shows reuses it
	}
	c.winners, c.winBuf = nil, bufs.winBuf // each state's winners are its own: the next world reuses them
	if s.winners != nil {
		c.setWinners(s.winners)
	}
	c.vars = reuse(bufs.vars, s.vars)
	c.scores = reuse(bufs.scores, s.scores)
	c.stats = s.stats[:len(s.stats):len(s.stats)] // entries never change once added
	c.statV = reuse(bufs.statV, s.statV)
	c.rules = reuse(bufs.rules, s.rules)
	trick := bufs.trick.Cards[:0]
	if cap(trick) < s.Players {
		trick = make([]CardIdx, 0, s.Players)
	}
	c.trick.Cards = append(trick, s.trick.Cards...)
	c.legalBuf, c.idxBuf = bufs.legalBuf[:0], bufs.idxBuf[:0]
	if (s.pending.trick || s.pending.built) && s.legal != nil { // the moves lie in s's own buffer
		c.legalBuf, c.idxBuf = append(c.legalBuf, s.legal...), append(c.idxBuf, s.legalIdx...)
		c.legal, c.legalIdx = c.legalBuf, c.idxBuf
	}
	c.events = s.events[:len(s.events):len(s.events)]
	c.moves = s.moves[:len(s.moves):len(s.moves)]
	c.roundTotals = s.roundTotals[:len(s.roundTotals):len(s.roundTotals)] // rows never change once added
	c.boards = nil
	if len(s.boards) > 0 {
		c.boards = make([]*Board, len(s.boards))
		for i, b := range s.boards {
			c.boards[i] = b.clone()
		}
	}
	return c
}

// reuse is a copy of src in buf's array (grown if need be); nil when src is nil, as slices.Clone (a
// nil slice may say something: no seat has shown a void).
func reuse[T any](buf, src []T) []T {
	if src == nil || buf == nil {
		return slices.Clone(src)
	}
	return append(buf[:0], src...)
}

// SampleInto is Sample into the buffers of dst, a sample the caller no longer needs (nil: a new state;
// see State.ResampleInto). It writes dst only, never the viewed state, so a View stays read-only.
func (v View) SampleInto(dst *State, rng *rand.Rand, rules Rules) (*State, error) {
	return v.s.ResampleInto(dst, v.seat, rng, rules)
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
	return s.ResampleInto(nil, seat, rng, rules)
}

// ResampleInto is Resample into the buffers of dst, a sampled world the caller no longer needs (nil: a
// new state), which it overwrites: a search samples a world per iteration. dst may not be s.
func (s *State) ResampleInto(dst *State, seat int, rng *rand.Rand, rules Rules) (*State, error) {
	c := s.redeal(dst, seat, rng)
	if c.pending.trick && c.pending.seat != seat && !c.over {
		c.legal, c.legalIdx = nil, nil
		if err := c.trickLegal(rules); err != nil {
			return nil, err
		}
	}
	return c, nil
}

// redeal is ResampleInto before the legal moves of a trick decision are worked out again (they depend
// on the acting seat's redealt hand).
func (s *State) redeal(dst *State, seat int, rng *rand.Rand) *State {
	c := s.cloneInto(dst)
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
	for i := range c.vars {
		// only values the seat cannot see: a value it sees is part of what it knows (and a public
		// string that merely spells like a card id is not about a card)
		if v := &c.vars[i].val; v.Kind == StrValue && !v.Vis.VisibleTo(seat) {
			if to, ok := c.redealtTo(before, bit, v.Str); ok {
				v.Str = c.Game.Catalog.Cards[to].ID
			}
		}
	}
}

// redealtTo finds the one redealt place whose card before the deal had the id (before: each redealt
// place's card, in zone order) and returns the card there now; ok is false when no redealt place, or
// several, held it. Values that name hidden cards are few, so a scan per such value costs less than
// a map of every redealt card per sample.
func (c *State) redealtTo(before []CardIdx, bit uint64, id string) (to CardIdx, ok bool) {
	copies := c.Game.Catalog.Lookup(id)
	if len(copies) == 0 {
		return 0, false // not a card id
	}
	k, found := 0, 0
	for slot, n := range c.zlen {
		for _, card := range c.cards[slot*c.stride : slot*c.stride+int(n)] {
			if c.seen[card]&bit == 0 {
				if slices.Contains(copies, before[k]) {
					to, found = card, found+1
				}
				k++
			}
		}
	}
	return to, found == 1
}
