package tui

import (
	"io"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/ruleslab/ruleslab/core/tui/screen"
)

// FullScreen plays a game on one terminal's full screen: play runs the game (its human seats are the
// table's Human seats at seats) while the screen shows the seat of each decision (several human seats
// hand the terminal over between them). It returns when the game ends and its end has been seen, or
// when the person quits (play then returns ErrQuit at the seat's next decision); play's error.
func FullScreen(in io.Reader, out io.Writer, t *Table, seats []int, rules string, play func() error) error {
	var p *tea.Program
	m := screen.New(seats, rules, func(a screen.Answer) {
		switch {
		case a.Ready:
			go p.Send(screen.ClosedMsg{Text: "the game is over"})
		case a.Quit:
			for _, h := range t.humans {
				h.Send(a)
			}
		default:
			if h := t.humans[a.Seat]; h != nil {
				h.Send(a)
			}
		}
	})
	p = tea.NewProgram(m, tea.WithInput(in), tea.WithOutput(out), tea.WithAltScreen())
	for _, seat := range seats {
		t.Attach(seat, func(msg any) { p.Send(msg) })
	}
	done := make(chan error, 1)
	go func() {
		err := play()
		if err == nil {
			err = t.Publish() // the end, as each seat sees it
		}
		if err != nil {
			p.Quit()
		}
		done <- err
	}()
	if _, err := p.Run(); err != nil {
		return err
	}
	return <-done
}
