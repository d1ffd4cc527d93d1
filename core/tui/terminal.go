package tui

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/core/bots"
	"github.com/ruleslab/ruleslab/scripting"
)

// ErrQuit is returned by a human seat's Choose when the person quits (or the input ends).
var ErrQuit = errors.New("quit")

// handOffLines blank lines push the last player's screen out of sight when the terminal is no tty.
const handOffLines = 40

// Terminal is what the human seats of one game share: the screen, the keyboard, and who used them
// last (two people at one terminal hand it over between their decisions).
type Terminal struct {
	out       io.Writer
	in        *bufio.Reader
	outIsTerm bool // the screen can be cleared
	color     bool // boards in colour
	seats     map[int]*Seat
	last      int // the seat of the last human decision, -1 before the first
}

// NewTerminal is a terminal reading in and writing out; outIsTerm says out is a tty (the hand-off
// clears it), color draws boards in colour.
func NewTerminal(in io.Reader, out io.Writer, outIsTerm, color bool) *Terminal {
	return &Terminal{out: out, in: bufio.NewReader(in), outIsTerm: outIsTerm, color: color, seats: map[int]*Seat{}, last: -1}
}

// NewSeat is the human at seat of the game s, played by the engine e of the registry's game; seed seeds its
// hints.
func (t *Terminal) NewSeat(seat int, reg *bots.Registry, e *scripting.Engine, s *core.State, seed uint64) *Seat {
	hs := &Seat{t: t, bots: reg, p: reg.Program(), e: e, s: s, seed: seed}
	t.seats[seat] = hs
	return hs
}

// ShowEnd shows the end of the game s as the last human seat sees it: the events since its last
// decision (the last trick, the scores).
func (t *Terminal) ShowEnd(s *core.State) error {
	hs, ok := t.seats[t.last]
	if !ok {
		return nil
	}
	if events := s.ViewFor(t.last).Events(0); hs.seen < len(events) {
		fmt.Fprintln(t.out)
		return hs.showEvents(events[hs.seen:], t.last, 0)
	}
	return nil
}

// takeTurn hands the terminal to seat when another person used it last.
func (t *Terminal) takeTurn(seat int) error {
	if len(t.seats) > 1 && t.last != seat {
		if err := t.handOff(seat); err != nil {
			return err
		}
	}
	t.last = seat
	return nil
}

// handOff hides the last player's screen and waits until the next one is at the terminal.
func (t *Terminal) handOff(seat int) error {
	w := t.out
	if t.outIsTerm {
		fmt.Fprint(w, "\x1b[H\x1b[2J\x1b[3J") // clear the screen and its scrollback
	} else {
		fmt.Fprint(w, strings.Repeat("\n", handOffLines))
	}
	fmt.Fprintf(w, "=== pass the terminal to seat %d: press Enter when only seat %d is looking ===\n", seat, seat)
	if _, err := t.in.ReadString('\n'); err != nil {
		if err == io.EOF {
			return ErrQuit
		}
		return err
	}
	if t.outIsTerm {
		fmt.Fprint(w, "\x1b[H\x1b[2J")
	}
	return nil
}

// readLine prompts and reads one line; the end of the input is ErrQuit.
func (t *Terminal) readLine(prompt string) (string, error) {
	fmt.Fprint(t.out, prompt)
	line, err := t.in.ReadString('\n')
	if err != nil && line == "" {
		if err == io.EOF {
			return "", ErrQuit
		}
		return "", err
	}
	return strings.TrimSpace(line), nil
}
