package scripting

import (
	lua "github.com/yuin/gopher-lua"

	"github.com/ruleslab/ruleslab/core"
)

// spelledMoves is what an engine remembers of g:board_placements' work under one colour rule
// (coverRule) from turn to turn and game to game: the values of each card's attributes, and each move
// it spelled, found again by its numbers (card, cell, direction, floor). A turn offers mostly the moves
// of the turns before; spelling one and finding it in the host's strings cost several hundred
// instructions, indexing it here a few. Cards, attributes and a board's size never change under an
// engine's scripts; a call with another prefix, other attributes or a board of another size starts
// over.
type spelledMoves struct {
	prefix string
	attrs  [2]string
	cells  int            // rows*cols of the board the moves were spelled on
	moves  [][]lua.LValue // by floor-1, then by (card*cells+cell)*4 + direction number
	values [][2]string    // by card: the values of its attributes attrs
	known  []bool         // by card: values read
	nums   [][2]int       // by card: the rule's numbers of its values (-1: not numbered yet)
	// a call's pieces, their card numbers and their values' numbers (scratch space)
	pieceValues [][2]string
	pieceCards  []int
	pieceNums   [][2]int
}

// fit makes the memory fit a call's prefix, attributes and board, starting over when one differs.
func (m *spelledMoves) fit(prefix string, attrs []string, b *core.Board) {
	cells := b.Def.Rows * b.Def.Cols
	if m.prefix == prefix && m.attrs == [2]string{attrs[0], attrs[1]} && m.cells == cells {
		return
	}
	*m = spelledMoves{prefix: prefix, attrs: [2]string{attrs[0], attrs[1]}, cells: cells}
}

// pieces returns each id's two values (card attributes m.attrs) and card number, reading a card's
// attributes at its first use only. Both lists are m's scratch space, valid until the next call.
func (m *spelledMoves) pieces(L *lua.LState, g *gHandle, ids []string) ([][2]string, []int) {
	cat := g.s.Game.Catalog
	if len(m.values) < len(cat.Cards) {
		m.values = make([][2]string, len(cat.Cards))
		m.known = make([]bool, len(cat.Cards))
		m.nums = make([][2]int, len(cat.Cards))
	}
	pieces, cards := m.pieceValues[:0], m.pieceCards[:0]
	for _, id := range ids {
		idx := cat.Lookup(id)
		if len(idx) == 0 {
			L.ArgError(3, "no card "+id)
		}
		c := int(idx[0])
		if !m.known[c] {
			m.values[c] = pieceValues(L, cat.Cards[c], id, m.attrs[:], 4)
			m.known[c] = true
			m.nums[c] = [2]int{-1, -1}
		}
		pieces, cards = append(pieces, m.values[c]), append(cards, c)
	}
	m.pieceValues, m.pieceCards = pieces, cards
	return pieces, cards
}

// numbers returns the numbers q's rule gives the values of each card (pieces' cards), numbering a
// card's values at its first use only (a rule's numbers never change). The list is m's scratch space.
func (m *spelledMoves) numbers(q *coverAsk, cards []int) [][2]int {
	out := m.pieceNums[:0]
	for _, c := range cards {
		if m.nums[c][0] < 0 {
			m.nums[c] = [2]int{q.rule.number(m.values[c][0]), q.rule.number(m.values[c][1])}
		}
		out = append(out, m.nums[c])
	}
	m.pieceNums = out
	return out
}

// slot is where the move of card laid from (row, col) towards dir on floor is remembered.
func (m *spelledMoves) slot(floor, card, row, col, cols int, dir byte) *lua.LValue {
	for len(m.moves) < floor {
		m.moves = append(m.moves, nil)
	}
	f := m.moves[floor-1]
	if f == nil {
		f = make([]lua.LValue, len(m.values)*m.cells*4)
		m.moves[floor-1] = f
	}
	return &f[(card*m.cells+row*cols+col)*4+dirNumber(dir)]
}

// dirNumber numbers the directions r, l, d, u from 0.
func dirNumber(dir byte) int {
	switch dir {
	case 'r':
		return 0
	case 'l':
		return 1
	case 'd':
		return 2
	}
	return 3
}
