package core

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/ruleslab/ruleslab/core/config"
)

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
	pieces []Piece
	top    int
}

func compileBoards(cfg *config.Game) ([]BoardDef, error) {
	names := make([]string, 0, len(cfg.Boards))
	for n := range cfg.Boards {
		names = append(names, n)
	}
	sort.Strings(names)
	var defs []BoardDef
	for _, n := range names {
		b := cfg.Boards[n]
		d := BoardDef{Name: n, Colors: b.Colors}
		for _, f := range []struct {
			what string
			v    any
			dst  *int
			def  int
		}{{"rows", b.Rows, &d.Rows, 0}, {"cols", b.Cols, &d.Cols, 0}, {"floors", b.Floors, &d.Floors, 1}} {
			v, err := boardSize(cfg, f.v, f.def)
			if err != nil {
				return nil, fmt.Errorf("boards.%s.%s: %v", n, f.what, err)
			}
			*f.dst = v
		}
		if d.Rows*d.Cols*d.Floors > 1<<20 {
			return nil, fmt.Errorf("boards.%s: too many cells", n)
		}
		defs = append(defs, d)
	}
	return defs, nil
}

func boardSize(cfg *config.Game, v any, def int) (int, error) {
	if v == nil {
		if def > 0 {
			return def, nil
		}
		return 0, fmt.Errorf("missing (a positive integer or a param path)")
	}
	if path, ok := v.(string); ok {
		cur := cfg.Param(path)
		if cur == nil {
			if n, err := strconv.Atoi(path); err == nil {
				cur = n
			} else {
				return 0, fmt.Errorf("no param %q", path)
			}
		}
		v = cur
	}
	var n int
	switch x := v.(type) {
	case int:
		n = x
	case int64:
		n = int(x)
	case float64:
		n = int(x)
		if float64(n) != x {
			return 0, fmt.Errorf("%v is not an integer", x)
		}
	default:
		return 0, fmt.Errorf("%v is not an integer", v)
	}
	if n < 1 {
		return 0, fmt.Errorf("%d: must be at least 1", n)
	}
	return n, nil
}

func newBoard(d *BoardDef) *Board {
	n := d.Rows * d.Cols * d.Floors
	return &Board{Def: d, cells: make([]int32, n), values: make([]string, n)}
}

func (b *Board) clone() *Board {
	c := *b
	c.cells = append([]int32(nil), b.cells...)
	c.values = append([]string(nil), b.values...)
	c.pieces = b.pieces[:len(b.pieces):len(b.pieces)] // pieces are never changed once placed
	return &c
}

// Board returns a declared board of the state.
func (s *State) Board(name string) (*Board, error) {
	for i := range s.boards {
		if s.boards[i].Def.Name == name {
			return s.boards[i], nil
		}
	}
	return nil, fmt.Errorf("no board %q", name)
}

// Boards returns every board, in name order.
func (s *State) Boards() []*Board { return s.boards }

// In reports whether (floor, row, col) is a cell of the board.
func (b *Board) In(floor, r, c int) bool {
	return floor >= 1 && floor <= b.Def.Floors && r >= 0 && r < b.Def.Rows && c >= 0 && c < b.Def.Cols
}

func (b *Board) at(floor, r, c int) int { return ((floor-1)*b.Def.Rows+r)*b.Def.Cols + c }

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

// Place puts a piece on free cells of one floor; cells are (row, col) pairs, values one per cell.
// It returns the piece's number.
func (b *Board) Place(id string, floor int, cells [][2]int, values []string) (int, error) {
	if len(cells) == 0 {
		return 0, fmt.Errorf("board %s: a piece covers at least one cell", b.Def.Name)
	}
	if len(values) != len(cells) {
		return 0, fmt.Errorf("board %s: %d cells but %d values", b.Def.Name, len(cells), len(values))
	}
	p := Piece{ID: id, Floor: floor}
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
		p.Cells = append(p.Cells, rc[0]*b.Def.Cols+rc[1])
	}
	p.Values = append([]string(nil), values...)
	b.pieces = append(b.pieces, p)
	n := int32(len(b.pieces))
	for k, cell := range p.Cells {
		i := (floor-1)*b.Def.Rows*b.Def.Cols + cell
		b.cells[i] = n
		b.values[i] = values[k]
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
	}
	b.pieces = nil
	b.top = 0
}

// Neighbours returns the orthogonal neighbours of (r, c) inside the board: up, left, right, down.
func (b *Board) Neighbours(r, c int) [][2]int {
	var out [][2]int
	for _, d := range dirs4 {
		nr, nc := r+d[0], c+d[1]
		if nr >= 0 && nr < b.Def.Rows && nc >= 0 && nc < b.Def.Cols {
			out = append(out, [2]int{nr, nc})
		}
	}
	return out
}

