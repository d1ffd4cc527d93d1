package cli

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/core/search"
	"github.com/ruleslab/ruleslab/scripting"
)

// PlayOptions are the options of `ruleslab play`.
type PlayOptions struct {
	IO      *IO
	Game    string
	Variant string
	Seats   string
	Seed    uint64
	Players int
	Ext     extBotFlags
}

func newPlayCmd(io *IO) *cobra.Command {
	opts := &PlayOptions{IO: io}
	cmd := &cobra.Command{
		Use:   "play GAME",
		Short: "Play a game in the terminal: human seats see only their own observation",
		Args:  exactArgs(1, "a GAME (bundled id or YAML path)"),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Game = args[0]
			if !cmd.Flags().Changed("seed") {
				opts.Seed = uint64(time.Now().UnixNano())
			}
			return runPlay(opts)
		},
	}
	f := cmd.Flags()
	f.StringVar(&opts.Variant, "variant", "", "a bundled variant of GAME")
	f.StringVar(&opts.Seats, "seats", "human", "who plays each seat, in order: human or a bot spec (random, the game's bots, lua:PATH, cmd:COMMAND, ismcts[:iterations=N,...]); unlisted seats are random")
	f.Uint64Var(&opts.Seed, "seed", 0, "game seed (default: from the clock, printed at the start)")
	f.IntVar(&opts.Players, "players", 0, "number of players (default: the game's)")
	opts.Ext.register(f)
	return cmd
}

var errQuit = errors.New("quit")

func runPlay(opts *PlayOptions) error {
	p, players, err := loadGame(opts.Game, opts.Variant, opts.Players)
	if err != nil {
		return err
	}
	seatList, err := parseBots(p, opts.Seats, "human")
	if err != nil {
		return err
	}
	if err := opts.Ext.apply(p, opts.IO); err != nil {
		return err
	}
	// Seats not listed are played by the random bot.
	seats := make([]string, players)
	for i := range seats {
		seats[i] = "random"
		if i < len(seatList) {
			seats[i] = seatList[i]
		}
	}
	h := scripting.NewHost()
	defer h.Close()
	e, err := p.NewEngine(h)
	if err != nil {
		return err
	}
	s, err := e.NewState(players, opts.Seed, core.Options{})
	if err != nil {
		return err
	}
	bots := make([]core.Bot, players)
	defer scripting.EndBots(bots, s) // stops external bots' processes
	t := &terminal{io: opts.IO, in: bufio.NewReader(opts.IO.In), last: -1}
	for _, name := range seats {
		if name == "human" {
			t.humans++
		}
	}
	for i, name := range seats {
		if name == "human" {
			bots[i] = &humanSeat{t: t, p: p, e: e, s: s, seed: core.Mix(opts.Seed^0x4171, uint64(i))}
			continue
		}
		b, err := e.NewBot(name, core.Mix(opts.Seed^0xb0b, uint64(i)))
		if err != nil {
			return usagef("--seats: %v", err)
		}
		bots[i] = b
	}
	fmt.Fprintf(opts.IO.Out, "%s, %d players, seed %d; seats: %s\n", p.Game.Name(), players, opts.Seed, strings.Join(seats, ", "))
	err = core.PlayOut(s, e, bots, seats)
	if errors.Is(err, errQuit) {
		fmt.Fprintln(opts.IO.Out, "quit: the game was left unfinished")
		return nil
	}
	if err != nil {
		return err
	}
	// the end as the last human seat sees it: the events since its last decision (the last trick, the
	// scores), then the result
	if hs, ok := humanAt(bots, t.last); ok {
		if events := s.ViewFor(t.last).Events(0); hs.seen < len(events) {
			fmt.Fprintln(opts.IO.Out)
			if err := hs.showEvents(events[hs.seen:], t.last, 0); err != nil {
				return err
			}
		}
	}
	fmt.Fprintf(opts.IO.Out, "\ngame over: totals %v, winners %v\n", s.Totals(), s.Winners())
	return nil
}

// humanAt returns the human seat playing seat, if one does.
func humanAt(bots []core.Bot, seat int) (*humanSeat, bool) {
	if seat < 0 || seat >= len(bots) {
		return nil, false
	}
	hs, ok := bots[seat].(*humanSeat)
	return hs, ok
}

// humanSeat asks a person at the terminal. It prints only the seat's observation.
type humanSeat struct {
	t    *terminal
	p    *scripting.Program
	e    *scripting.Engine
	s    *core.State // the game, only to match typed moves with the engine's matcher; shown: the view
	seen int         // events already shown
	hint *search.ISMCTS
	seed uint64
}

// terminal is what the human seats of one `play` share: the screen, the keyboard, and who used them
// last (two people at one terminal hand it over between their decisions).
type terminal struct {
	io     *IO
	in     *bufio.Reader
	humans int
	last   int // the seat of the last human decision, -1 before the first
}

