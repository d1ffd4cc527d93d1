package cli

import (
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/core/bots"
	"github.com/ruleslab/ruleslab/core/coverage"
	"github.com/ruleslab/ruleslab/core/lab"
	"github.com/ruleslab/ruleslab/core/tui"
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
	// ClockSeed seeds the game from the clock instead of Seed (no --seed given).
	ClockSeed bool
	// Plain keeps the line screen on a terminal (the full screen is for a terminal on stdin and stdout).
	Plain bool
}

// fullScreen reports whether play draws the full-screen table: on a terminal, without --plain.
func (o *PlayOptions) fullScreen() bool { return o.IO.InIsTerm && o.IO.OutIsTerm && !o.Plain }

// NewCmdPlay builds `ruleslab play`; runF runs the parsed options (nil: runPlay).
func NewCmdPlay(io *IO, runF func(*PlayOptions) error) *cobra.Command {
	opts := &PlayOptions{IO: io}
	cmd := &cobra.Command{
		Use:   "play GAME",
		Short: "Play a game in the terminal: human seats see only their own observation",
		Args:  exactArgs(1, "a GAME (bundled id or YAML path)"),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Game = args[0]
			opts.ClockSeed = !cmd.Flags().Changed("seed")
			return runOr(runF, runPlay)(opts)
		},
	}
	f := cmd.Flags()
	registerVariant(f, &opts.Variant)
	f.StringVar(&opts.Seats, "seats", "human", "who plays each seat, in order: human or a bot spec (random, the game's bots, lua:PATH, cmd:COMMAND, ismcts[:iterations=N,...]); without --players, as many players as seats listed when the game allows it; unlisted seats are random")
	f.Uint64Var(&opts.Seed, "seed", 0, "game seed (default: from the clock, printed at the start)")
	f.IntVar(&opts.Players, "players", 0, "number of players (default: the number of --seats when the game allows it, else the game's)")
	f.BoolVar(&opts.Plain, "plain", false, "the line screen even on a terminal (it is always used when stdin or stdout is not a terminal)")
	opts.Ext.register(f)
	return cmd
}

// playGame is one game of `play` ready to start: the game, its state, and who plays each seat.
type playGame struct {
	p     *scripting.Program
	reg   *bots.Registry
	e     *scripting.Engine
	s     *core.State
	seats []string
}