var dirs4 = [4][2]int{{-1, 0}, {0, -1}, {0, 1}, {1, 0}}

// IsJunction reports whether two cells of a floor are both covered, by two different pieces.
func (b *Board) IsJunction(floor, r1, c1, r2, c2 int) bool {
	p1, _ := b.At(floor, r1, c1)
	p2, _ := b.At(floor, r2, c2)
	return p1 != 0 && p2 != 0 && p1 != p2
}

// IsCorner reports whether (r, c) is a corner cell of the grid.
func (b *Board) IsCorner(r, c int) bool {
	return (r == 0 || r == b.Def.Rows-1) && (c == 0 || c == b.Def.Cols-1)
}

// Domino is a candidate placement of a two-cell piece: cells (R1,C1) and (R2,C2), the second to the
// right of (Dir 'r') or below (Dir 'd') the first.
type Domino struct {
	R1, C1, R2, C2 int
	Dir            byte
	// Below are the values of the cells beneath on floor-1 (empty on floor 1).
	Below [2]string
	// Adj are the distinct values of the covered same-floor orthogonal neighbours of each cell (the
	// partner cell excluded), in up, left, right, down order, joined by ",".
	Adj [2]string
	// Corner is true when one of the cells is a corner cell of the grid (the piece is then flush with
	// both sides of that corner).
	Corner bool
}

// DominoOptions filter Dominoes.
type DominoOptions struct {
	// Holes: "" keeps every candidate; "isolated" drops those leaving an empty cell of the floor with
	// no empty orthogonal neighbour next to the piece; "parity" also drops those leaving an empty
	// region of odd size next to the piece.
	Holes string
	// Adjacent keeps only candidates with at least one covered same-floor neighbour.
	Adjacent bool
	// Corners keeps only candidates covering a corner cell.
	Corners bool
}

// Dominoes enumerates every position of a two-cell piece on a floor: both cells free and, above
// floor 1, both cells beneath covered by two different pieces (a junction). Each unordered pair of
// cells appears once (Dir 'r' or 'd').
func (b *Board) Dominoes(floor int, opt DominoOptions) ([]Domino, error) {
	if floor < 1 || floor > b.Def.Floors {
		return nil, nil
	}
	switch opt.Holes {
	case "", "none", "isolated", "parity":
	default:
		return nil, fmt.Errorf("holes must be none, isolated or parity, not %q", opt.Holes)
	}
	var out []Domino
	R, C := b.Def.Rows, b.Def.Cols
	var seen []bool
	for r := 0; r < R; r++ {
		for c := 0; c < C; c++ {
			for _, d := range [2][3]int{{0, 1, 'r'}, {1, 0, 'd'}} {
				r2, c2 := r+d[0], c+d[1]
				if r2 >= R || c2 >= C {
					continue
				}
				i1, i2 := b.at(floor, r, c), b.at(floor, r2, c2)
				if b.cells[i1] != 0 || b.cells[i2] != 0 {
					continue
				}
				dm := Domino{R1: r, C1: c, R2: r2, C2: c2, Dir: byte(d[2])}
				if floor > 1 {
					j1, j2 := b.at(floor-1, r, c), b.at(floor-1, r2, c2)
					if b.cells[j1] == 0 || b.cells[j2] == 0 || b.cells[j1] == b.cells[j2] {
						continue
					}
					dm.Below = [2]string{b.values[j1], b.values[j2]}
				}
				dm.Corner = b.IsCorner(r, c) || b.IsCorner(r2, c2)
				if opt.Corners && !dm.Corner {
					continue
				}
				dm.Adj[0] = b.adjValues(floor, r, c, r2, c2)
				dm.Adj[1] = b.adjValues(floor, r2, c2, r, c)
				if opt.Adjacent && dm.Adj[0] == "" && dm.Adj[1] == "" {
					continue
				}
				if opt.Holes == "isolated" || opt.Holes == "parity" {
					if b.leavesHole(floor, i1, i2, opt.Holes == "parity", &seen) {
						continue
					}
				}
				out = append(out, dm)
			}
		}
	}
	return out, nil
}

func (b *Board) adjValues(floor, r, c, pr, pc int) string {
	var vals [4]string
	n := 0
	for _, d := range dirs4 {
		nr, nc := r+d[0], c+d[1]
		if nr < 0 || nr >= b.Def.Rows || nc < 0 || nc >= b.Def.Cols || (nr == pr && nc == pc) {
			continue
		}
		i := b.at(floor, nr, nc)
		if b.cells[i] == 0 {
			continue
		}
		v := b.values[i]
		dup := false
		for _, x := range vals[:n] {
			if x == v {
				dup = true
			}
		}
		if !dup {
			vals[n] = v
			n++
		}
	}
	switch n {
	case 0:
		return ""
	case 1:
		return vals[0]
	}
	return strings.Join(vals[:n], ",")
}

