package cli

import (
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"

	"github.com/ruleslab/ruleslab/core"
)

// The parts of `play`'s screen that keep it readable: events in words, long move lists grouped, and
// the hand-off between two people at one terminal. A decision's screen fits 50 lines.

// maxEventLines is how many of the events since a seat's last decision its screen shows ('log' shows
// them all).
const maxEventLines = 8

// screenWidth is the width move lists are packed to.
const screenWidth = 96

// movesOneALine: a list this long or shorter is printed one move a line; a longer one is grouped.
const movesOneALine = 12

// movesOnScreen: the most lines a decision's move list takes, so the board and the hand stay on a
// 50-line screen ('moves' lists them all).
const movesOnScreen = 14

// handOffLines blank lines push the last player's screen out of sight when the terminal is no tty.
const handOffLines = 40

// showEvents prints events the seat may see, each as one line in words (the game's describe hook, else
// describeEvent); with max > 0 only the last max, saying how many were left out.
func (hs *humanSeat) showEvents(events []core.Event, seat, max int) error {
	w := hs.t.io.Out
	if max > 0 && len(events) > max {
		fmt.Fprintf(w, "(%d earlier events: type 'log' to see them)\n", len(events)-max)
		events = events[len(events)-max:]
	}
	for _, e := range events {
		line, err := hs.e.Describe(e, seat)
		if err != nil {
			return err
		}
		if line == "" {
			line = describeEvent(e, seat)
		}
		fmt.Fprintln(w, line)
	}
	return nil
}

// describeEvent words an event for a seat's screen when the game does not: the engine's events as in
// the text log, a game's own event as its type and its fields in words (never JSON).
func describeEvent(e core.Event, seat int) string {
	var s string
	switch e.Type {
	case "move":
		s = fmt.Sprintf("%s: %s", seatName(e.Seat, seat), e.Move)
	case "trick":
		s = fmt.Sprintf("  trick to %s: %s", seatName(e.Winner, seat), strings.Join(e.Cards, " ")) + fieldsInWords(e.Fields, ", ")
	case "round_end":
		s = fmt.Sprintf("round %d ends: scores %s", e.Round, ints(e.Scores))
	case "game_end":
		s = fmt.Sprintf("game ends: totals %s, winners %s", ints(e.Totals), ints(e.Winners))
	default:
		s = "  " + strings.ReplaceAll(e.Type, "_", " ")
		if e.Seat >= 0 {
			s += ": " + seatName(e.Seat, seat)
		}
		s += fieldsInWords(e.Fields, ", ")
	}
	if e.Vis.Seat() == seat {
		s += "   (only you see this)"
	}
	return s
}

func seatName(s, me int) string {
	if s == me {
		return fmt.Sprintf("seat %d (you)", s)
	}
	return fmt.Sprintf("seat %d", s)
}

// fieldsInWords spells event fields in key order as "key value" pairs: "card G4, deck 38".
func fieldsInWords(fields map[string]any, sep string) string {
	if len(fields) == 0 {
		return ""
	}
	keys := make([]string, 0, len(fields))
	for k := range fields {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = strings.ReplaceAll(k, "_", " ") + " " + valueInWords(fields[k])
	}
	return " (" + strings.Join(parts, sep) + ")"
}

func valueInWords(v any) string {
	switch v := v.(type) {
	case bool:
		if v {
			return "yes"
		}
		return "no"
	case float64:
		return strconv.FormatFloat(v, 'g', 3, 64)
	case []any:
		parts := make([]string, len(v))
		for i, x := range v {
			parts[i] = valueInWords(x)
		}
		return strings.Join(parts, " ")
	case map[string]any:
		return strings.TrimSuffix(strings.TrimPrefix(fieldsInWords(v, ", "), " ("), ")")
	case nil:
		return "-"
	}
	return fmt.Sprint(v)
}

func ints(list []int) string {
	parts := make([]string, len(list))
	for i, n := range list {
		parts[i] = strconv.Itoa(n)
	}
	return strings.Join(parts, " ")
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
	type group struct {
		head        string
		first, last int // move numbers
		items       []string
		lines       []string
	}
	// a head groups its moves only when there are two or more and they all have as many words
	// (`place WP` yes; `keep O8`, whose moves keep one to four cards, no: "keep O8: B2" would hide
	// that O8 is kept too)
	words := map[string]int{}
	for _, m := range legal {
		head, _ := splitHead(m)
		n := len(strings.Fields(m))
		if w, seen := words[head]; seen && w != n {
			n = -1
		}
		if words[head] != -1 {
			words[head] = n
		}
	}
	size := map[string]int{}
	for _, m := range legal {
		head, _ := splitHead(m)
		size[head]++
	}
	var groups []*group
	for i, m := range legal {
		head, rest := splitHead(m)
		if words[head] < 0 || size[head] < 2 {
			head, rest = "", m
		}
		if len(groups) == 0 || groups[len(groups)-1].head != head {
			groups = append(groups, &group{head: head, first: i + 1})
		}
		g := groups[len(groups)-1]
		g.items = append(g.items, fmt.Sprintf("%d) %s", i+1, rest))
		g.last = i + 1
	}
	width := 0
	for _, g := range groups {
		if len(g.head) > width {
			width = len(g.head)
		}
	}
	total := 0
	for _, g := range groups {
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
		total += len(g.lines)
	}
	for maxLines > 0 && total > maxLines {
		var longest *group
		for _, g := range groups {
			if g.head != "" && len(g.lines) > 1 && (longest == nil || len(g.lines) > len(longest.lines)) {
				longest = g
			}
		}
		if longest == nil {
			break
		}
		total -= len(longest.lines) - 1
		longest.lines = []string{fmt.Sprintf("  %-*s %d moves, %d) to %d) ('moves' lists them)", width, longest.head,
			len(longest.items), longest.first, longest.last)}
	}
	for _, g := range groups {
		for _, l := range g.lines {
			fmt.Fprintln(w, l)
		}
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

// handOff hides the last player's screen and waits until the next one is at the terminal.
func (t *terminal) handOff(seat int) error {
	w := t.io.Out
	if t.io.OutIsTerm {
		fmt.Fprint(w, "\x1b[H\x1b[2J\x1b[3J") // clear the screen and its scrollback
	} else {
		fmt.Fprint(w, strings.Repeat("\n", handOffLines))
	}
	fmt.Fprintf(w, "=== pass the terminal to seat %d: press Enter when only seat %d is looking ===\n", seat, seat)
	if _, err := t.in.ReadString('\n'); err != nil {
		if err == io.EOF {
			return errQuit
		}
		return err
	}
	if t.io.OutIsTerm {
		fmt.Fprint(w, "\x1b[H\x1b[2J")
	}
	return nil
}