func runPlay(opts *PlayOptions) error {
	if opts.ClockSeed {
		opts.Seed = uint64(time.Now().UnixNano())
	}
	p, players, err := loadGame(opts.Game, opts.Variant, opts.Players)
	if err != nil {
		return err
	}
	if err := opts.Ext.check(); err != nil {
		return err
	}
	players = seatedPlayers(p, opts.Seats, opts.Players, players)
	reg := bots.For(p, opts.Ext.options(opts.IO))
	seats, err := playSeats(reg, opts.Seats, players)
	if err != nil {
		return err
	}
	h := scripting.NewHost()
	defer h.Close()
	e, err := p.NewEngine(h)
	if err != nil {
		return err
	}
	s, err := e.NewState(players, opts.Seed, core.StateOptions{})
	if err != nil {
		return err
	}
	g := &playGame{p: p, reg: reg, e: e, s: s, seats: seats}
	if opts.fullScreen() && slices.Contains(seats, "human") { // bots alone play out on the line screen
		err = playFullScreen(opts, g)
	} else {
		err = playLines(opts, g)
	}
	if errors.Is(err, tui.ErrQuit) {
		fmt.Fprintln(opts.IO.Out, "quit: the game was left unfinished")
		return nil
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(opts.IO.Out, "\ngame over: totals %v, winners %v\n", s.Totals(), s.Winners())
	return nil
}

// seatedPlayers is lab.SeatedPlayers of a --seats list as typed (an unreadable list is left to
// playSeats to report).
func seatedPlayers(p *scripting.Program, list string, flagPlayers, resolved int) int {
	seats, err := bots.Split(list)
	if err != nil {
		return resolved
	}
	return lab.SeatedPlayers(p, flagPlayers, resolved, len(seats))
}

// playSeats are the seats' players: the listed ones (human or a bot spec), random for the others.
func playSeats(reg *bots.Registry, list string, players int) ([]string, error) {
	seatList, err := lab.Seats(reg, list, "human")
	if err != nil {
		return nil, err
	}
	seats := make([]string, players)
	for i := range seats {
		seats[i] = "random"
		if i < len(seatList) {
			seats[i] = seatList[i]
		}
	}
	return seats, nil
}

// seatBots makes the bots of the seats that are not human (human makes a human seat's).
func (g *playGame) seatBots(seed uint64, human func(seat int) core.Bot) ([]core.Bot, error) {
	seated := make([]core.Bot, len(g.seats))
	for i, name := range g.seats {
		if name == "human" {
			seated[i] = human(i)
			continue
		}
		b, err := g.reg.New(g.e, name, core.Mix(seed^0xb0b, uint64(i)))
		if err != nil {
			bots.End(seated, g.s)
			return nil, usagef("--seats: %v", err)
		}
		seated[i] = b
	}
	return seated, nil
}

// playLines plays on the line screen (pipes, scripts, --plain).
func playLines(opts *PlayOptions, g *playGame) error {
	t := tui.NewTerminal(opts.IO.In, opts.IO.Out, opts.IO.OutIsTerm, useColour(opts.IO.OutIsTerm))
	seated, err := g.seatBots(opts.Seed, func(i int) core.Bot {
		return t.NewSeat(i, g.reg, g.e, g.s, core.Mix(opts.Seed^0x4171, uint64(i)))
	})
	if err != nil {
		return err
	}
	defer bots.End(seated, g.s) // stops external bots' processes
	defer onInterrupt(opts.IO, func() { bots.End(seated, g.s) })()
	fmt.Fprintf(opts.IO.Out, "%s, %d players, seed %d; seats: %s\n", g.p.Game.Name(), len(g.seats), opts.Seed, strings.Join(g.seats, ", "))
	if err := core.PlayOut(g.s, g.e, seated, g.seats); err != nil {
		return err
	}
	// the end as the last human seat sees it
	return t.ShowEnd(g.s)
}

// playFullScreen plays on the terminal's full screen; the seed and the result are printed after it.
func playFullScreen(opts *PlayOptions, g *playGame) error {
	names := append([]string(nil), g.seats...)
	table := tui.NewTable(g.reg, g.e, g.s, tui.Info{Title: g.p.Game.Config.Title, Variant: opts.Variant, Seed: opts.Seed, Names: names, Game: 1})
	var humans []int
	seated, err := g.seatBots(opts.Seed, func(i int) core.Bot {
		humans = append(humans, i)
		return table.Human(i, core.Mix(opts.Seed^0x4171, uint64(i)))
	})
	if err != nil {
		return err
	}
	defer bots.End(seated, g.s)
	shown := make([]core.Bot, len(seated)) // each bot brings the screens up to date before it chooses
	for i, b := range seated {
		shown[i] = b
		if g.seats[i] != "human" {
			shown[i] = table.Bot(b)
		}
	}
	rules := coverage.RulesText(g.p.Game.Config)
	err = tui.FullScreen(opts.IO.In, opts.IO.Out, table, humans, rules, func() error {
		return core.PlayOut(g.s, g.e, shown, g.seats)
	})
	fmt.Fprintf(opts.IO.Out, "%s, %d players, seed %d; seats: %s\n", g.p.Game.Name(), len(g.seats), opts.Seed, strings.Join(g.seats, ", "))
	return err
}

// useColour: colours only on a terminal, or where CLICOLOR_FORCE asks for them (a pager that reads
// escape codes), and never under NO_COLOR (https://no-color.org).
func useColour(outIsTerm bool) bool {
	if os.Getenv("NO_COLOR") != "" {
		return false
	}
	force := os.Getenv("CLICOLOR_FORCE")
	return outIsTerm || (force != "" && force != "0")
}

// onInterrupt stops a game waiting on a person at the line screen when SIGINT, SIGTERM or SIGHUP comes:
// the read of a line cannot be cancelled, so end (which stops the external bots' process groups) runs,
// the game is said to be left unfinished, and the process exits 130 (io.exit; in-process, where
// io.exit is nil, nothing else is done). The returned function stops watching.
func onInterrupt(io *IO, end func()) (stop func()) {
	if io.exit == nil {
		return func() {}
	}
	ctx, cancel := stopSignals()
	done := make(chan struct{})
	go func() {
		select {
		case <-ctx.Done():
			select {
			case <-done: // stopped watching (which also cancels ctx): the game ended on its own
				return
			default:
			}
			end()
			fmt.Fprintln(io.Err, "ruleslab: interrupted: the game was left unfinished")
			io.exit(ExitInterrupted)
		case <-done:
		}
	}()
	return func() { close(done); cancel() }
}
