package cli

import (
	"context"
	"errors"
	"os"
	"os/signal"
	"runtime"
	"runtime/debug"
	"slices"
	"sort"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/pflag"

	"github.com/ruleslab/ruleslab/core/config"
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
func cycleSeats(seats []string, players int) []string {
	out := make([]string, players)
	for i := range out {
		out[i] = seats[i%len(seats)]
	}
	return out
}

func sortStrings(s []string) { sort.Strings(s) }

// loadGame loads GAME (and its variant) and resolves --players: 0 means the game's default.
func loadGame(game, variant string, players int) (*scripting.Program, int, error) {
	p, err := scripting.Load(game, variant)
	if errors.Is(err, config.ErrUnknownGame) {
		return nil, 0, &UsageError{Msg: err.Error()} // a mistyped argument: exit 2, with the list of games
	}
	if err != nil {
		return nil, 0, err
	}
	cfg := p.Game.Config
	if players == 0 {
		players = cfg.Players.Default
	}
	if players < cfg.Players.Min || players > cfg.Players.Max {
		return nil, 0, usagef("--players %d: %s plays with %d..%d", players, p.Game.Name(), cfg.Players.Min, cfg.Players.Max)
	}
	return p, players, nil
}

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

// batchGC tunes the garbage collector for batch throughput while a batch runs and returns the function
// that restores it: games allocate short-lived garbage, the live heap is small, so collecting four times
// less often frees both cores for play (two workers scale ~1.8x instead of ~1.3x). GOGC, when set, wins.
//
// It also sets a soft memory limit (batchMemoryLimit, unless GOMEMLIMIT is set): the collector works
// harder as the heap nears it, so garbage never piles up toward the machine's memory while the
// sandbox's heap monitor (scripting.DefaultMaxHeapBytes) stops a hook that holds too much.
func batchGC() func() {
	restore := []func(){}
	if os.Getenv("GOMEMLIMIT") == "" {
		old := debug.SetMemoryLimit(batchMemoryLimit)
		restore = append(restore, func() { debug.SetMemoryLimit(old) })
	}
	if os.Getenv("GOGC") == "" {
		old := debug.SetGCPercent(400)
		restore = append(restore, func() { debug.SetGCPercent(old) })
	}
	return func() {
		for _, f := range restore {
			f()
		}
	}
}

// batchMemoryLimit is the soft memory limit of a batch.
const batchMemoryLimit = 640 << 20

// maxWorkers is the most --workers a batch may use: 4 per CPU.
func maxWorkers() int { return 4 * runtime.NumCPU() }

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
	if x.MoveTime <= 0 {
		return usagef("--move-time %v: must be positive", x.MoveTime)
	}
	if x.OnBotError != scripting.OnBotErrorForfeit && x.OnBotError != scripting.OnBotErrorRandom {
		return usagef("--on-bot-error %q: forfeit or random", x.OnBotError)
	}
	p.Ext = scripting.ExtBotOptions{MoveTime: x.MoveTime, OnError: x.OnBotError, Log: io.Err}
	return nil
}
