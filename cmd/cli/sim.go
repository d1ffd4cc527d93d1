package cli

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"runtime"
	"strings"
	"text/tabwriter"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"

	"ruleslab/core"
)

// SimOptions are the options of `ruleslab sim`.
type SimOptions struct {
	IO      *IO
	Game    string
	Variant string
	Games   int
	Seats   string
	Seed    uint64
	Workers int
	Players int
	Log     string
	JSON    bool
	// Report writes an HTML or Markdown report; Coverage counts hooks and rule ids.
	Report   string
	Coverage bool
}

func newSimCmd(io *IO) *cobra.Command {
	opts := &SimOptions{IO: io}
	cmd := &cobra.Command{
		Use:   "sim GAME",
		Short: "Play a batch of games with bots and report win rates, scores and game lengths per seat",
		Args:  exactArgs(1, "a GAME (bundled id or YAML path)"),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Game = args[0]
			return runSim(opts)
		},
	}
	f := cmd.Flags()
	f.StringVar(&opts.Variant, "variant", "", "a bundled variant of GAME")
	f.IntVar(&opts.Games, "games", 1000, "number of games")
	f.StringVar(&opts.Seats, "seats", "random", "bots by seat, comma-separated; cycled if shorter than the player count")
	f.Uint64Var(&opts.Seed, "seed", 1, "batch seed: game i is seeded from it, whatever the number of workers")
	f.IntVar(&opts.Workers, "workers", runtime.NumCPU(), "parallel workers (results are identical for any number)")
	f.IntVar(&opts.Players, "players", 0, "number of players (default: the game's)")
	f.StringVar(&opts.Log, "log", "", "write every game (moves and events) to this JSON-lines file, for replay")
	f.BoolVar(&opts.JSON, "json", false, "print the summary as JSON")
	f.StringVar(&opts.Report, "report", "", "write a report with tables and plots to FILE.html or FILE.md")
	f.BoolVar(&opts.Coverage, "coverage", false, "report how often each hook ran and each rule fired, and the rules that never fired")
	return cmd
}

// LogRecord is one line of a --log file.
type LogRecord struct {
	Game    string `json:"game"`
	Variant string `json:"variant,omitempty"`
	core.Result
}

