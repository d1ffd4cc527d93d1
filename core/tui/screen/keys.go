package screen

import (
	"fmt"
	"strings"

	tea "github.com/charmbracelet/bubbletea"
)

// tableKey acts on a key at the table: a command key, the selection, Enter, or the start of a typed
// move (any other letter, or `:` to type one that starts with a command key).
func (m *Model) tableKey(k tea.KeyMsg) tea.Cmd {
	s, _ := m.current()
	switch k.String() {
	case "q":
		m.send(Answer{Quit: true})
		return tea.Quit
	case "?":
		m.pane, m.scroll = paneRules, 0
	case "l":
		m.pane, m.scroll = paneLog, max(0, len(s.History)-m.bodyHeight())
	case "h":
		m.askHint()
	case "enter":
		m.enter(s)
	case "esc":
		m.message = ""
	case ":", "/":
		m.typing, m.input = true, ""
	default:
		if !m.selectKey(s, k.String()) {
			m.startTyping(k)
		}
	}
	return nil
}

// askHint asks the seat for the search bot's estimates (only at its own decision).
func (m *Model) askHint() {
	if !m.deciding() {
		m.message = "a hint is for your own decision: wait for your turn"
		return
	}
	m.answer(Answer{Hint: true})
	m.message = "searching for a hint..."
}

// enter plays the selected move, or at the end of a game says it has been seen.
func (m *Model) enter(s Snapshot) {
	switch {
	case s.Over:
		m.send(Answer{Ready: true})
		m.message = "waiting for the next game..."
	case m.deciding():
		if i, ok := m.selected(s); ok {
			m.answer(Answer{Index: i})
		}
	default:
		m.message = "not your turn yet: " + waitingFor(s)
	}
}

// startTyping opens the move line with the letter or digit pressed; another key is explained.
func (m *Model) startTyping(k tea.KeyMsg) {
	if k.Type != tea.KeyRunes {
		m.message = fmt.Sprintf("%s does nothing here: ←→ choose a card, ↑↓ a move, Enter plays it, ? rules, h hint, l log, q quit", k.String())
		return
	}
	// keys typed quickly come as one message: ":last" is the move "last" typed after ':'
	m.typing, m.input = true, strings.TrimLeft(string(k.Runes), ":/")
}

// selectKey moves the selection: ←→ (Tab) the card, ↑↓ the move; on a board placement the arrows
// move the piece and r turns it. False when the key is not one of these.
func (m *Model) selectKey(s Snapshot, key string) bool {
	if i, ok := m.selected(s); ok && placementOf(s, i) != nil {
		if m.boardKey(s, i, key) {
			return true
		}
	}
	switch key {
	case "left", "shift+tab":
		m.moveCard(s, -1)
	case "right", "tab":
		m.moveCard(s, 1)
	case "up":
		m.cursor = max(0, m.cursor-1)
	case "down":
		m.cursor = min(len(m.moves(s))-1, m.cursor+1)
	default:
		return false
	}
	return true
}

// moveCard selects the next (or previous) card that a move uses; before the first: every move.
func (m *Model) moveCard(s Snapshot, step int) {
	n := len(playable(s))
	if n == 0 {
		return
	}
	m.card = (m.card+1+step+n+1)%(n+1) - 1
	m.cursor = 0
}

// moves are the indices of the legal moves of the selected card (all of them when none is).
func (m *Model) moves(s Snapshot) []int {
	cards := playable(s)
	var out []int
	for i, mv := range s.Legal {
		if m.card < 0 || m.card >= len(cards) || usesCard(mv, cards[m.card]) {
			out = append(out, i)
		}
	}
	return out
}

// selected is the legal move under the cursor.
func (m *Model) selected(s Snapshot) (int, bool) {
	list := m.moves(s)
	if len(list) == 0 {
		return 0, false
	}
	m.cursor = min(max(m.cursor, 0), len(list)-1)
	return list[m.cursor], true
}

// playable are the cards of the hand that some legal move names, in the hand's order.
func playable(s Snapshot) []string {
	var out []string
	for _, c := range s.Hand {
		for _, mv := range s.Legal {
			if usesCard(mv, c) {
				out = append(out, c)
				break
			}
		}
	}
	return out
}

// usesCard reports whether a move names the card as one of its words.
func usesCard(move, card string) bool {
	for _, w := range strings.Fields(move) {
		if strings.EqualFold(w, card) {
			return true
		}
	}
	return false
}

// waitingFor says whom the table waits for.
func waitingFor(s Snapshot) string {
	if s.ToAct < 0 {
		return "nobody is to act"
	}
	return "waiting for " + seatLabel(s, s.ToAct)
}

// seatLabel names a seat for a line: "seat 1 (ismcts)", "seat 0 (you)".
func seatLabel(s Snapshot, seat int) string {
	if seat == s.Seat {
		return fmt.Sprintf("seat %d (you)", seat)
	}
	if seat < len(s.Names) && s.Names[seat] != "" {
		return fmt.Sprintf("seat %d (%s)", seat, s.Names[seat])
	}
	return fmt.Sprintf("seat %d", seat)
}
