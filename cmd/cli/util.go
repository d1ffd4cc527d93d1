package cli

import (
	"context"
	"os"
	"os/signal"
	"slices"
	"sort"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/pflag"

	"github.com/ruleslab/ruleslab/core/lab"
	"github.com/ruleslab/ruleslab/scripting"
)

// splitSeats parses a --seats list. A bot spec's own options are comma-separated too
// (`ismcts:iterations=200,rollout=greedy`): a piece of the form key=value continues the spec before it.
// An external bot's command (cmd:COMMAND) may therefore not contain a comma.
func splitSeats(s string) ([]string, error) {
	var out []string
	for _, p := range strings.Split(s, ",") {
		p = strings.TrimSpace(p)
		if p == "" {
			return nil, usagef("--seats %q: empty bot name", s)
		}
		if len(out) > 0 && strings.Contains(p, "=") && !strings.Contains(p, ":") && strings.Contains(out[len(out)-1], ":") {
			out[len(out)-1] += "," + p
			continue
		}
		out = append(out, p)
	}
	return out, nil
}

// cycleSeats repeats the list to fill every seat.
func cycleSeats(seats []string, players int) []string { return lab.CycleSeats(seats, players) }

func sortStrings(s []string) { sort.Strings(s) }

// loadGame loads GAME (and its variant) and resolves --players: 0 means the game's default.
func loadGame(game, variant string, players int) (*scripting.Program, int, error) {
	return lab.LoadGame(game, variant, players)
}

// loadVariant loads one --variant of game (lab.LoadVariant).
func loadVariant(game, v string) (*scripting.Program, error) { return lab.LoadVariant(game, v) }

// LogRecord is one line of a --log file.
type LogRecord = lab.LogRecord

// parseBots parses a --seats list and checks every name is a bot of the game (or one of extra).
func parseBots(p *scripting.Program, list string, extra ...string) ([]string, error) {
	seats, err := splitSeats(list)
	if err != nil {
		return nil, err
	}
	for _, s := range seats {
		if slices.Contains(extra, s) {
			continue
		}
		if err := p.CheckBot(s); err != nil {
			return nil, usagef("--seats: %v", err)
		}
	}
	return seats, nil
}

// botSpecs checks bot specs for the lab: the one place the commands check a --seats or --bots list,
// until a registry of bots does.
type botSpecs struct{}

// bots is the command line's bot checker.
var bots botSpecs

// Seats parses a --seats list and checks every name is a bot of the game.
func (botSpecs) Seats(p *scripting.Program, list string) ([]string, error) { return parseBots(p, list) }

// IsSearch tells whether spec is an ismcts spec (whose budget --ladder doubles).
func (botSpecs) IsSearch(spec string) bool { return scripting.IsISMCTS(spec) }

// batchGC tunes the garbage collector while a batch runs (lab.TuneGC).
func batchGC() func() { return lab.TuneGC() }

// stopSignals returns a context cancelled by Ctrl-C (SIGINT), SIGTERM or a closed terminal (SIGHUP):
// each stops a batch the same way, with its summary and a log that ends on a whole line.
func stopSignals() (context.Context, context.CancelFunc) {
	return signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
}

// extBotFlags are the options of external (cmd:COMMAND) bots.
type extBotFlags struct {
	MoveTime   time.Duration
	OnBotError string
}

func (x *extBotFlags) register(f *pflag.FlagSet) {
	f.DurationVar(&x.MoveTime, "move-time", scripting.DefaultMoveTime, "time an external bot (cmd:COMMAND) has for each decision")
	f.StringVar(&x.OnBotError, "on-bot-error", scripting.OnBotErrorForfeit, "when an external bot fails (bad, late or illegal answer, exit): forfeit (the game fails) or random (random moves for that seat)")
}

// apply checks the flags and sets them on the program, before its workers start.
func (x *extBotFlags) apply(p *scripting.Program, io *IO) error {
	if err := x.check(); err != nil {
		return err
	}
	p.Ext = x.options(io)
	return nil
}

// options are the checked flags as the program takes them.
func (x *extBotFlags) options(io *IO) scripting.ExtBotOptions {
	return scripting.ExtBotOptions{MoveTime: x.MoveTime, OnError: x.OnBotError, Log: io.Err}
}

// check checks the flags.
func (x *extBotFlags) check() error {
	if x.MoveTime <= 0 {
		return usagef("--move-time %v: must be positive", x.MoveTime)
	}
	if x.OnBotError != scripting.OnBotErrorForfeit && x.OnBotError != scripting.OnBotErrorRandom {
		return usagef("--on-bot-error %q: forfeit or random", x.OnBotError)
	}
	return nil
}