func runSim(opts *SimOptions) error {
	if opts.Games < 1 {
		return usagef("--games must be at least 1")
	}
	if opts.Workers < 1 {
		return usagef("--workers must be at least 1")
	}
	if limit := maxWorkers(); opts.Workers > limit {
		return usagef("--workers %d: at most %d on this machine (4 per CPU): more workers only share the same cores and memory", opts.Workers, limit)
	}
	if err := checkReportPath(opts.Report); err != nil {
		return err
	}
	p, players, err := loadGame(opts.Game, opts.Variant, opts.Players)
	if err != nil {
		return err
	}
	defer batchGC()()
	cfg := p.Game.Config
	seats, err := parseBots(p, opts.Seats)
	if err != nil {
		return err
	}
	seats = cycleSeats(seats, players)

	var logw *bufio.Writer
	if opts.Log != "" {
		f, err := os.Create(opts.Log)
		if err != nil {
			return err
		}
		defer f.Close()
		logw = bufio.NewWriter(f)
		defer logw.Flush()
	}
	ctx, stop := stopSignals()
	defer stop()

	var bar *progressbar.ProgressBar
	if opts.IO.ErrIsTerm {
		bar = progressbar.NewOptions(opts.Games, progressbar.OptionSetWriter(opts.IO.Err),
			progressbar.OptionSetDescription(p.Game.Name()), progressbar.OptionShowCount(),
			progressbar.OptionThrottle(100_000_000), progressbar.OptionClearOnFinish())
	}
	tally := core.NewTally(players, seats, cfg.Stats)
	var failures []string
	var cov *coverage
	if opts.Coverage {
		cov = newCoverage()
	}
	var finished []core.Result // for the report's plots
	batch := core.Batch{Games: opts.Games, Seed: opts.Seed, Workers: opts.Workers,
		NewWorker: func() (core.Worker, error) {
			w, err := p.NewWorker(players, seats, logw != nil)
			if err != nil || cov == nil {
				return w, err
			}
			return coveredWorker{w, cov}, nil
		}}
	done, runErr := batch.Run(ctx, func(r core.Result) {
		if opts.Report != "" && r.Error == "" {
			finished = append(finished, core.Result{Totals: r.Totals, MoveCount: r.Length(), Winners: r.Winners})
		}
		if logw != nil {
			rec := LogRecord{Game: opts.Game, Variant: opts.Variant, Result: r}
			data, err := json.Marshal(rec)
			if err != nil {
				// never a broken line: the game is logged (and counted) as failed
				r = core.Result{Index: r.Index, Seed: r.Seed, Players: r.Players, Seats: r.Seats,
					Error: fmt.Sprintf("game %d (seed %d): cannot be logged: %v", r.Index, r.Seed, err)}
				data, _ = json.Marshal(LogRecord{Game: opts.Game, Variant: opts.Variant, Result: r})
			}
			logw.Write(data)
			logw.WriteByte('\n')
		}
		tally.Add(r)
		if r.Error != "" {
			failures = append(failures, r.Error)
		}
		if bar != nil {
			bar.Add(1)
		}
	})
	if bar != nil {
		bar.Finish()
	}
	firstErr := ""
	if len(failures) > 0 {
		firstErr = failures[0]
	}
	sum := tally.Summary()
	sum.Game, sum.Variant, sum.Seed = cfg.ID, cfg.Variant, opts.Seed
	if sum.Games == 0 {
		// Nothing finished: a table of zeros would hide why.
		switch {
		case sum.Failed > 0:
			fmt.Fprintf(opts.IO.Err, "all %d games failed; nothing to report. The first: %s\n", sum.Failed, firstErr)
		default:
			fmt.Fprintf(opts.IO.Err, "interrupted before any game finished; nothing to report\n")
		}
		return &SilentError{Code: ExitError}
	}
	var covRep *CoverageReport
	if cov != nil {
		c := cov.report("", p, sum.Games)
		covRep = &c
	}
	if opts.JSON {
		enc := json.NewEncoder(opts.IO.Out)
		enc.SetIndent("", "  ")
		var err error
		if covRep != nil {
			err = enc.Encode(struct {
				core.Summary
				Coverage *CoverageReport `json:"coverage"`
			}{sum, covRep})
		} else {
			err = enc.Encode(sum)
		}
		if err != nil {
			return err
		}
	} else {
		printSummary(opts.IO.Out, sum)
		if covRep != nil {
			printCoverage(opts.IO.Out, *covRep)
		}
	}
	if opts.Report != "" {
		if err := simReport(sum, finished, covRep).WriteFile(opts.Report); err != nil {
			return err
		}
	}
	if len(sum.Undeclared) > 0 {
		fmt.Fprintf(opts.IO.Err, "note: reported as counts, not declared in the YAML `stats:`: %s\n", strings.Join(sum.Undeclared, ", "))
	}
	for _, p := range sum.Problems {
		fmt.Fprintf(opts.IO.Err, "%s\n", p)
	}
	if runErr != nil {
		fmt.Fprintf(opts.IO.Err, "interrupted: %d of %d games finished and reported\n", done, opts.Games)
		return &SilentError{Code: ExitError}
	}
	if sum.Failed > 0 {
		fmt.Fprintf(opts.IO.Err, "%d games failed; the first: %s\n", sum.Failed, firstErr)
		for _, f := range failures[1:min(len(failures), 5)] {
			fmt.Fprintf(opts.IO.Err, "  also: %s\n", f)
		}
		if len(failures) > 5 {
			fmt.Fprintf(opts.IO.Err, "  and %d more (each with its seed in --log)\n", len(failures)-5)
		}
		return &SilentError{Code: ExitError}
	}
	if len(sum.Problems) > 0 {
		return &SilentError{Code: ExitError}
	}
	return nil
}

