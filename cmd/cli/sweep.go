package cli

import (
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/ruleslab/ruleslab/core/lab"
	"github.com/ruleslab/ruleslab/core/report"
)

// SweepOptions are the options of `ruleslab sweep`.
type SweepOptions struct {
	IO       *IO
	Batch    batchFlags
	Output   outputFlags
	Game     string
	Variant  string
	Sets     []string     // key=v1,v2,...
	Targets  []string     // measure=value±tol
	Measures string       // the table's columns
	Results  resultsFlags // --out, --resume, --shard
	Ext      extBotFlags  // the limits of cmd:COMMAND seats
}

// NewCmdSweep builds `ruleslab sweep`; runF runs the parsed options (nil: runSweep).
func NewCmdSweep(io *IO, runF func(*SweepOptions) error) *cobra.Command {
	opts := &SweepOptions{IO: io}
	cmd := &cobra.Command{
		Use:   "sweep GAME --set key=v1,v2,... [--set key2=...]",
		Short: "Play a grid of parameter values and report the measures at each point; with --target, the points that meet it",
		Long: `Each --set names a dotted path into the resolved configuration (params.hand_size, params.trick_points.2
for a list item, counting from 0) and the values to try; the grid is every combination. Every point plays
the same seeds, so neighbouring points differ by the rule change and not by luck of the deal.

--target measure=value±tol (also +- or +/-; a rate may be written in percent: win.0=50%±5%) keeps the
points whose estimate lies within tol of value, best (closest, in units of tol) first. Measure names are
compare's (win.0, score.spread, moves, rounds, lead_changes, decided_early, tie, stat.NAME[.SEAT]).`,
		Args: exactArgs(1, "a GAME (bundled id or YAML path)"),
		RunE: runOnGame(opts, &opts.Game, runF, runSweep),
	}
	f := cmd.Flags()
	f.StringVar(&opts.Variant, "variant", "", "the variant to sweep: base, a bundled variant or a variant YAML path")
	f.StringArrayVar(&opts.Sets, "set", nil, "key=v1,v2,...: a dotted configuration path and its values (repeat for a grid)")
	opts.Batch.register(f, batchDefaults{Games: 500, GamesHelp: "games at each point", SeedHelp: "batch seed: every point plays the same seeds",
		Seats: "random", SeatsHelp: "bots by seat, comma-separated: without --players, as many players as listed when the game allows it; cycled if shorter than the player count"})
	f.StringArrayVar(&opts.Targets, "target", nil, "measure=value±tol: report the points whose estimate is within tol of value (repeat)")
	f.StringVar(&opts.Measures, "measures", "", "comma-separated measures for the table (default: win rates, score spread, moves, rounds, targets, game statistics)")
	opts.Output.register(f, "print everything as JSON", "print every measure at every point as CSV", true)
	opts.Results.register(f, "out")
	opts.Ext.register(f)
	return cmd
}

// labOptions checks the flags and turns them into the lab's options.
func (opts *SweepOptions) labOptions() (*lab.SweepOptions, error) {
	if len(opts.Sets) == 0 {
		return nil, usagef("sweep needs at least one --set key=v1,v2,...")
	}
	if err := checkFlags(opts.Batch.validate, opts.Output.validate, opts.Ext.check); err != nil {
		return nil, err
	}
	results, err := opts.Results.options(opts.IO, "sweep", opts.Game, opts.Batch.Games)
	if err != nil {
		return nil, err
	}
	b := opts.Batch
	o := &lab.SweepOptions{Game: opts.Game, Variant: opts.Variant, Measures: opts.Measures, Games: b.Games, Seed: b.Seed,
		Workers: b.Workers, Players: b.Players, Seats: b.Seats, Command: opts.IO.CommandLine(), ResultsOptions: results,
		Report: opts.Output.Report, Ext: opts.Ext.options(opts.IO), Progress: newProgress(opts.IO)}
	for _, s := range opts.Sets {
		ax, err := lab.ParseAxis(s)
		if err != nil {
			return nil, err
		}
		o.Axes = append(o.Axes, ax)
	}
	for _, s := range opts.Targets {
		t, err := lab.ParseTarget(s)
		if err != nil {
			return nil, err
		}
		o.Targets = append(o.Targets, t)
	}
	return o, nil
}

func runSweep(opts *SweepOptions) error {
	o, err := opts.labOptions()
	if err != nil {
		return err
	}
	res, err := runBatch(opts.IO, lab.Sweep, o)
	if err != nil {
		return interrupted(opts.IO, err)
	}
	switch {
	case opts.Output.JSON:
		err = writeJSON(opts.IO.Out, res)
	case opts.Output.CSV:
		err = report.SweepCSV(opts.IO.Out, res)
	default:
		report.SweepText(opts.IO.Out, res)
	}
	if err != nil {
		return err
	}
	if opts.Output.Report != "" {
		if err := writeReport(opts.IO, report.Sweep(res, reportStamp(opts.IO)), opts.Output.Report, opts.Game, opts.Variant); err != nil {
			return err
		}
	}
	if res.Failed > 0 {
		fmt.Fprintf(opts.IO.Err, "%d games failed (left out); the first: %s\n", res.Failed, res.FirstErr)
		return &SilentError{Code: ExitError}
	}
	return nil
}

// interrupted reports a lab.Interrupted on stderr (exit 1); other errors pass.
func interrupted(io *IO, err error) error {
	var stop *lab.Interrupted
	if errors.As(err, &stop) {
		fmt.Fprintln(io.Err, stop.Msg)
		return &SilentError{Code: ExitError}
	}
	return err
}
