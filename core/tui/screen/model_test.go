package screen

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/ruleslab/ruleslab/core"
)

// keys sends the model a key press each: a name (enter, left, esc...) or runes.
func keys(m *Model, names ...string) {
	named := map[string]tea.KeyType{"enter": tea.KeyEnter, "esc": tea.KeyEsc, "left": tea.KeyLeft, "right": tea.KeyRight,
		"up": tea.KeyUp, "down": tea.KeyDown, "tab": tea.KeyTab, "backspace": tea.KeyBackspace, "space": tea.KeySpace}
	for _, n := range names {
		if t, ok := named[n]; ok {
			m.Update(tea.KeyMsg{Type: t})
			continue
		}
		m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(n)})
	}
}

func trickSnapshot() Snapshot {
	return Snapshot{Version: 1, Seat: 0, Title: "Mimic Taking", Seed: 7, Players: 2, Names: []string{"you", "greedy"},
		ToAct: 0, Table: "on the table: nothing yet", Hand: []string{"O1", "B2", "G3"}, Totals: []int{0, 0},
		Rounds: [][]int{{2, -1}}, History: []string{"seat 1: play O4", "trick to seat 1: O4 O2"},
		Others: []string{"seat 1 (greedy) · hand 3"}, Decision: 4, Legal: []string{"play O1", "play B2", "play G3"}}
}

func newModel(answers *[]Answer) *Model {
	m := New([]int{0}, "# Rules\n- MT-1 the first rule", func(a Answer) { *answers = append(*answers, a) })
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	return m
}

// modelWithTable is a screen showing trickSnapshot with the game's own text table.
func modelWithTable(table string) *Model {
	var got []Answer
	m := newModel(&got)
	s := trickSnapshot()
	s.Table = table
	m.Update(s)
	return m
}

// The arrows choose a card and Enter plays its move; the answer names the decision.
func TestPickACardAndPlay(t *testing.T) {
	var got []Answer
	m := newModel(&got)
	m.Update(trickSnapshot())
	view := m.View()
	for _, want := range []string{"Mimic Taking · seed 7 · move 1 · you: seat 0 · YOUR TURN", "[O1]", ">  1) play O1",
		"round 1", "trick to seat 1: O4 O2", "seat 1 (greedy)"} {
		if !strings.Contains(view, want) {
			t.Errorf("the screen lacks %q:\n%s", want, view)
		}
	}
	keys(m, "right", "enter")
	if len(got) != 1 || got[0].Index != 1 || got[0].Decision != 4 {
		t.Fatalf("right, enter: %+v", got)
	}
	keys(m, "enter") // the decision is answered: no second answer
	if len(got) != 1 {
		t.Errorf("a second answer to one decision: %+v", got)
	}
}

// A typed move is sent as typed; the seat's explanation of an illegal one is shown; a key that does
// nothing says which keys do.
func TestTypedMoveAndExplanation(t *testing.T) {
	var got []Answer
	m := newModel(&got)
	m.Update(trickSnapshot())
	keys(m, "p", "l", "a", "y", "space", "Z", "9")
	if !strings.Contains(m.View(), "move> play Z9_") {
		t.Errorf("the typed line is not shown:\n%s", m.View())
	}
	keys(m, "enter")
	if len(got) != 1 || got[0].Typed != "play Z9" {
		t.Fatalf("typed: %+v", got)
	}
	m.Update(ExplainMsg{Text: `"play Z9" is not a legal move now: there is no card Z9`})
	if !strings.Contains(m.View(), "there is no card Z9") {
		t.Errorf("the explanation is not shown:\n%s", m.View())
	}
	m.Update(tea.KeyMsg{Type: tea.KeyF5})
	if !strings.Contains(m.View(), "f5 does nothing here") {
		t.Errorf("an unbound key is not explained:\n%s", m.View())
	}
}

