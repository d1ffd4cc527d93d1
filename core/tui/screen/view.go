package screen

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"
)

// twoColumns is the narrowest screen that shows the seats, scores and history beside the table.
const twoColumns = 100

// View implements tea.Model: the status line, the table (or the pane a key opened) and the keys.
func (m *Model) View() string {
	if m.handTo >= 0 {
		return fmt.Sprintf("Pass the terminal to seat %d.\n\nPress Enter when only seat %d is looking.\n", m.handTo, m.handTo)
	}
	s, ok := m.current()
	if !ok {
		lines := append([]string{"waiting for the game to start..."}, m.lobby...)
		if m.lobby != nil {
			lines = m.lobby
		}
		if m.message != "" {
			lines = append(lines, "", m.message)
		}
		return m.fit(lines)
	}
	head := []string{m.st().status.Render(ansi.Truncate(statusLine(s), m.width, "…"))}
	foot := m.footer(s)
	h := max(1, m.height-len(head)-len(foot))
	var body []string
	switch m.pane {
	case paneRules:
		body = m.scrolled("rules (↑↓ scroll, Esc back)", m.rules, h)
	case paneLog:
		body = m.scrolled("log: every event you have seen (↑↓ scroll, Esc back)", strings.Join(s.History, "\n"), h)
	case paneHint:
		body = m.scrolled("hint (Esc back)", strings.Join(m.hint, "\n"), h)
	default:
		body = m.table(s, h)
	}
	for len(body) < h {
		body = append(body, "")
	}
	return m.fit(append(append(head, body[:h]...), foot...))
}

// fit cuts every line to the screen's width and the whole to its height.
func (m *Model) fit(lines []string) string {
	if len(lines) > m.height {
		lines = lines[:m.height]
	}
	for i, l := range lines {
		lines[i] = ansi.Truncate(l, m.width, "")
	}
	return strings.Join(lines, "\n")
}

// bodyHeight is the height of a pane over the table.
func (m *Model) bodyHeight() int { return max(1, m.height-4) }

// statusLine names the game, variant, seed, game number, move and whose turn it is.
func statusLine(s Snapshot) string {
	parts := []string{s.Title}
	if s.Variant != "" {
		parts = append(parts, "variant "+s.Variant)
	}
	parts = append(parts, fmt.Sprintf("seed %d", s.Seed))
	if s.Game > 1 || s.Running != nil {
		parts = append(parts, fmt.Sprintf("game %d", s.Game))
	}
	parts = append(parts, fmt.Sprintf("move %d", s.Moves+1))
	if s.Seat >= 0 {
		parts = append(parts, fmt.Sprintf("you: seat %d", s.Seat))
	} else {
		parts = append(parts, "spectator")
	}
	switch {
	case s.Over:
		parts = append(parts, "game over")
	case s.Decision != 0:
		parts = append(parts, "YOUR TURN")
	default:
		parts = append(parts, "to act: "+seatLabel(s, s.ToAct))
	}
	return strings.Join(parts, " · ")
}

// scrolled is a pane's title and its text wrapped, from the scroll line on.
func (m *Model) scrolled(title, text string, h int) []string {
	lines := wrap(text, m.width)
	m.scroll = min(m.scroll, max(0, len(lines)-(h-1)))
	return append([]string{m.st().title.Render(title)}, lines[m.scroll:]...)
}

// footer is the typed line or the last message, and the keys.
func (m *Model) footer(s Snapshot) []string {
	var out []string
	switch {
	case m.typing:
		out = append(out, "move> "+m.input+"_   (Enter sends, Esc drops)")
	case m.message != "":
		out = append(out, wrap(m.message, m.width)...)
	case s.Notice != "":
		out = append(out, wrap(s.Notice, m.width)...)
	}
	keys := "←→ card  ↑↓ move  Enter play  type a move (: first for ?hlqr)  ? rules  h hint  l log  q quit"
	if s.Over {
		keys = "Enter: next game (or the end)  ? rules  l log  q quit"
	}
	return append(out, m.st().keys.Render(ansi.Truncate(keys, m.width, "…")))
}

// wrap wraps text at word boundaries to width columns, as lines.
func wrap(text string, width int) []string {
	text = strings.TrimRight(text, "\n")
	if text == "" {
		return nil
	}
	return strings.Split(ansi.Wrap(text, max(10, width), ""), "\n")
}

// styles are the screen's few styles, made by its renderer (a terminal's or an SSH session's).
type styles struct {
	status, title, keys, selected, dim lipgloss.Style
	color                              bool // boards in colour
}

// st are the model's styles (the default renderer's unless WithRenderer set another).
func (m *Model) st() *styles {
	if m.styles == nil {
		m.WithRenderer(lipgloss.DefaultRenderer())
	}
	return m.styles
}

// WithRenderer draws with r: an SSH session's renderer knows that session's terminal.
func (m *Model) WithRenderer(r *lipgloss.Renderer) *Model {
	m.styles = &styles{
		status:   r.NewStyle().Reverse(true),
		title:    r.NewStyle().Bold(true),
		keys:     r.NewStyle().Faint(true),
		selected: r.NewStyle().Reverse(true),
		dim:      r.NewStyle().Faint(true),
		color:    r.ColorProfile() != termenv.Ascii,
	}
	return m
}
