package core

// BoardView is a board as every seat sees it (boards are public): its size and its pieces in
// placement order.
type BoardView struct {
	Name   string      `json:"board"`
	Rows   int         `json:"rows"`
	Cols   int         `json:"cols"`
	Floors int         `json:"floors"`
	Pieces []PieceView `json:"pieces"`
}

// PieceView is one placed piece: id, floor, and per cell its [row, col] and value.
type PieceView struct {
	ID     string   `json:"id"`
	Floor  int      `json:"floor"`
	Cells  [][2]int `json:"cells"`
	Values []string `json:"values"`
}

// View returns the public view of a board.
func (b *Board) View() BoardView {
	v := BoardView{Name: b.Def.Name, Rows: b.Def.Rows, Cols: b.Def.Cols, Floors: b.Def.Floors, Pieces: make([]PieceView, 0, len(b.pieces))}
	n := 0
	for _, p := range b.pieces {
		n += len(p.Cells)
	}
	// every piece's cells in one array (a bot's observation views the board at every decision)
	cells := make([][2]int, 0, n)
	for _, p := range b.pieces {
		start := len(cells)
		for _, cell := range p.Cells {
			cells = append(cells, [2]int{cell / b.Def.Cols, cell % b.Def.Cols})
		}
		v.Pieces = append(v.Pieces, PieceView{ID: p.ID, Floor: p.Floor, Values: p.Values, Cells: cells[start:len(cells):len(cells)]})
	}
	return v
}