// ? shows the rules, h asks for a hint and shows it, l the whole log; any other key goes back.
func TestRulesHintAndLogPanes(t *testing.T) {
	var got []Answer
	m := newModel(&got)
	m.Update(trickSnapshot())
	keys(m, "?")
	if v := m.View(); !strings.Contains(v, "MT-1 the first rule") || strings.Contains(v, "your hand") {
		t.Errorf("rules pane:\n%s", v)
	}
	keys(m, "esc", "h")
	if len(got) != 1 || !got[0].Hint {
		t.Fatalf("h: %+v", got)
	}
	m.Update(HintMsg{Lines: []string{"ismcts (300 iterations) would play: play B2", " * 2) play B2   61%   120"}})
	if v := m.View(); !strings.Contains(v, "would play: play B2") || strings.Contains(v, "searching for a hint") {
		t.Errorf("hint pane (the search is over):\n%s", v)
	}
	keys(m, "esc", "l")
	if v := m.View(); !strings.Contains(v, "every event you have seen") || !strings.Contains(v, "seat 1: play O4") {
		t.Errorf("log pane:\n%s", v)
	}
	keys(m, "esc", "enter")
	if len(got) != 2 || got[1].Index != 0 {
		t.Errorf("after the panes, enter plays: %+v", got)
	}
}

