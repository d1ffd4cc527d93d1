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
	v := BoardView{Name: b.Def.Name, Rows: b.Def.Rows, Cols: b.Def.Cols, Floors: b.Def.Floors, Pieces: []PieceView{}}
	for _, p := range b.pieces {
		pv := PieceView{ID: p.ID, Floor: p.Floor, Values: p.Values}
		for _, cell := range p.Cells {
			pv.Cells = append(pv.Cells, [2]int{cell / b.Def.Cols, cell % b.Def.Cols})
		}
		v.Pieces = append(v.Pieces, pv)
	}
	return v
}