func (hs *humanSeat) Choose(v core.View) (int, error) {
	seat := v.Seat()
	legal := v.Legal()
	t := hs.t
	w := t.io.Out
	if t.humans > 1 && t.last != seat {
		if err := t.handOff(seat); err != nil {
			return 0, err
		}
	}
	t.last = seat
	events := v.Events(0)
	if hs.seen < len(events) {
		fmt.Fprintln(w)
		if err := hs.showEvents(events[hs.seen:], seat, maxEventLines); err != nil {
			return 0, err
		}
		hs.seen = len(events)
	}
	text, err := hs.e.Render(v)
	if err != nil {
		return 0, err
	}
	fmt.Fprintf(w, "\n=== seat %d, your decision ===\n", seat)
	color := os.Getenv("NO_COLOR") == ""
	if text != "" {
		// the boards seen from above (one grid whatever the floors), then the game's own text, which
		// ends with why the decision is asked, right above the moves
		for _, b := range v.Boards() {
			fmt.Fprint(w, core.RenderBoardTop(b, boardColors(v, b.Name), color))
		}
		fmt.Fprint(w, text)
		if !strings.HasSuffix(text, "\n") {
			fmt.Fprintln(w)
		}
	} else {
		obs := v.Observation()
		renderObservation(w, obs)
		for _, b := range obs.Boards {
			fmt.Fprint(w, core.RenderBoard(b, boardColors(v, b.Name), color))
		}
	}
	fmt.Fprintln(w, "your moves:")
	writeMoves(w, legal, movesOnScreen)
	for {
		fmt.Fprint(w, "move (number or notation; help, quit)> ")
		line, err := t.in.ReadString('\n')
		if err != nil && line == "" {
			if err == io.EOF {
				return 0, errQuit
			}
			return 0, err
		}
		line = strings.TrimSpace(line)
		switch strings.ToLower(line) {
		case "":
			continue
		case "quit", "q":
			return 0, errQuit
		case "help", "h", "?":
			hs.help()
			continue
		case "moves", "m":
			writeMoves(w, legal, 0)
			continue
		case "log":
			if err := hs.showEvents(events, seat, 0); err != nil {
				return 0, err
			}
			continue
		case "hint":
			if err := hs.showHint(v); err != nil {
				return 0, err
			}
			continue
		}
		n, numErr := strconv.Atoi(line)
		if numErr == nil && n >= 1 && n <= len(legal) {
			return n - 1, nil
		}
		// the same matcher as run and replay (the engine's): exact, normalize hook, case and spaces, a
		// bare card (a number out of range too: a card may be called 66); when none matches, the reason
		i, err := hs.s.Match(hs.e, line)
		if err == nil {
			return i, nil
		}
		var ill *core.IllegalMoveError
		if !errors.As(err, &ill) {
			return 0, err
		}
		if numErr == nil {
			fmt.Fprintf(w, "no move %d: pick 1..%d\n", n, len(legal))
			if ill.Reason != "" && !strings.HasPrefix(ill.Reason, "no legal move now uses") {
				fmt.Fprintf(w, "(as a card: %s)\n", ill.Reason)
			}
			continue
		}
		if ill.Reason != "" {
			fmt.Fprintf(w, "%q is not a legal move now: %s\n", line, ill.Reason)
		} else {
			fmt.Fprintf(w, "%q is not a legal move now ('moves' lists them)\n", line)
		}
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
func (hs *humanSeat) help() {
	w := hs.t.io.Out
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

// renderObservation prints an observation generically: zones (cards or sizes), values and scores.
func renderObservation(w io.Writer, o *core.Observation) {
	for _, z := range o.Zones {
		name := z.Name
		if z.Seat >= 0 {
			name = fmt.Sprintf("%s[%d]", z.Name, z.Seat)
			if z.Seat == o.Seat {
				name += " (yours)"
			}
		}
		if z.Visible {
			if z.Count == 0 {
				fmt.Fprintf(w, "  %-18s -\n", name)
			} else {
				fmt.Fprintf(w, "  %-18s %s\n", name, strings.Join(z.Cards, " "))
			}
		} else if z.Count > 0 {
			fmt.Fprintf(w, "  %-18s %d face down\n", name, z.Count)
		}
	}
	if len(o.Vars) > 0 {
		keys := make([]string, 0, len(o.Vars))
		for k := range o.Vars {
			keys = append(keys, k)
		}
		sortStrings(keys)
		var parts []string
		for _, k := range keys {
			parts = append(parts, fmt.Sprintf("%s=%v", k, o.Vars[k]))
		}
		fmt.Fprintf(w, "  %s\n", strings.Join(parts, "  "))
	}
	for i, m := range o.SeatVars {
		if len(m) == 0 {
			continue
		}
		keys := make([]string, 0, len(m))
		for k := range m {
			keys = append(keys, k)
		}
		sortStrings(keys)
		var parts []string
		for _, k := range keys {
			parts = append(parts, fmt.Sprintf("%s=%v", k, m[k]))
		}
		fmt.Fprintf(w, "  seat %d: %s\n", i, strings.Join(parts, "  "))
	}
	fmt.Fprintf(w, "  scores: %v\n", o.Scores)
}

// showHint runs the ismcts bot (default budget) on the seat's view, the only thing it sees, and prints
// every move with its win estimate (the mean reward of the searches through it: a share of wins).
func (hs *humanSeat) showHint(v core.View) error {
	if hs.hint == nil {
		b, err := hs.e.NewBot(scripting.ISMCTSPrefix, hs.seed)
		if err != nil {
			return err
		}
		hs.hint = b.(*search.ISMCTS)
	}
	a, err := hs.hint.Analyse(v)
	if err != nil {
		return err
	}
	w := hs.t.io.Out
	fmt.Fprintf(w, "ismcts (%d iterations) would play: %s\n", a.Iterations, a.Moves[a.Best].Move)
	if a.Prior != "" {
		fmt.Fprintf(w, "(its search favoured %s, the move of its prior bot %s)\n", a.Prior, hs.hint.Config().Prior)
	}
	for i, m := range a.Moves {
		est := "  n/a"
		if m.Visits > 0 {
			est = fmt.Sprintf("%4.0f%%", 100*m.Value)
		}
		mark := " "
		if i == a.Best {
			mark = "*"
		}
		fmt.Fprintf(w, " %s%2d) %-16s win %s  (%d searches)\n", mark, i+1, m.Move, est, m.Visits)
	}
	return nil
}