// printSummary prints the report with one interval style: the estimate, then its 95% interval in
// brackets; a rate as a percentage (Wilson), a count or mean as a mean (Student's t).
func printSummary(w io.Writer, s core.Summary) {
	name := s.Game
	if s.Variant != "" {
		name += "/" + s.Variant
	}
	fmt.Fprintf(w, "%s: %d games, %d players, seed %d\n", name, s.Games, s.Players, s.Seed)
	fmt.Fprintf(w, "game length: %.1f moves %s\n", s.Length.Value, bracket(s.Length, 1))
	if s.NoWinner > 0 {
		fmt.Fprintf(w, "games without a winner: %d\n", s.NoWinner)
	}
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	names := s.StatNames()
	header := "SEAT\tBOT\tWINS\tWIN RATE (95% CI)\tMEAN SCORE (95% CI)"
	for _, n := range names {
		header += "\t" + strings.ToUpper(n)
	}
	fmt.Fprintln(tw, header)
	// one number of decimals per column
	dec := map[string]int{}
	for _, n := range names {
		var col []core.Interval
		for _, seat := range s.Seats {
			col = append(col, seat.Stats[n])
		}
		dec[n] = decimals(col...)
	}
	for _, seat := range s.Seats {
		line := fmt.Sprintf("%d\t%s\t%d\t%s\t%s", seat.Seat, seat.Bot, seat.Wins, formatRate(seat.WinRate), formatMean(seat.Score, 2))
		for _, n := range names {
			line += "\t" + formatStat(seat.Stats[n], dec[n])
		}
		fmt.Fprintln(tw, line)
	}
	tw.Flush()
	fmt.Fprintln(w, "score distribution by seat (min / 25% / median / 75% / max):")
	for _, seat := range s.Seats {
		d := seat.ScoreDist
		fmt.Fprintf(w, "  %d: %g / %g / %g / %g / %g\n", seat.Seat, d.Min, d.Q1, d.Median, d.Q3, d.Max)
	}
	for _, k := range s.GameStatNames() {
		v := s.GameStats[k]
		if v.Kind == core.Rate {
			fmt.Fprintf(w, "%s: %s of games\n", k, formatStat(v, 0))
		} else {
			fmt.Fprintf(w, "%s: %s per game\n", k, formatStat(v, decimals(v)))
		}
	}
	fmt.Fprintln(w, "[95% intervals]: Wilson's for rates (%), Student's t for counts and means (n/a under 2 games)")
}

// formatStat prints a rate as a percentage and a count or mean as a mean with dec decimals, each with
// its 95% interval.
func formatStat(v core.Interval, dec int) string {
	if v.Kind == core.Rate {
		return formatRate(v)
	}
	return formatMean(v, dec)
}

// formatRate prints a share as "47.9% [46.9, 48.8]".
func formatRate(v core.Interval) string {
	if !v.Defined() {
		return fmt.Sprintf("%.1f%% [n/a]", 100*v.Value)
	}
	return fmt.Sprintf("%.1f%% [%.1f, %.1f]", 100*v.Value, 100*v.Low, 100*v.High)
}

// formatMean prints a mean as "3.73 [3.51, 3.94]", or "3.73 [n/a]" when the interval is undefined.
func formatMean(v core.Interval, dec int) string {
	return fmt.Sprintf("%.*f %s", dec, v.Value, bracket(v, dec))
}

// bracket prints a mean's interval as "[3.51, 3.94]", or "[n/a]".
func bracket(v core.Interval, dec int) string {
	if !v.Defined() {
		return "[n/a]"
	}
	return fmt.Sprintf("[%.*f, %.*f]", dec, v.Low, dec, v.High)
}

// decimals gives the largest of the statistics about three significant digits: 0.163, 3.73, 12.45,
// 123.4.
func decimals(vs ...core.Interval) int {
	m := 0.0
	for _, v := range vs {
		m = math.Max(m, math.Abs(v.Value))
		if v.Defined() {
			m = math.Max(m, math.Max(math.Abs(v.Low), math.Abs(v.High)))
		}
	}
	switch {
	case m >= 100:
		return 1
	case m >= 1:
		return 2
	}
	return 3
}
