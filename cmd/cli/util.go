package cli

import (
	"context"
	"os"
	"os/signal"
	"sort"
	"syscall"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/ruleslab/ruleslab/core/bots"
	"github.com/ruleslab/ruleslab/core/lab"
	"github.com/ruleslab/ruleslab/scripting"
)

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
	StartTime  time.Duration
	OnBotError string
}

func (x *extBotFlags) register(f *pflag.FlagSet) {
	f.DurationVar(&x.MoveTime, "move-time", bots.DefaultMoveTime, "time an external bot (cmd:COMMAND) has for each decision")
	f.DurationVar(&x.StartTime, "start-time", bots.DefaultStartTime, "time an external bot has to start and answer hello with ready (before its first decision)")
	f.StringVar(&x.OnBotError, "on-bot-error", bots.OnBotErrorForfeit, "when an external bot fails (bad, late or illegal answer, exit): forfeit (the game fails) or random (random moves for that seat)")
}

// options are the checked flags as the bot registry takes them.
func (x *extBotFlags) options(io *IO) bots.ExtOptions {
	return bots.ExtOptions{MoveTime: x.MoveTime, StartTime: x.StartTime, OnError: x.OnBotError, Log: io.Err}
}

// check checks the flags.
func (x *extBotFlags) check() error {
	if x.MoveTime <= 0 {
		return usagef("--move-time %v: must be positive", x.MoveTime)
	}
	if x.StartTime <= 0 {
		return usagef("--start-time %v: must be positive", x.StartTime)
	}
	if x.OnBotError != bots.OnBotErrorForfeit && x.OnBotError != bots.OnBotErrorRandom {
		return usagef("--on-bot-error %q: forfeit or random", x.OnBotError)
	}
	return nil
}

// runOnGame is the RunE of a command over one GAME argument: it sets the game, then runs the parsed
// options with runF, or with run when runF is nil (tests pass a runF that only looks at the options).
func runOnGame[O any](opts *O, game *string, runF, run func(*O) error) func(*cobra.Command, []string) error {
	return func(_ *cobra.Command, args []string) error {
		*game = args[0]
		return runOr(runF, run)(opts)
	}
}