// leavesHole reports whether covering cells i1 and i2 (indices on floor) leaves, next to them, an
// empty cell with no empty neighbour, or (parity) an empty region of odd size.
func (b *Board) leavesHole(floor, i1, i2 int, parity bool, seen *[]bool) bool {
	R, C := b.Def.Rows, b.Def.Cols
	base := (floor - 1) * R * C
	empty := func(cell int) bool {
		i := base + cell
		return i != i1 && i != i2 && b.cells[i] == 0
	}
	if parity {
		if len(*seen) != R*C {
			*seen = make([]bool, R*C)
		} else {
			clear(*seen)
		}
	}
	var stack []int
	for _, i := range [2]int{i1, i2} {
		cell := i - base
		r, c := cell/C, cell%C
		for _, d := range dirs4 {
			nr, nc := r+d[0], c+d[1]
			if nr < 0 || nr >= R || nc < 0 || nc >= C || !empty(nr*C+nc) {
				continue
			}
			if !parity {
				free := false
				for _, e := range dirs4 {
					mr, mc := nr+e[0], nc+e[1]
					if mr >= 0 && mr < R && mc >= 0 && mc < C && empty(mr*C+mc) {
						free = true
						break
					}
				}
				if !free {
					return true
				}
				continue
			}
			start := nr*C + nc
			if (*seen)[start] {
				continue // a region already measured
			}
			size := 0
			stack = append(stack[:0], start)
			(*seen)[start] = true
			for len(stack) > 0 {
				x := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				size++
				xr, xc := x/C, x%C
				for _, e := range dirs4 {
					mr, mc := xr+e[0], xc+e[1]
					if mr < 0 || mr >= R || mc < 0 || mc >= C {
						continue
					}
					m := mr*C + mc
					if !(*seen)[m] && empty(m) {
						(*seen)[m] = true
						stack = append(stack, m)
					}
				}
			}
			if size%2 == 1 {
				return true
			}
		}
	}
	return false
}

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

// FitOptions say which two-value pieces fit a floor-level position (see Fit).
type FitOptions struct {
	DominoOptions
	// Match: "" accepts every free position; "one" needs a cell next to a covered same-floor cell of
	// its value; "all" also needs every covered neighbour of each cell to show that cell's value.
	Match string
	// Wild values match any value (either side) for Match.
	Wild []string
	// Free pieces (by index) may also take any position covering a corner cell, without Match.
	Free map[int]bool
}

// Fit is one way to lay piece number Piece (index into the pieces given): its first value on (R, C),
// its second on the neighbour in direction Dir ('r', 'l', 'd', 'u'). A piece with two equal values is
// laid only from its upper-left cell ('r' or 'd').
type Fit struct {
	Piece int
	R, C  int
	Dir   byte
}

var backDir = map[byte]byte{'r': 'l', 'd': 'u'}

// Fits lists, for each piece (its two values) in order, every position and orientation on a floor
// that Dominoes offers and that passes opt.Match: the fast path of matching pieces by adjacency.
func (b *Board) Fits(floor int, pieces [][2]string, opt FitOptions) ([]Fit, error) {
	switch opt.Match {
	case "", "one", "all":
	default:
		return nil, fmt.Errorf("match must be one or all, not %q", opt.Match)
	}
	cands, err := b.Dominoes(floor, opt.DominoOptions)
	if err != nil {
		return nil, err
	}
	wild := func(v string) bool {
		for _, w := range opt.Wild {
			if w == v {
				return true
			}
		}
		return false
	}
	has := func(adj, v string) bool {
		if adj == "" {
			return false
		}
		if wild(v) {
			return true
		}
		for _, x := range strings.Split(adj, ",") {
			if x == v || wild(x) {
				return true
			}
		}
		return false
	}
	all := func(adj, v string) bool {
		if adj == "" || wild(v) {
			return true
		}
		for _, x := range strings.Split(adj, ",") {
			if x != v && !wild(x) {
				return false
			}
		}
		return true
	}
	ok := func(x, y string, d *Domino) bool {
		switch opt.Match {
		case "":
			return true
		case "one":
			return has(d.Adj[0], x) || has(d.Adj[1], y)
		}
		return (has(d.Adj[0], x) || has(d.Adj[1], y)) && all(d.Adj[0], x) && all(d.Adj[1], y)
	}
	var out []Fit
	for pi, p := range pieces {
		for k := range cands {
			d := &cands[k]
			free := opt.Free[pi] && d.Corner
			if free || ok(p[0], p[1], d) {
				out = append(out, Fit{Piece: pi, R: d.R1, C: d.C1, Dir: d.Dir})
			}
			if p[0] != p[1] && (free || ok(p[1], p[0], d)) {
				out = append(out, Fit{Piece: pi, R: d.R2, C: d.C2, Dir: backDir[d.Dir]})
			}
		}
	}
	return out, nil
}
