package screen

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// minMoveLines: the move list keeps at least this many lines however tall the table is.
const minMoveLines = 4

// table lays out the panes in h lines: the table, the hand and the moves on the left; the other
// seats, the scores and the history on the right (below them on a narrow screen).
func (m *Model) table(s Snapshot, h int) []string {
	if m.width < twoColumns {
		left := m.left(s, m.width, h)
		return append(left, m.right(s, m.width, h-len(left))...)
	}
	lw := m.width * 3 / 5
	rw := m.width - lw - 3
	left, right := m.left(s, lw, h), m.right(s, rw, h)
	out := make([]string, max(len(left), len(right)))
	for i := range out {
		var l, r string
		if i < len(left) {
			l = left[i]
		}
		if i < len(right) {
			r = right[i]
		}
		out[i] = pad(l, lw) + " │ " + r
	}
	return out
}

// pad fills a line with spaces to width columns (cutting it when longer).
func pad(line string, width int) string {
	line = ansi.Truncate(line, width, "")
	return line + strings.Repeat(" ", max(0, width-ansi.StringWidth(line)))
}

// left is the table (boards, the game's screen), the hand and the moves, in at most h lines: on a
// short screen the table is cut, never the hand and the moves (the decision).
func (m *Model) left(s Snapshot, w, h int) []string {
	sel := (*Placement)(nil)
	if i, ok := m.selected(s); ok && s.Decision != 0 {
		sel = placementOf(s, i)
	}
	var table []string
	for _, l := range strings.Split(strings.TrimRight(boardText(s, sel, m.st().color), "\n"), "\n") {
		switch {
		case strings.ContainsAny(l, "|+"): // a line of a grid: cut, never wrapped
			table = append(table, ansi.Truncate(l, w, ""))
		case l != "":
			table = append(table, wrap(l, w)...)
		}
	}
	table = append(table, wrap(s.Table, w)...)
	hand := m.hand(s, w)
	moves := m.moveList(s, w, max(minMoveLines, h-len(table)-len(hand)))
	table = m.cut(table, h-len(hand)-len(moves), w)
	return append(append(table, hand...), moves...)
}

// cut keeps the first lines of the table that fit in room, the last of them saying that more is
// hidden.
func (m *Model) cut(table []string, room, w int) []string {
	if len(table) <= room {
		return table
	}
	if room <= 0 {
		return nil
	}
	return append(table[:room-1], m.st().dim.Render(ansi.Truncate("… (more of the table on a taller screen)", w, "…")))
}

// hand is the seat's own cards, the selected one marked, those no move uses faint.
func (m *Model) hand(s Snapshot, w int) []string {
	if s.Seat < 0 {
		return nil
	}
	cards := playable(s)
	parts := make([]string, len(s.Hand))
	for i, c := range s.Hand {
		switch {
		case m.card >= 0 && m.card < len(cards) && cards[m.card] == c && s.Decision != 0:
			parts[i] = m.st().selected.Render("[" + c + "]")
		case s.Decision != 0 && !contains(cards, c):
			parts[i] = m.st().dim.Render(c)
		default:
			parts[i] = c
		}
	}
	if len(parts) == 0 {
		parts = []string{"-"}
	}
	return wrap(m.st().title.Render("your hand: ")+strings.Join(parts, " "), w)
}

func contains(list []string, x string) bool {
	for _, y := range list {
		if y == x {
			return true
		}
	}
	return false
}

// moveList is the moves of the selected card (all when none is), the cursor's marked, in h lines.
func (m *Model) moveList(s Snapshot, w, h int) []string {
	if s.Decision == 0 || len(s.Legal) == 0 {
		if s.Over || s.Seat < 0 {
			return nil
		}
		return []string{m.st().dim.Render(waitingFor(s))}
	}
	list := m.moves(s)
	head := fmt.Sprintf("your moves (%d):", len(s.Legal))
	if cards := playable(s); m.card >= 0 && m.card < len(cards) {
		head = fmt.Sprintf("your moves with %s (%d of %d; ←→ another card):", cards[m.card], len(list), len(s.Legal))
	}
	out := []string{m.st().title.Render(head)}
	first := max(0, min(m.cursor-(h-2)/2, len(list)-(h-1)))
	for k := first; k < len(list) && len(out) < h; k++ {
		line := fmt.Sprintf("  %2d) %s", list[k]+1, s.Legal[list[k]])
		if k == m.cursor {
			line = m.st().selected.Render(">" + line[1:])
		}
		out = append(out, ansi.Truncate(line, w, "…"))
	}
	return out
}

// right is the other seats, the scores and the history (its last lines), in at most h lines.
func (m *Model) right(s Snapshot, w, h int) []string {
	var out []string
	if len(s.Others) > 0 {
		out = append(out, m.st().title.Render("seats"))
		for _, l := range s.Others {
			out = append(out, wrap(l, w)...)
		}
	}
	out = append(out, m.scores(s, w)...)
	if s.Result != "" {
		out = append(out, wrap(s.Result, w)...)
	}
	if room := h - len(out) - 1; room > 0 {
		var hist []string
		for _, l := range s.History {
			hist = append(hist, wrap(l, w)...)
		}
		out = append(out, m.st().title.Render("history (l: all)"))
		out = append(out, hist[max(0, len(hist)-room):]...)
	}
	return out
}

// scores is a table of each finished round's points per seat, the totals, and a session's.
func (m *Model) scores(s Snapshot, w int) []string {
	row := func(label string, n []int) string {
		var sb strings.Builder
		fmt.Fprintf(&sb, "%-9s", label)
		for _, v := range n {
			fmt.Fprintf(&sb, "%6d", v)
		}
		return ansi.Truncate(sb.String(), w, "…")
	}
	seats := make([]int, s.Players)
	for i := range seats {
		seats[i] = i
	}
	out := []string{m.st().title.Render("scores"), row("seat", seats)}
	for r, pts := range s.Rounds {
		out = append(out, row(fmt.Sprintf("round %d", r+1), pts))
	}
	out = append(out, row("total", s.Totals))
	if s.Running != nil {
		out = append(out, row("session", s.Running))
	}
	return out
}
