package core

import "fmt"

// BoardDef is a compiled board declaration: a grid of Rows x Cols cells on Floors floors (numbered
// from 1). Cells are addressed by floor, row and column (rows and columns from 0, row 0 at the top).
type BoardDef struct {
	Name               string
	Rows, Cols, Floors int
	Colors             map[string]string
}

// Piece is one thing placed on a board: a component id (or any label), the floor it lies on, the
// cells it covers and the value each cell shows (a colour, a number...).
type Piece struct {
	ID     string
	Floor  int
	Cells  []int // cell numbers on the floor: row*cols+col
	Values []string
}

// Board is the live content of a declared board. It belongs to a State and is cloned with it.
type Board struct {
	Def    *BoardDef
	cells  []int32 // per floor*rows*cols: 1-based index into pieces, 0 when empty
	values []string
	// codes number each covered cell's value (its index in names), so Fits matches values by
	// comparing numbers, not strings; names only grows, and a clone shares it as it shares pieces
	codes  []int32
	names  []string
	pieces []Piece
	// cellArena and valueArena hold the pieces' Cells and Values back to back (one allocation per
	// growth, not two per piece); like pieces, a clone shares them up to its length
	cellArena  []int
	valueArena []string
	top        int
	// scratch and holeState are Fits' candidates and their holes answers, kept between calls (no
	// allocation per search); a clone starts without them, so two states never share them
	scratch     []Domino
	holeState   []int8
	wildScratch []bool
	// nearScratch and nearKnown are the candidate search's neighbour values by cell (cellsNear)
	nearScratch []nearValues
	nearKnown   []bool
}

func newBoard(d *BoardDef) *Board {
	n := d.Rows * d.Cols * d.Floors
	return &Board{Def: d, cells: make([]int32, n), values: make([]string, n), codes: make([]int32, n)}
}

func (b *Board) clone() *Board {
	c := *b
	c.cells = append([]int32(nil), b.cells...)
	c.values = append([]string(nil), b.values...)
	c.codes = append([]int32(nil), b.codes...)
	c.names = b.names[:len(b.names):len(b.names)]     // appending to one never writes into the other's
	c.pieces = b.pieces[:len(b.pieces):len(b.pieces)] // pieces are never changed once placed
	c.cellArena = b.cellArena[:len(b.cellArena):len(b.cellArena)]
	c.valueArena = b.valueArena[:len(b.valueArena):len(b.valueArena)]
	c.scratch, c.holeState, c.wildScratch, c.nearScratch, c.nearKnown = nil, nil, nil, nil, nil
	return &c
}

// Board returns a declared board of the state.
func (h Handle) Board(name string) (*Board, error) {
	s := h.s
	for i := range s.boards {
		if s.boards[i].Def.Name == name {
			return s.boards[i], nil
		}
	}
	return nil, fmt.Errorf("no board %q", name)
}

// Boards returns every board, in name order.
func (s *State) Boards() []*Board { return s.boards }

// At returns the piece covering a cell (1-based number in placement order, 0 when empty) and the value
// it shows there. Cells outside the board read as empty.
func (b *Board) At(floor, r, c int) (int, string) {
	if !b.In(floor, r, c) {
		return 0, ""
	}
	i := b.at(floor, r, c)
	return int(b.cells[i]), b.values[i]
}

// Piece returns a placed piece by its 1-based number.
func (b *Board) Piece(n int) *Piece {
	if n < 1 || n > len(b.pieces) {
		return nil
	}
	return &b.pieces[n-1]
}

// Pieces returns the placed pieces in placement order (do not change them).
func (b *Board) Pieces() []Piece { return b.pieces }

// Top returns the highest floor holding a piece (0 when the board is empty).
func (b *Board) Top() int { return b.top }

// Count returns the number of pieces on a floor, or on the whole board when floor is 0.
func (b *Board) Count(floor int) int {
	if floor == 0 {
		return len(b.pieces)
	}
	n := 0
	for i := range b.pieces {
		if b.pieces[i].Floor == floor {
			n++
		}
	}
	return n
}

