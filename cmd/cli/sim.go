package cli

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/core/coverage"
	"github.com/ruleslab/ruleslab/core/lab"
	"github.com/ruleslab/ruleslab/core/report"
)

// SimOptions are the options of `ruleslab sim`.
type SimOptions struct {
	IO      *IO
	Batch   batchFlags
	Output  outputFlags
	Ext     extBotFlags
	Game    string
	Variant string
	// Coverage counts hooks and rule ids.
	Coverage bool
	Results  resultsFlags // --out, --resume, --shard
	Index    int          // play only this game (-1: all)
	NoBase   bool         // do not compare a variant with what it extends
}

// NewCmdSim builds `ruleslab sim`; runF runs the parsed options (nil: runSim).
func NewCmdSim(io *IO, runF func(*SimOptions) error) *cobra.Command {
	opts := &SimOptions{IO: io}
	cmd := &cobra.Command{
		Use:   "sim GAME",
		Short: "Play a batch of games with bots and report win rates, scores and game lengths per seat",
		Long: `Play a batch of games with bots and report win rates, scores and game lengths per seat.

When the game is a variant (GAME is a variant file, or --variant names one other than base), sim also
plays what it extends (the file its extends: names, the rules it changes) on the same seeds with the
same seats, and prints under the variant's table every measure's paired difference from it, exactly
as compare PARENT --variant base --variant VARIANT computes them, the resolved ones (95% interval
excluding 0) first; --json carries it as "versus_base". --no-base skips it. A --shard or --index run
is not compared (it plays part of the batch; merge prints the variant alone): a note says so.`,
		Args: exactArgs(1, "a GAME (bundled id or YAML path)"),
		RunE: runOnGame(opts, &opts.Game, runF, runSim),
	}
	f := cmd.Flags()
	registerVariant(f, &opts.Variant)
	opts.Batch.register(f, batchDefaults{Games: 1000, GamesHelp: "number of games",
		SeedHelp: "batch seed: game i is seeded from it, whatever the number of workers",
		Seats:    "random", SeatsHelp: "bots by seat, comma-separated: without --players, as many players as listed when the game allows it; cycled if shorter than the player count",
		LogHelp: "write every game (moves and events) to this JSON-lines file, for replay"})
	opts.Output.register(f, "print the summary as JSON", "", true)
	f.BoolVar(&opts.Coverage, "coverage", false, "report how often each hook ran and each rule fired, and the rules that never fired")
	opts.Results.register(f, "out")
	f.IntVar(&opts.Index, "index", -1, "play only game I of the batch (reproduces a failed game)")
	f.BoolVar(&opts.NoBase, "no-base", false, "when GAME is a variant, do not also play what it extends on the same seeds and print the paired differences")
	opts.Ext.register(f)
	return cmd
}

// labOptions checks the flags and turns them into the lab's options.
func (opts *SimOptions) labOptions() (*lab.SimOptions, error) {
	if err := checkFlags(opts.Batch.validate, opts.Output.validate); err != nil {
		return nil, err
	}
	results, err := opts.Results.options(opts.IO, "sim", opts.Game, opts.Batch.Games)
	if err != nil {
		return nil, err
	}
	if err := checkIndex(opts, results.Shards); err != nil {
		return nil, err
	}
	if err := opts.Ext.check(); err != nil {
		return nil, err
	}
	b := opts.Batch
	return &lab.SimOptions{Game: opts.Game, Variant: opts.Variant, Players: b.Players, Seats: b.Seats, Games: b.Games,
		Seed: b.Seed, Workers: b.Workers, ResultsOptions: results, Index: opts.Index, Log: b.Log,
		Report: opts.Output.Report, Ext: opts.Ext.options(opts.IO), Progress: newProgress(opts.IO), VersusBase: !opts.NoBase}, nil
}

func runSim(opts *SimOptions) error {
	o, err := opts.labOptions()
	if err != nil {
		return err
	}
	var cov *coverage.Counter
	if opts.Coverage {
		cov = coverage.New()
		o.Coverage = cov
	}
	plots := newPlotCounts()
	if opts.Output.Report != "" {
		o.OnGame = plots.add
	}
	res, err := runBatch(opts.IO, lab.Sim, o)
	if err != nil {
		return err
	}
	if res.SaveErr != nil {
		fmt.Fprintf(opts.IO.Err, "ruleslab: %v\n", res.SaveErr)
	}
	rep := batchReport{BatchOutcome: res.BatchOutcome, JSON: opts.Output.JSON, Base: res.Base, BaseSkipped: res.BaseSkipped}
	if cov != nil && rep.Summary.Games > 0 {
		c := cov.Report("", res.Program, rep.Summary.Games)
		rep.Coverage = &c
	}
	err = rep.print(opts.IO)
	if err == nil && res.SaveErr != nil {
		err = &SilentError{Code: ExitError}
	}
	if opts.Output.Report != "" && rep.Summary.Games > 0 {
		r := report.Sim(rep.Summary, plots.scores, plots.lengths, rep.Coverage, reportStamp(opts.IO))
		if rep.Base != nil && rep.Base.Pairs > 0 {
			report.AddVersusBase(r, rep.Base)
		}
		err = afterSummary(opts.IO, err, writeReport(opts.IO, r, opts.Output.Report, opts.Game, opts.Variant))
	}
	return err
}

// plotCounts counts what the report plots of the finished games, a number per distinct value (not
// per game), so the report's memory does not grow with the games.
type plotCounts struct {
	scores  []map[int]int // per seat: final total -> games
	lengths map[int]int   // game length -> games
}

func newPlotCounts() *plotCounts { return &plotCounts{lengths: map[int]int{}} }

// add counts a finished game.
func (c *plotCounts) add(r core.Result) {
	if r.Error != "" {
		return
	}
	for i, t := range r.Totals {
		for len(c.scores) <= i {
			c.scores = append(c.scores, map[int]int{})
		}
		c.scores[i][t]++
	}
	c.lengths[r.Length()]++
}

// checkIndex checks --index and how it combines with --out and --shard.
func checkIndex(opts *SimOptions, shards int) error {
	games := opts.Batch.Games
	switch {
	case opts.Index >= games || opts.Index < -1:
		return usagef("--index %d: the batch has games 0..%d", opts.Index, games-1)
	case opts.Index >= 0 && (opts.Results.Out != "" || shards > 1):
		return usagef("--index plays one game of the batch (to reproduce it): it takes no --out or --shard")
	}
	return nil
}

// parseShard parses --shard I/N (0 <= I < N); empty is the whole batch, 0/1.
func parseShard(s string) (int, int, error) {
	if s == "" {
		return 0, 1, nil
	}
	var i, n int
	var rest string
	if c, _ := fmt.Sscanf(s+" x", "%d/%d %s", &i, &n, &rest); c != 3 || rest != "x" || n < 1 || i < 0 || i >= n {
		return 0, 0, usagef("--shard %q: expected I/N with 0 <= I < N (shard I of N plays the games whose index mod N is I)", s)
	}
	return i, n, nil
}
