package lab

import (
	"errors"
	"fmt"
	"os"
	"runtime/debug"
	"slices"

	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/core/bots"
	"github.com/ruleslab/ruleslab/core/config"
	"github.com/ruleslab/ruleslab/scripting"
)

// UsageError is a problem with the options, flags or arguments (the command line exits 2).
type UsageError struct{ Msg string }

func (e *UsageError) Error() string { return e.Msg }

// Usagef returns a *UsageError.
func Usagef(format string, args ...any) error { return &UsageError{Msg: fmt.Sprintf(format, args...)} }

// Seats reads a --seats (or --bots) list of bot specs with the game's bot registry and checks each;
// extra names (such as "human") are taken as they are.
func Seats(reg *bots.Registry, list string, extra ...string) ([]string, error) {
	seats, err := bots.Split(list)
	if err != nil {
		return nil, Usagef("--seats %v", err)
	}
	for _, s := range seats {
		if slices.Contains(extra, s) {
			continue
		}
		if err := reg.Check(s); err != nil {
			return nil, Usagef("--seats: %v", err)
		}
	}
	return seats, nil
}

// LogRecord is one line of a --log file.
type LogRecord struct {
	Game    string `json:"game"`
	Variant string `json:"variant,omitempty"`
	core.Result
}

// LoadGame loads GAME (and its variant) and resolves the player count: 0 means the game's default.
func LoadGame(game, variant string, players int) (*scripting.Program, int, error) {
	p, err := scripting.Load(game, variant)
	if err != nil {
		return nil, 0, usageIfBadName(err)
	}
	players, err = resolvePlayers(p, players)
	if err != nil {
		return nil, 0, err
	}
	return p, players, nil
}

// resolvePlayers is the player count of a game: players, or the game's default when 0, checked against
// the range the game plays with.
func resolvePlayers(p *scripting.Program, players int) (int, error) {
	if players == 0 {
		players = p.Game.Config.Players.Default
	}
	return players, checkPlayers(p, players)
}

// SeatedPlayers is the number of players of a game in every command that seats a list (--seats): the
// --players flag when given (flag > 0), else as many players as seats listed when the game allows that
// many (`--seats human,greedy` is a two-player Simino game), else resolved (the game's default); the
// list is then cycled over the seats.
func SeatedPlayers(p *scripting.Program, flag, resolved, listed int) int {
	if r := p.Game.Config.Players; flag == 0 && listed >= r.Min && listed <= r.Max {
		return listed
	}
	return resolved
}

// checkPlayers checks the game can be played by that many players.
func checkPlayers(p *scripting.Program, players int) error {
	cfg := p.Game.Config
	if players < cfg.Players.Min || players > cfg.Players.Max {
		return Usagef("--players %d: %s plays with %d..%d", players, p.Game.Name(), cfg.Players.Min, cfg.Players.Max)
	}
	return nil
}

// VariantPath is the YAML of a --variant of game: base, a bundled variant, or a variant file of the
// same game (config.ResolvePath); a mistyped or mismatched one is a usage error.
func VariantPath(game, v string) (string, error) {
	path, err := config.ResolvePath(game, v)
	return path, usageIfBadName(err)
}

// usageIfBadName makes an unknown game or variant, or a variant file of another game, a usage error:
// a mistyped argument (exit 2), whose message lists what is known.
func usageIfBadName(err error) error {
	if errors.Is(err, config.ErrUnknownGame) || errors.Is(err, config.ErrOtherGame) {
		return &UsageError{Msg: err.Error()}
	}
	return err
}

// LoadWith loads a YAML file with sets applied and compiles its rules.
func LoadWith(path string, sets []config.Set) (*scripting.Program, error) {
	cfg, err := config.LoadWith(path, sets)
	if err != nil {
		return nil, scripting.WithScriptProblems(err)
	}
	g, err := core.Compile(cfg)
	if err != nil {
		return nil, err
	}
	return scripting.Compile(g)
}

// LoadVariant loads one --variant of game: "base", a bundled variant name, or a variant YAML path (which
// must be a variant of the same game).
func LoadVariant(game, v string) (*scripting.Program, error) {
	path, err := VariantPath(game, v)
	if err != nil {
		return nil, err
	}
	return LoadWith(path, nil)
}

// CycleSeats repeats the list to fill every seat.
func CycleSeats(seats []string, players int) []string {
	out := make([]string, players)
	for i := range out {
		out[i] = seats[i%len(seats)]
	}
	return out
}

// TuneGC tunes the garbage collector for batch throughput while a batch runs and returns the function
// that restores it: games allocate short-lived garbage and the live heap is small, so collecting eight
// times less often than Go's default frees both cores for play (two workers scale ~1.8x instead of
// ~1.3x at the default and ~1.6-1.7x at four times less often; the heap of two Simino workers is then
// about 100 MB). GOGC, when set, wins.
//
// It also sets a soft memory limit (batchMemoryLimit, unless GOMEMLIMIT is set): the collector works
// harder as the heap nears it, so garbage never piles up toward the machine's memory while the
// sandbox's heap monitor (scripting.DefaultMaxHeapBytes) stops a hook that holds too much.
func TuneGC() func() {
	restore := []func(){}
	if os.Getenv("GOMEMLIMIT") == "" {
		old := debug.SetMemoryLimit(batchMemoryLimit)
		restore = append(restore, func() { debug.SetMemoryLimit(old) })
	}
	if os.Getenv("GOGC") == "" {
		old := debug.SetGCPercent(800)
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

// Progress hears how a batch advances (a progress bar on a terminal).
type Progress interface {
	Start(total int, name string) // before the first game
	Add()                         // a game finished
	Finish()                      // after the last
}

// noProgress is the Progress of no one.
type noProgress struct{}

func (noProgress) Start(int, string) {}
func (noProgress) Add()              {}
func (noProgress) Finish()           {}

func progressOr(p Progress) Progress {
	if p == nil {
		return noProgress{}
	}
	return p
}
