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
	c.vars = slices.Clone(s.vars)
	c.scores = slices.Clone(s.scores)
	c.stats = s.stats[:len(s.stats):len(s.stats)] // entries never change once added
	c.statV = slices.Clone(s.statV)
	c.trick.Cards = append(make([]CardIdx, 0, s.Players), s.trick.Cards...)
	c.legalBuf, c.idxBuf = nil, nil
	if s.pending.trick && s.legal != nil {
		c.legalBuf, c.idxBuf = slices.Clone(s.legal), slices.Clone(s.legalIdx)
		c.legal, c.legalIdx = c.legalBuf, c.idxBuf
	}
	c.events = s.events[:len(s.events):len(s.events)]
	c.moves = s.moves[:len(s.moves):len(s.moves)]
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
// size and no card the seat has seen moves. The copy's own generator is reseeded from rng too, so the
// sampled world does not know the true future draws. Values hidden from seat are kept as they are.
//
// Legal moves of a trick decision depend on the acting seat's hand: when another seat than seat is to
// act in a trick, call Settle on the copy before asking for its legal moves.
func (s *State) Resample(seat int, rng *rand.Rand) *State {
	c := s.Clone()
	c.Reseed(rng.Uint64(), rng.Uint64())
	var small [256]CardIdx
	hidden := small[:0]
	bit := uint64(1) << uint(seat)
	for slot, n := range c.zlen {
		for _, card := range c.cards[slot*c.stride : slot*c.stride+int(n)] {
			if c.seen[card]&bit == 0 {
				hidden = append(hidden, card)
			}
		}
	}
	rng.Shuffle(len(hidden), func(i, j int) { hidden[i], hidden[j] = hidden[j], hidden[i] })
	k := 0
	for slot, n := range c.zlen {
		zone := c.cards[slot*c.stride : slot*c.stride+int(n)]
		for i, card := range zone {
			if c.seen[card]&bit == 0 {
				zone[i] = hidden[k]
				k++
			}
		}
	}
	if c.pending.trick && c.pending.seat != seat {
		c.legal, c.legalIdx = nil, nil
		c.stale = true
	}
	return c
}

// Settle works out the legal moves of a resampled copy whose pending trick decision belongs to another
// seat than the one it was sampled for.
func (s *State) Settle(rules Rules) error {
	s.stale = false
	if s.over || !s.pending.trick {
		return nil
	}
	return s.trickLegal(rules)
}