// Resizing reflows: every line fits the new width and height, and long text wraps between words.
func TestResizeReflows(t *testing.T) {
	m := modelWithTable(strings.Repeat("a rather long explanation of why the decision is asked ", 6))
	for _, size := range [][2]int{{120, 40}, {70, 30}, {40, 15}} {
		m.Update(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
		lines := strings.Split(m.View(), "\n")
		if len(lines) > size[1] {
			t.Errorf("%dx%d: %d lines", size[0], size[1], len(lines))
		}
		for _, l := range lines {
			if w := ansi.StringWidth(l); w > size[0] {
				t.Errorf("%dx%d: a line of %d columns: %q", size[0], size[1], w, l)
			}
		}
	}
	m.Update(tea.WindowSizeMsg{Width: 70, Height: 40})
	for _, l := range strings.Split(m.View(), "\n") {
		if strings.Contains(l, "explanation") && (strings.HasSuffix(strings.TrimSpace(l), "expl") || strings.Contains(l, " lon\n")) {
			t.Errorf("a word is cut: %q", l)
		}
	}
	if !strings.Contains(m.View(), "a rather long explanation of why the") {
		t.Errorf("the text is not wrapped between words:\n%s", m.View())
	}
}

// On a board, the arrows move the chosen piece between legal placements only, r turns it, and the
// piece is drawn on the board in lower case.
func TestBoardCursor(t *testing.T) {
	var got []Answer
	m := newModel(&got)
	s := Snapshot{Version: 1, Seat: 0, Title: "Simino", Players: 2, ToAct: 0, Hand: []string{"OB"}, Decision: 2,
		Totals: []int{0, 0}, Boards: []Board{{View: core.BoardView{Name: "main", Rows: 3, Cols: 3, Floors: 1, Pieces: []core.PieceView{}}}},
		Legal: []string{"place OB 0 0 r 1", "place OB 0 0 d 1", "place OB 2 0 r 1", "place OB 0 1 d 1"}}
	s.Placements = []Placement{
		{Board: "main", Floor: 1, Cells: [][2]int{{0, 0}, {0, 1}}, Values: []string{"O", "B"}},
		{Board: "main", Floor: 1, Cells: [][2]int{{0, 0}, {1, 0}}, Values: []string{"O", "B"}},
		{Board: "main", Floor: 1, Cells: [][2]int{{2, 0}, {2, 1}}, Values: []string{"O", "B"}},
		{Board: "main", Floor: 1, Cells: [][2]int{{0, 1}, {1, 1}}, Values: []string{"O", "B"}},
	}
	m.Update(s)
	if v := m.View(); !strings.Contains(v, " o1  b1") || !strings.Contains(v, "row 0 col 0, row 0 col 1") {
		t.Errorf("the chosen placement is not drawn:\n%s", v)
	}
	keys(m, "r")
	keys(m, "down", "left")
	if !strings.Contains(m.View(), "no legal placement that way") {
		t.Errorf("a blocked arrow is not explained:\n%s", m.View())
	}
	keys(m, "enter")
	// r: (0,0) down; down: the nearest below is (2,0); left from (2,0): none, it stays
	if len(got) != 1 || got[0].Index != 2 {
		t.Fatalf("r, down, left, enter: %+v", got)
	}
}

// An older snapshot never replaces a newer one; two human seats at one terminal hand it over.
// In a session each game's snapshots count their versions from 1 again: the next game's first snapshot
// replaces the last game's final one, and a late snapshot of an earlier game never replaces a later's.
func TestNextGameReplacesTheLastGamesEnd(t *testing.T) {
	var got []Answer
	m := newModel(&got)
	end := trickSnapshot()
	end.Game, end.Version, end.Table = 1, 40, "game one over"
	m.Update(end)
	next := trickSnapshot()
	next.Game, next.Version, next.Table = 2, 1, "game two starts"
	m.Update(next)
	if !strings.Contains(m.View(), "game two starts") {
		t.Fatalf("the next game's first snapshot did not replace the last game's end:\n%s", m.View())
	}
	late := end
	late.Version, late.Table = 39, "game one late"
	m.Update(late)
	if strings.Contains(m.View(), "game one late") {
		t.Errorf("a late snapshot of an earlier game replaced the next game's")
	}
}

func TestSnapshotsAndHandOver(t *testing.T) {
	var got []Answer
	m := New([]int{0, 1}, "", func(a Answer) { got = append(got, a) })
	s := trickSnapshot()
	m.Update(s)
	old := s
	old.Version, old.Table = 0, "stale"
	m.Update(old)
	if strings.Contains(m.View(), "stale") {
		t.Errorf("an older snapshot replaced a newer")
	}
	other := trickSnapshot()
	other.Seat, other.Version, other.Decision = 1, 2, 9
	m.Update(other)
	if !strings.Contains(m.View(), "Pass the terminal to seat 1") {
		t.Fatalf("no hand-over:\n%s", m.View())
	}
	keys(m, "enter", "enter")
	if len(got) != 1 || got[0].Seat != 1 || got[0].Decision != 9 {
		t.Errorf("seat 1's answer: %+v", got)
	}
}

// On a short screen (80x24, the default of many terminals) the game's text is cut, never the hand and
// the moves: the decision stays in view.
func TestShortScreenKeepsTheDecision(t *testing.T) {
	m := modelWithTable(strings.Repeat("a line of the game's own screen\n", 30))
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	v := m.View()
	for _, want := range []string{"your hand: [O1] B2 G3", ">  1) play O1", "more of the table on a taller screen"} {
		if !strings.Contains(v, want) {
			t.Errorf("an 80x24 screen lacks %q:\n%s", want, v)
		}
	}
	if n := len(strings.Split(v, "\n")); n > 24 {
		t.Errorf("%d lines on a 24-line screen", n)
	}
}

// q leaves: the seat is told and the program quits; after ':' a q is typed (a move may start with it).
func TestQuitKey(t *testing.T) {
	var got []Answer
	m := newModel(&got)
	m.Update(trickSnapshot())
	keys(m, ":", "q")
	if len(got) != 0 || !strings.Contains(m.View(), "move> q_") {
		t.Fatalf("':' then q: %+v\n%s", got, m.View())
	}
	keys(m, "esc")
	_, cmd := m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("q")})
	if len(got) != 1 || !got[0].Quit {
		t.Fatalf("q: %+v", got)
	}
	if cmd == nil {
		t.Fatal("q does not end the program")
	}
	if _, ok := cmd().(tea.QuitMsg); !ok {
		t.Errorf("q's command is not tea.Quit")
	}
}