// arenaRoom bounds the cells a board makes room for at its first piece (a large grid grows as used).
const arenaRoom = 128

// Place puts a piece on free cells of one floor; cells are (row, col) pairs, values one per cell.
// It returns the piece's number.
func (b *Board) Place(id string, floor int, cells [][2]int, values []string) (int, error) {
	if len(cells) == 0 {
		return 0, fmt.Errorf("board %s: a piece covers at least one cell", b.Def.Name)
	}
	if len(values) != len(cells) {
		return 0, fmt.Errorf("board %s: %d cells but %d values", b.Def.Name, len(cells), len(values))
	}
	if b.pieces == nil { // a round's first piece: room for a floor's worth, not a regrowth per doubling
		n := min(b.Def.Rows*b.Def.Cols, arenaRoom)
		b.pieces, b.cellArena, b.valueArena = make([]Piece, 0, n/2+1), make([]int, 0, n), make([]string, 0, n)
	}
	p := Piece{ID: id, Floor: floor}
	start := len(b.cellArena)
	for k, rc := range cells {
		if !b.In(floor, rc[0], rc[1]) {
			return 0, fmt.Errorf("board %s: no cell floor %d row %d col %d", b.Def.Name, floor, rc[0], rc[1])
		}
		i := b.at(floor, rc[0], rc[1])
		if b.cells[i] != 0 {
			return 0, fmt.Errorf("board %s: cell floor %d row %d col %d is already covered by %s", b.Def.Name, floor, rc[0], rc[1], b.pieces[b.cells[i]-1].ID)
		}
		for _, prev := range p.Cells[:k] {
			if prev == rc[0]*b.Def.Cols+rc[1] {
				return 0, fmt.Errorf("board %s: a piece covers cell row %d col %d twice", b.Def.Name, rc[0], rc[1])
			}
		}
		b.cellArena = append(b.cellArena, rc[0]*b.Def.Cols+rc[1])
		p.Cells = b.cellArena[start:len(b.cellArena):len(b.cellArena)] // capped: an append copies
	}
	b.valueArena = append(b.valueArena, values...)
	p.Values = b.valueArena[len(b.valueArena)-len(values) : len(b.valueArena) : len(b.valueArena)]
	b.pieces = append(b.pieces, p)
	n := int32(len(b.pieces))
	for k, cell := range p.Cells {
		i := (floor-1)*b.Def.Rows*b.Def.Cols + cell
		b.cells[i] = n
		b.values[i] = values[k]
		b.codes[i] = b.valueCode(values[k])
	}
	if floor > b.top {
		b.top = floor
	}
	return int(n), nil
}

// Clear empties the board.
func (b *Board) Clear() {
	for i := range b.cells {
		b.cells[i] = 0
		b.values[i] = ""
		b.codes[i] = 0
	}
	// dropped, not emptied: a clone or a view (View hands out the pieces' values) may still read them
	b.pieces, b.cellArena, b.valueArena = nil, nil, nil
	b.top = 0
}

// valueCode returns the number of value v in b.names, numbering it if it is new.
func (b *Board) valueCode(v string) int32 {
	if k := b.knownCode(v); k >= 0 {
		return k
	}
	b.names = append(b.names, v)
	return int32(len(b.names) - 1)
}

// knownCode returns the number of value v in b.names, or -1 when no placed piece ever showed it.
func (b *Board) knownCode(v string) int32 {
	for k, name := range b.names {
		if name == v {
			return int32(k)
		}
	}
	return -1
}

// ValueNames returns the values the board's pieces ever showed, by value number (do not change it).
func (b *Board) ValueNames() []string { return b.names }

// ValueNumberAt returns the number of the value shown on a covered cell (an index into ValueNames),
// or -1 for an empty cell or one outside the board: a caller numbering values of its own maps them
// once per board, not once per cell.
func (b *Board) ValueNumberAt(floor, r, c int) int32 {
	if !b.In(floor, r, c) {
		return -1
	}
	i := b.at(floor, r, c)
	if b.cells[i] == 0 {
		return -1
	}
	return b.codes[i]
}
