package tui

import (
	"fmt"
	"strings"

	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/core/bots"
	"github.com/ruleslab/ruleslab/core/textsafe"
	"github.com/ruleslab/ruleslab/scripting"
)

// prompt is what a decision asks after its screen.
const prompt = "move (number or notation; help, quit)> "

// Seat asks a person at the terminal. It prints only the seat's observation.
type Seat struct {
	t    *Terminal
	bots *bots.Registry // makes the hint's search bot
	p    *scripting.Program
	e    *scripting.Engine
	s    *core.State // the game, only to match typed moves with the engine's matcher; shown: the view
	seen int         // events already shown
	seed uint64
}

// decision is one decision of a seat, the model its prompt updates: the view, its legal moves and the
// events the seat may see.
type decision struct {
	hs     *Seat
	v      core.View
	seat   int
	legal  []string
	events []core.Event
}

// Choose shows the decision's screen, then reads lines until one names a legal move (by its number
// or in the game's notation) or quits (ErrQuit).
func (hs *Seat) Choose(v core.View) (int, error) {
	d := &decision{hs: hs, v: v, seat: v.Seat(), legal: v.Legal(), events: v.Events(0)}
	if err := hs.t.takeTurn(d.seat); err != nil {
		return 0, err
	}
	if err := d.draw(); err != nil {
		return 0, err
	}
	for {
		line, err := hs.t.readLine(prompt)
		if err != nil {
			return 0, err
		}
		if i, chosen, err := d.update(line); chosen || err != nil {
			return i, err
		}
	}
}

// update acts on a line typed at the prompt: a command, or a move; chosen when it names a legal move.
func (d *decision) update(line string) (i int, chosen bool, err error) {
	if handled, err := d.command(strings.ToLower(line)); handled || err != nil {
		return 0, false, err
	}
	return d.match(line)
}

// command runs a prompt command (quit, help, moves, log, hint); handled when line is one (or empty).
func (d *decision) command(cmd string) (handled bool, err error) {
	w := d.hs.t.out
	switch cmd {
	case "":
	case "quit", "q":
		return true, ErrQuit
	case "help", "h", "?":
		d.hs.help()
	case "moves", "m":
		writeMoves(w, d.legal, 0)
	case "log":
		err = d.hs.showEvents(d.events, d.seat, 0)
	case "hint":
		err = d.hs.showHint(d.v)
	default:
		return false, nil
	}
	return true, err
}

// match finds the move a line names (matchMove); when none matches, it says why and the prompt asks
// again.
func (d *decision) match(line string) (int, bool, error) {
	i, ok, why, err := matchMove(d.hs.s, d.hs.e, d.legal, line, "'moves' lists them")
	if !ok && err == nil {
		fmt.Fprintln(d.hs.t.out, why)
	}
	return i, ok, err
}

// draw shows the decision's screen: the events since the seat's last decision, the table (the game's
// render hook, else the observation and the boards), and the moves.
func (d *decision) draw() error {
	hs, w := d.hs, d.hs.t.out
	if hs.seen < len(d.events) {
		fmt.Fprintln(w)
		if err := hs.showEvents(d.events[hs.seen:], d.seat, maxEventLines); err != nil {
			return err
		}
		hs.seen = len(d.events)
	}
	text, err := hs.e.Render(d.v)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "\n=== seat %d, your decision ===\n", d.seat)
	d.drawTable(text)
	fmt.Fprintln(w, "your moves:")
	writeMoves(w, d.legal, movesOnScreen)
	return nil
}

// drawTable shows the game's own text when its render hook gives one, with the boards seen from above
// (one grid whatever the floors) above it: the text ends with why the decision is asked, right above
// the moves. Without one, the observation in general terms and the boards.
func (d *decision) drawTable(text string) {
	w, color := d.hs.t.out, d.hs.t.color
	if text == "" {
		obs := d.v.Observation()
		renderObservation(w, obs)
		for _, b := range obs.Boards {
			fmt.Fprint(w, core.RenderBoard(b, boardColors(d.v, b.Name), color))
		}
		return
	}
	for _, b := range d.v.Boards() {
		fmt.Fprint(w, core.RenderBoardTop(b, boardColors(d.v, b.Name), color))
	}
	text = textsafe.Escape(text) // the game's render hook's text: no escape sequence reaches the terminal
	fmt.Fprint(w, text)
	if !strings.HasSuffix(text, "\n") {
		fmt.Fprintln(w)
	}
}

// boardColors is the `boards.<name>.colors` map of a board: value -> colour name.
func boardColors(v core.View, name string) map[string]string {
	for _, d := range v.Game().Boards {
		if d.Name == name {
			return d.Colors
		}
	}
	return nil
}

// help prints the game's move notation (YAML `notation:`) and the commands of the prompt.
func (hs *Seat) help() {
	w := hs.t.out
	if n := strings.TrimRight(hs.p.Game.Config.Notation, "\n"); n != "" {
		fmt.Fprintf(w, "How moves are written in %s:\n", hs.p.Game.Config.Title)
		for _, l := range strings.Split(n, "\n") {
			fmt.Fprintf(w, "  %s\n", l)
		}
	}
	fmt.Fprintln(w, "Type the number of a move, or the move itself in the game's notation (as listed, any case);")
	fmt.Fprintln(w, "a card alone (O6) is enough when exactly one of your moves uses it.")
	fmt.Fprintln(w, "You see your own hand and what is public; hidden zones show only their size.")
	fmt.Fprintln(w, "'moves' lists your moves again, 'log' shows every event you have seen,")
	fmt.Fprintln(w, "'hint' shows what the ismcts bot would play, with its win estimate per move.")
	fmt.Fprintln(w, "'quit' leaves the game.")
}
