package screen

import (
	"fmt"
	"strings"

	"github.com/ruleslab/ruleslab/core"
)

// The board cursor: when the selected move places a piece, the arrows move that piece to the nearest
// legal placement of the same card in their direction and r turns it about its first cell; only
// legal placements are ever shown, drawn on the board in lower case.

// placementOf is the piece legal move i places (nil: the move places none).
func placementOf(s Snapshot, i int) *Placement {
	if i < len(s.Placements) && len(s.Placements[i].Cells) > 0 {
		return &s.Placements[i]
	}
	return nil
}

// boardKey moves or turns the piece of the selected move i; false when key is not an arrow or r.
func (m *Model) boardKey(s Snapshot, i int, key string) bool {
	steps := map[string][2]int{"up": {-1, 0}, "down": {1, 0}, "left": {0, -1}, "right": {0, 1}}
	list := m.moves(s)
	var next int
	switch d, arrow := steps[key]; {
	case arrow:
		next = nearest(s, list, i, d)
	case key == "r":
		next = turned(s, list, i)
	default:
		return false
	}
	for k, j := range list {
		if j == next {
			m.cursor = k
		}
	}
	if next == i {
		m.message = "no legal placement that way: r turns the piece, Tab chooses another"
	}
	return true
}

// nearest is the placement of list nearest to move i's first cell in direction d (i itself when
// there is none): the smallest step along d, then the smallest step across it.
func nearest(s Snapshot, list []int, i int, d [2]int) int {
	from := placementOf(s, i).Cells[0]
	best, bestCost := i, -1
	for _, j := range list {
		p := placementOf(s, j)
		if p == nil || j == i {
			continue
		}
		dr, dc := p.Cells[0][0]-from[0], p.Cells[0][1]-from[1]
		along := dr*d[0] + dc*d[1]
		if along <= 0 {
			continue
		}
		across := abs(dr*d[1]) + abs(dc*d[0])
		if cost := along + 2*across; bestCost < 0 || cost < bestCost {
			best, bestCost = j, cost
		}
	}
	return best
}

// turned is the next placement of list (after move i, in the list's order, round) with the same
// first cell: the piece turned about it, or on another floor.
func turned(s Snapshot, list []int, i int) int {
	from := placementOf(s, i).Cells[0]
	start := 0
	for k, j := range list {
		if j == i {
			start = k
		}
	}
	for n := 1; n < len(list); n++ {
		j := list[(start+n)%len(list)]
		if p := placementOf(s, j); p != nil && p.Cells[0] == from {
			return j
		}
	}
	return i
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// boardText draws the boards seen from above; with a selected placement, its piece on its board in
// lower case, and a line saying where it goes.
func boardText(s Snapshot, sel *Placement, color bool) string {
	var sb strings.Builder
	for _, b := range s.Boards {
		v := b.View
		if sel != nil && sel.Board == v.Name {
			v.Pieces = append(append([]core.PieceView(nil), v.Pieces...), core.PieceView{ID: "?", Floor: sel.Floor,
				Cells: sel.Cells, Values: lower(sel.Values)})
		}
		sb.WriteString(core.RenderBoardTop(v, b.Colors, color))
		if sel != nil && sel.Board == v.Name {
			fmt.Fprintf(&sb, "your piece (lower case): %s on floor %d at %s\n", strings.Join(sel.Values, ""), sel.Floor, cells(sel.Cells))
		}
	}
	return sb.String()
}

func lower(values []string) []string {
	out := make([]string, len(values))
	for i, v := range values {
		out[i] = strings.ToLower(v)
	}
	return out
}

func cells(list [][2]int) string {
	parts := make([]string, len(list))
	for i, c := range list {
		parts[i] = fmt.Sprintf("row %d col %d", c[0], c[1])
	}
	return strings.Join(parts, ", ")
}
