package tui

import (
	"fmt"
	"io"
	"strings"
)

// screenWidth is the width move lists are packed to.
const screenWidth = 96

// movesOneALine: a list this long or shorter is printed one move a line; a longer one is grouped.
const movesOneALine = 12

// movesOnScreen: the most lines a decision's move list takes, so the board and the hand stay on a
// 50-line screen ('moves' lists them all).
const movesOnScreen = 14

// moveGroup is the moves listed under one head (`place WP:`), or moves packed whole (head "").
type moveGroup struct {
	head        string
	first, last int // move numbers
	items       []string
	lines       []string
}

// writeMoves lists the legal moves with their numbers: one a line when few; otherwise grouped by their
// first two words (`place WP`, `guess 2`), each group's moves packed on lines of screenWidth, so 49
// placements take a dozen lines (moves that do not group are packed whole). With maxLines > 0 the
// list is kept to that many lines: the longest groups are shown as one line each, their count and
// number range, until it fits (`moves` lists them all; a move may still be typed or numbered).
func writeMoves(w io.Writer, legal []string, maxLines int) {
	if len(legal) <= movesOneALine {
		for i, m := range legal {
			fmt.Fprintf(w, "  %2d) %s\n", i+1, m)
		}
		return
	}
	groups := groupMoves(legal)
	width := headWidth(groups)
	total := 0
	for _, g := range groups {
		g.pack(width)
		total += len(g.lines)
	}
	shrinkGroups(groups, width, total, maxLines)
	for _, g := range groups {
		for _, l := range g.lines {
			fmt.Fprintln(w, l)
		}
	}
}

// groupMoves puts consecutive moves with the same head in a group. A head groups its moves only when
// there are two or more and they all have as many words (`place WP` yes; `keep O8`, whose moves keep
// one to four cards, no: "keep O8: B2" would hide that O8 is kept too).
func groupMoves(legal []string) []*moveGroup {
	words := map[string]int{} // a head's moves' number of words, -1 when they differ
	size := map[string]int{}
	for _, m := range legal {
		head, _ := splitHead(m)
		n := len(strings.Fields(m))
		if w, seen := words[head]; seen && w != n {
			n = -1
		}
		if words[head] != -1 {
			words[head] = n
		}
		size[head]++
	}
	var groups []*moveGroup
	for i, m := range legal {
		head, rest := splitHead(m)
		if words[head] < 0 || size[head] < 2 {
			head, rest = "", m
		}
		if len(groups) == 0 || groups[len(groups)-1].head != head {
			groups = append(groups, &moveGroup{head: head, first: i + 1})
		}
		g := groups[len(groups)-1]
		g.items = append(g.items, fmt.Sprintf("%d) %s", i+1, rest))
		g.last = i + 1
	}
	return groups
}

func headWidth(groups []*moveGroup) int {
	width := 0
	for _, g := range groups {
		width = max(width, len(g.head))
	}
	return width
}

// pack lays the group's items on lines of screenWidth after its head (padded to width).
func (g *moveGroup) pack(width int) {
	line := fmt.Sprintf("  %-*s ", width, g.head)
	indent := strings.Repeat(" ", len(line))
	n := 0
	for _, it := range g.items {
		if n > 0 && len(line)+len(it)+2 > screenWidth {
			g.lines = append(g.lines, strings.TrimRight(line, " "))
			line, n = indent, 0
		}
		line += it + "  "
		n++
	}
	g.lines = append(g.lines, strings.TrimRight(line, " "))
}

// shrinkGroups keeps the list to maxLines (when > 0) of the total: the longest groups with a head are
// shown as one line each, their count and number range, until it fits or none is left to shrink.
func shrinkGroups(groups []*moveGroup, width, total, maxLines int) {
	for maxLines > 0 && total > maxLines {
		var longest *moveGroup
		for _, g := range groups {
			if g.head != "" && len(g.lines) > 1 && (longest == nil || len(g.lines) > len(longest.lines)) {
				longest = g
			}
		}
		if longest == nil {
			return
		}
		total -= len(longest.lines) - 1
		longest.lines = []string{fmt.Sprintf("  %-*s %d moves, %d) to %d) ('moves' lists them)", width, longest.head,
			len(longest.items), longest.first, longest.last)}
	}
}

// splitHead splits a move into its first two words and the rest; a move of two words or fewer has no
// head (it is listed whole among the other short moves).
func splitHead(m string) (string, string) {
	f := strings.Fields(m)
	if len(f) <= 2 {
		return "", m
	}
	return f[0] + " " + f[1] + ":", strings.Join(f[2:], " ")
}
