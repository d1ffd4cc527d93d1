package screen

import (
	"strings"

	tea "github.com/charmbracelet/bubbletea"
)

// pane is what fills the screen: the table, or one of the panes a key opens over it.
type pane int

const (
	paneTable pane = iota
	paneRules
	paneLog
	paneHint
)

// Model is one screen: the seat's latest snapshot (or, at one terminal shared by several human seats,
// each seat's), the selection, and the pane shown. Update turns keys into Answers through send.
type Model struct {
	send   func(Answer)
	rules  string // the game's rules (its RULES.md), for `?`
	snaps  map[int]Snapshot
	seat   int  // the seat shown; at a shared terminal, the seat of the last decision
	shared bool // several human seats at this terminal: hand it over between them
	handTo int  // -1, or the seat the terminal waits to be handed to

	width, height int
	pane          pane
	scroll        int // first line of a pane over the table

	card    int    // the selected card of the hand (-1: every move)
	cursor  int    // the selected move among those of the card
	typing  bool   // a move is being typed
	input   string // the typed line
	message string // the last explanation (why a move is not legal, what a key does)
	hint    []string
	asked   int  // the decision an answer was sent for (no second answer to it)
	ended   bool // the session is over: any key leaves
	styles  *styles
	lobby   []string // a session's lobby, shown until the first snapshot
}

// New is the screen of seats (one seat, or several human seats sharing a terminal), sending its
// answers with send; rules is the game's rules text.
func New(seats []int, rules string, send func(Answer)) *Model {
	return &Model{send: send, rules: rules, snaps: map[int]Snapshot{}, seat: seats[0], shared: len(seats) > 1,
		handTo: -1, card: -1, width: 100, height: 40}
}

// Init implements tea.Model.
func (m *Model) Init() tea.Cmd { return nil }

// Update implements tea.Model.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
	case Snapshot:
		m.snapshot(msg)
	case ExplainMsg:
		m.message = msg.Text
	case HintMsg:
		m.hint, m.pane, m.scroll = msg.Lines, paneHint, 0
		m.message = "" // "searching for a hint..." is over
	case LobbyMsg:
		m.lobby = msg.Lines
	case ClosedMsg:
		m.message, m.ended = msg.Text, true
		return m, tea.Quit
	case tea.KeyMsg:
		return m, m.key(msg)
	}
	return m, nil
}

// snapshot takes a newer snapshot of a seat; a decision of another seat at a shared terminal waits
// for the hand-over.
func (m *Model) snapshot(s Snapshot) {
	if old, ok := m.snaps[s.Seat]; ok && !s.Newer(old) {
		return
	}
	prev := m.snaps[s.Seat]
	m.snaps[s.Seat] = s
	if s.Decision != 0 && s.Decision != prev.Decision {
		m.card, m.cursor, m.typing, m.input = -1, 0, false, ""
		m.selectFirst(s)
	}
	if m.shared && s.Decision != 0 && s.Seat != m.seat {
		m.handTo = s.Seat
	}
}

// selectFirst puts the cursor on the first card a move uses, when moves name cards of the hand.
func (m *Model) selectFirst(s Snapshot) {
	if cards := playable(s); len(cards) > 0 {
		m.card = 0
	}
}

// current is the snapshot shown.
func (m *Model) current() (Snapshot, bool) {
	s, ok := m.snaps[m.seat]
	return s, ok
}

// deciding reports whether the shown seat is to choose and has not answered yet.
func (m *Model) deciding() bool {
	s, ok := m.current()
	return ok && s.Decision != 0 && s.Decision != m.asked && len(s.Legal) > 0 && m.handTo < 0
}

// answer sends an answer to the shown seat's decision.
func (m *Model) answer(a Answer) {
	s, _ := m.current()
	a.Decision, a.Seat = s.Decision, m.seat
	if a.Typed == "" && !a.Hint {
		m.asked = s.Decision
	}
	m.message = ""
	m.send(a)
}

// key acts on a key press: the hand-over, an open pane, the line being typed, or the table's keys.
func (m *Model) key(k tea.KeyMsg) tea.Cmd {
	switch {
	case k.Type == tea.KeyCtrlC:
		m.send(Answer{Quit: true})
		return tea.Quit
	case m.ended:
		return tea.Quit
	case m.handTo >= 0:
		if k.Type == tea.KeyEnter {
			m.seat, m.handTo = m.handTo, -1
		}
		return nil
	case m.pane != paneTable:
		m.paneKey(k)
		return nil
	case m.typing:
		m.typeKey(k)
		return nil
	}
	return m.tableKey(k)
}

// paneKey scrolls an open pane, or closes it (Esc, q, or its own key again).
func (m *Model) paneKey(k tea.KeyMsg) {
	switch k.String() {
	case "up", "k":
		m.scroll = max(0, m.scroll-1)
	case "down", "j":
		m.scroll++
	case "pgup":
		m.scroll = max(0, m.scroll-m.bodyHeight())
	case "pgdown", " ":
		m.scroll += m.bodyHeight()
	default:
		m.pane = paneTable
	}
}

// typeKey edits the typed move: Enter sends it, Esc drops it.
func (m *Model) typeKey(k tea.KeyMsg) {
	switch k.Type {
	case tea.KeyEnter:
		line := strings.TrimSpace(m.input)
		m.typing, m.input = false, ""
		if line != "" && m.deciding() {
			m.answer(Answer{Typed: line})
		} else if line != "" {
			m.message = "it is not your turn: " + line + " was not sent"
		}
	case tea.KeyEsc:
		m.typing, m.input = false, ""
	case tea.KeyBackspace:
		if r := []rune(m.input); len(r) > 0 {
			m.input = string(r[:len(r)-1])
		}
	case tea.KeySpace:
		m.input += " "
	case tea.KeyRunes:
		m.input += string(k.Runes)
	}
}
