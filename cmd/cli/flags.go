package cli

import (
	"context"
	"runtime"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/pflag"

	"github.com/ruleslab/ruleslab/core/lab"
)

// batchFlags are the flags every batch command (sim, compare, sweep, tournament, fuzz, bench) shares,
// registered here once and checked once by validate.
type batchFlags struct {
	Games   int
	Seed    uint64
	Workers int
	Players int
	Seats   string
	Log     string
	d       batchDefaults
}

// batchDefaults are a command's defaults and help texts for the batch flags.
type batchDefaults struct {
	Games       int
	GamesHelp   string
	MinGames    int    // the fewest --games (default 1)
	SeedHelp    string // "": the command has no --seed
	Workers     int    // 0: one per CPU
	WorkersHelp string // "": "parallel workers (results are identical for any number)"
	PlayersHelp string // "": "number of players (default: the game's)"
	Seats       string
	SeatsHelp   string // "": the command has no --seats
	LogHelp     string // "": the command has no --log
}

func (b *batchFlags) register(f *pflag.FlagSet, d batchDefaults) {
	if d.MinGames == 0 {
		d.MinGames = 1
	}
	if d.Workers == 0 {
		d.Workers = runtime.NumCPU()
	}
	if d.WorkersHelp == "" {
		d.WorkersHelp = "parallel workers (results are identical for any number)"
	}
	if d.PlayersHelp == "" {
		d.PlayersHelp = "number of players (default: the game's)"
	}
	b.d = d
	f.IntVar(&b.Games, "games", d.Games, d.GamesHelp)
	if d.SeedHelp != "" {
		f.Uint64Var(&b.Seed, "seed", 1, d.SeedHelp)
	}
	f.IntVar(&b.Workers, "workers", d.Workers, d.WorkersHelp)
	f.IntVar(&b.Players, "players", 0, d.PlayersHelp)
	if d.SeatsHelp != "" {
		f.StringVar(&b.Seats, "seats", d.Seats, d.SeatsHelp)
	}
	if d.LogHelp != "" {
		f.StringVar(&b.Log, "log", "", d.LogHelp)
	}
}

// validate checks --games and --workers: at least one worker and at most maxWorkers.
func (b *batchFlags) validate() error {
	if b.Games < max(b.d.MinGames, 1) {
		return usagef("--games must be at least %d", max(b.d.MinGames, 1))
	}
	if b.Workers < 1 {
		return usagef("--workers must be at least 1")
	}
	if limit := maxWorkers(); b.Workers > limit {
		return usagef("--workers %d: at most %d on this machine (4 per CPU): more workers only share the same cores and memory", b.Workers, limit)
	}
	return nil
}

// maxWorkers is the most --workers a batch may use: 4 per CPU.
func maxWorkers() int { return 4 * runtime.NumCPU() }

// outputFlags are --json, --csv and --report.
type outputFlags struct {
	JSON   bool
	CSV    bool
	Report string
}

// register adds --json (with its help), --csv if csvHelp is given, and --report if report.
func (o *outputFlags) register(f *pflag.FlagSet, jsonHelp, csvHelp string, report bool) {
	f.BoolVar(&o.JSON, "json", false, jsonHelp)
	if csvHelp != "" {
		f.BoolVar(&o.CSV, "csv", false, csvHelp)
	}
	if report {
		f.StringVar(&o.Report, "report", "", "write a report with tables and plots to FILE.html or FILE.md")
	}
}

// validate checks --json and --csv exclude each other and --report names an .html or .md file.
func (o *outputFlags) validate() error {
	if o.JSON && o.CSV {
		return usagef("--json and --csv: choose one")
	}
	return checkReportPath(o.Report)
}

// progressBar is a lab.Progress drawn on a terminal's stderr.
type progressBar struct {
	io  *IO
	bar *progressbar.ProgressBar
}

// newProgress returns a progress bar when stderr is a terminal, else nil (no progress); every batch
// command (sim, tournament, compare, sweep, fuzz) shows one.
func newProgress(io *IO) lab.Progress {
	if !io.ErrIsTerm {
		return nil
	}
	return &progressBar{io: io}
}

func (p *progressBar) Start(total int, name string) {
	// games done of planned, games per second and the time left
	p.bar = progressbar.NewOptions(total, progressbar.OptionSetWriter(p.io.Err),
		progressbar.OptionSetDescription(name), progressbar.OptionShowCount(),
		progressbar.OptionShowIts(), progressbar.OptionSetItsString("games"), progressbar.OptionSetPredictTime(true),
		progressbar.OptionThrottle(100_000_000), progressbar.OptionClearOnFinish())
}

func (p *progressBar) Add()    { p.bar.Add(1) }
func (p *progressBar) Finish() { p.bar.Finish() }

// runBatch runs a lab function with a context that Ctrl-C, SIGTERM or SIGHUP cancels; a command so
// stopped exits ExitInterrupted.
func runBatch[O, R any](io *IO, f func(context.Context, O) (R, error), o O) (R, error) {
	ctx, stop := stopSignals()
	defer stop()
	r, err := f(ctx, o)
	if ctx.Err() != nil { // only a signal cancels it before stop
		io.stopped = true
	}
	return r, err
}

// checkFlags runs the checks of a command's flag groups in order and returns the first problem.
func checkFlags(checks ...func() error) error {
	for _, check := range checks {
		if err := check(); err != nil {
			return err
		}
	}
	return nil
}

// variantHelp is the help of a command's --variant of GAME.
const variantHelp = "base, a bundled variant of GAME, or the path of a variant YAML file of GAME (one whose extends leads to GAME)"

// registerVariant registers --variant, the variant of GAME a command plays.
func registerVariant(f *pflag.FlagSet, variant *string) {
	f.StringVar(variant, "variant", "", variantHelp)
}
