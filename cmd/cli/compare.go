package cli

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/ruleslab/ruleslab/core/coverage"
	"github.com/ruleslab/ruleslab/core/lab"
	"github.com/ruleslab/ruleslab/core/report"
)

// CompareOptions are the options of `ruleslab compare`.
type CompareOptions struct {
	IO       *IO
	Batch    batchFlags
	Output   outputFlags
	Game     string
	Variants []string
	Until    string // --until-significant MEASURE
	Every    int    // pairs between the sequential test's looks
	Coverage bool
	Results  resultsFlags // --out, --resume, --shard
	Ext      extBotFlags  // the limits of cmd:COMMAND seats
}

// NewCmdCompare builds `ruleslab compare`; runF runs the parsed options (nil: runCompare).
func NewCmdCompare(io *IO, runF func(*CompareOptions) error) *cobra.Command {
	opts := &CompareOptions{IO: io}
	cmd := &cobra.Command{
		Use:   "compare GAME --variant A --variant B [...]",
		Short: "Play variants on the same seeds and report each measure with the paired difference against the first",
		Long: `Every variant plays the same games: game i of each is seeded alike, and the engine draws the deal,
the first player, each chance event and each bot from its own stream, so variants whose components
match deal the same hands. Each measure is reported per variant with its 95% interval, and each later
variant's difference from the first with the paired 95% interval (Student's t on the per-game
differences; for a rate the differences are -1, 0, 1) next to the unpaired one (Welch; Newcombe's
score interval for rates) that the same games would give if the variants had been played apart.

A variant is a bundled variant name, base (the game itself), or the path of a variant YAML file.

--until-significant MEASURE stops as soon as that measure's difference is resolved by a group-sequential
test: it looks every --every games, each look a paired t interval at level 1 - 0.05/looks (Bonferroni),
so the chance of stopping on a difference that is really 0 is at most 5%. Measure names are listed by
--json (win.0, score.0, score.spread, moves, rounds, lead_changes, tie, stat.NAME[.SEAT], ...). With
--shard, each shard plays its games up to --games without looking, and merge applies the stopping
rule to the shards' games in index order: it prints what one machine prints.`,
		Args: exactArgs(1, "a GAME (bundled id or YAML path)"),
		RunE: runOnGame(opts, &opts.Game, runF, runCompare),
	}
	f := cmd.Flags()
	f.StringArrayVar(&opts.Variants, "variant", nil, "a variant to compare (repeat; the first is the reference): base, a bundled variant or a variant YAML path")
	opts.Batch.register(f, batchDefaults{Games: 1000, GamesHelp: "games per variant (the most, with --until-significant)", MinGames: 2,
		SeedHelp: "batch seed: game i of every variant is seeded from it", PlayersHelp: "number of players (default: the first variant's)",
		Seats: "random", SeatsHelp: "bots by seat, comma-separated: without --players, as many players as listed when the game allows it; cycled if shorter than the player count"})
	f.StringVar(&opts.Until, "until-significant", "", "stop once this measure's paired difference is resolved (sequential test, 5% error)")
	f.IntVar(&opts.Every, "every", 0, "with --until-significant: games between looks (default: a tenth of --games)")
	opts.Output.register(f, "print everything as JSON", "print the measures as CSV", true)
	f.BoolVar(&opts.Coverage, "coverage", false, "report how often each hook ran and each rule fired, and the rules that never fired")
	opts.Results.register(f, "out")
	opts.Ext.register(f)
	return cmd
}

// labOptions checks the flags and turns them into the lab's options.
func (opts *CompareOptions) labOptions() (*lab.CompareOptions, error) {
	if len(opts.Variants) < 2 {
		return nil, usagef("compare needs at least two --variant (base, a bundled variant, or a variant file)")
	}
	if err := checkFlags(opts.Batch.validate, opts.Output.validate, opts.Ext.check); err != nil {
		return nil, err
	}
	results, err := opts.Results.options(opts.IO, "compare", opts.Game, opts.Batch.Games)
	if err != nil {
		return nil, err
	}
	b := opts.Batch
	return &lab.CompareOptions{Game: opts.Game, Variants: opts.Variants, Games: b.Games, Seed: b.Seed, Workers: b.Workers,
		Players: b.Players, Seats: b.Seats, Until: opts.Until, Every: opts.Every, ResultsOptions: results,
		Command: opts.IO.CommandLine(), Report: opts.Output.Report, Ext: opts.Ext.options(opts.IO), Progress: newProgress(opts.IO)}, nil
}

