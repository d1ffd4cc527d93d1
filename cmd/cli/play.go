package cli

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/core/bots"
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
}

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
	f.StringVar(&opts.Seats, "seats", "human", "who plays each seat, in order: human or a bot spec (random, the game's bots, lua:PATH, cmd:COMMAND, ismcts[:iterations=N,...]); unlisted seats are random")
	f.Uint64Var(&opts.Seed, "seed", 0, "game seed (default: from the clock, printed at the start)")
	f.IntVar(&opts.Players, "players", 0, "number of players (default: the game's)")
	opts.Ext.register(f)
	return cmd
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
	reg := bots.For(p, opts.Ext.options(opts.IO))
	seatList, err := lab.Seats(reg, opts.Seats, "human")
	if err != nil {
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
	s, err := e.NewState(players, opts.Seed, core.StateOptions{})
	if err != nil {
		return err
	}
	seated := make([]core.Bot, players)
	defer bots.End(seated, s) // stops external bots' processes
	t := tui.NewTerminal(opts.IO.In, opts.IO.Out, opts.IO.OutIsTerm, os.Getenv("NO_COLOR") == "")
	for i, name := range seats {
		if name == "human" {
			seated[i] = t.NewSeat(i, reg, e, s, core.Mix(opts.Seed^0x4171, uint64(i)))
			continue
		}
		b, err := reg.New(e, name, core.Mix(opts.Seed^0xb0b, uint64(i)))
		if err != nil {
			return usagef("--seats: %v", err)
		}
		seated[i] = b
	}
	fmt.Fprintf(opts.IO.Out, "%s, %d players, seed %d; seats: %s\n", p.Game.Name(), players, opts.Seed, strings.Join(seats, ", "))
	err = core.PlayOut(s, e, seated, seats)
	if errors.Is(err, tui.ErrQuit) {
		fmt.Fprintln(opts.IO.Out, "quit: the game was left unfinished")
		return nil
	}
	if err != nil {
		return err
	}
	// the end as the last human seat sees it, then the result
	if err := t.ShowEnd(s); err != nil {
		return err
	}
	fmt.Fprintf(opts.IO.Out, "\ngame over: totals %v, winners %v\n", s.Totals(), s.Winners())
	return nil
}