func runCompare(opts *CompareOptions) error {
	o, err := opts.labOptions()
	if err != nil {
		return err
	}
	var covs []*coverage.Counter
	if opts.Coverage {
		o.Cover = func(int) *coverage.Counter {
			covs = append(covs, coverage.New())
			return covs[len(covs)-1]
		}
	}
	res, err := runBatch(opts.IO, lab.Compare, o)
	if err != nil {
		return err
	}
	if res.Pairs == 0 {
		if opts.Output.JSON { // a script reading the JSON still gets an object: no pairs, the failed counts
			if err := writeJSON(opts.IO.Out, res); err != nil {
				return err
			}
		}
		return nothingCompared(opts.IO, res)
	}
	var reports []coverage.Report
	for k, cov := range covs {
		v := res.Runs[k]
		reports = append(reports, cov.Report(v.Name, v.P, v.Finished))
		res.Coverage = append(res.Coverage, reports[k])
	}
	if err := printCompare(opts, res, reports); err != nil {
		return err
	}
	return compareStatus(opts.IO, res)
}

// nothingCompared says why no game could be compared (exit 1).
func nothingCompared(io *IO, res *lab.CompareResult) error {
	for _, v := range res.Runs {
		if v.First != "" {
			fmt.Fprintf(io.Err, "no game finished under every variant; the first failure (%s): %s\n", v.Name, v.First)
			return &SilentError{Code: ExitError}
		}
	}
	fmt.Fprintln(io.Err, "interrupted before any game finished; nothing to report")
	return &SilentError{Code: ExitError}
}

// printCompare prints the comparison (text, JSON or CSV) and writes the --report.
func printCompare(opts *CompareOptions, res *lab.CompareResult, reports []coverage.Report) error {
	var err error
	switch {
	case opts.Output.JSON:
		err = writeJSON(opts.IO.Out, res)
	case opts.Output.CSV:
		err = report.CompareCSV(opts.IO.Out, res)
	default:
		report.CompareText(opts.IO.Out, res)
		for _, c := range reports {
			coverage.Print(opts.IO.Out, c)
		}
	}
	if err != nil {
		return err
	}
	if opts.Output.Report != "" {
		return writeReport(opts.IO, report.Compare(res, reports, reportStamp(opts.IO)), opts.Output.Report, opts.Game, opts.Variants...)
	}
	return nil
}

// compareStatus reports the failed games and an interruption on stderr, with the exit code.
func compareStatus(io *IO, res *lab.CompareResult) error {
	code := 0
	if res.Deferred {
		fmt.Fprintln(io.Err, "note: a shard of --until-significant plays its games up to --games and takes no look: merge applies the stopping rule to every shard's games in index order")
	}
	for _, v := range res.Runs {
		if v.Failed > 0 {
			fmt.Fprintf(io.Err, "%s: %d games failed (left out of every comparison); the first: %s\n", v.Name, v.Failed, v.First)
			code = ExitError
		}
	}
	if res.Interrupted {
		fmt.Fprintf(io.Err, "interrupted: %d of %d games per variant finished and reported\n", res.Played, res.Planned)
		if res.Out != "" {
			fmt.Fprintf(io.Err, "they are saved in %s: run the same command with --resume to play the others\n", res.Out)
		}
		code = ExitError
	}
	if res.SaveErr != nil {
		fmt.Fprintf(io.Err, "ruleslab: %v\n", res.SaveErr)
		code = ExitError
	}
	if code != 0 {
		return &SilentError{Code: code}
	}
	return nil
}
