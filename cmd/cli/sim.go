package cli

import (
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

	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/core/lab"
	"github.com/ruleslab/ruleslab/core/stats"
)

// SimOptions are the options of `ruleslab sim`.
type SimOptions struct {
	IO      *IO
	Ext     extBotFlags
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
	Out      string // results file, written as games finish
	Resume   bool   // continue Out
	Shard    string // "I/N": play the games whose index mod N is I
	Index    int    // play only this game (-1: all)
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
	f.StringVar(&opts.Out, "out", "", "write each game's result to this file as it finishes (for --resume and merge)")
	f.BoolVar(&opts.Resume, "resume", false, "continue the --out FILE of an interrupted run of the same command")
	f.StringVar(&opts.Shard, "shard", "", "I/N: play only the games whose index mod N is I (0 <= I < N); merge the --out files")
	f.IntVar(&opts.Index, "index", -1, "play only game I of the batch (reproduces a failed game)")
	opts.Ext.register(f)
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
	shard, shards, err := parseShard(opts.Shard)
	if err != nil {
		return err
	}
	if err := checkOutFlags(opts, shards); err != nil {
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
	if err := opts.Ext.apply(p, opts.IO); err != nil {
		return err
	}
	seats = cycleSeats(seats, players)
	hdr := resultsHeader{Format: resultsFormat, Game: opts.Game, Variant: opts.Variant, ID: cfg.ID, Named: cfg.Variant,
		Players: players, Seats: seats, Seed: opts.Seed, Games: opts.Games, Shard: shard, Shards: shards, Stats: cfg.Stats}
	batch := hdr.batch()
	if opts.Index >= 0 {
		batch.Start, batch.Step = opts.Index, opts.Games
	}
	batch.Workers = opts.Workers

	tally := stats.NewTally(players, seats, cfg.Stats)
	rep := batchReport{Header: hdr, JSON: opts.JSON, FirstFailed: -1, Out: opts.Out}
	add := func(r core.Result) {
		tally.Add(r)
		rep.noteFailure(r)
	}
	total := batch.Count()
	resumed := 0
	if opts.Resume {
		if resumed, err = resumeResults(opts.Out, hdr, add); err != nil {
			return err
		}
		batch.Start = batch.Index(resumed)
	}

	var logw, outw *lineWriter
	if opts.Log != "" {
		var f *os.File
		if opts.Resume {
			f, err = trimLog(opts.Log, hdr.batch(), resumed)
		} else {
			f, err = os.Create(opts.Log)
		}
		if err != nil {
			return err
		}
		defer f.Close()
		logw = newLineWriter(f)
		defer logw.Flush()
	}
	if opts.Out != "" {
		f, err := openOut(opts.Out, opts.Resume, hdr)
		if err != nil {
			return err
		}
		defer f.Close()
		outw = newLineWriter(f)
		outw.before = logw
		defer outw.Flush()
	}
	ctx, stop := stopSignals()
	defer stop()

	var bar *progressbar.ProgressBar
	if opts.IO.ErrIsTerm {
		bar = progressbar.NewOptions(batch.Count(), progressbar.OptionSetWriter(opts.IO.Err),
			progressbar.OptionSetDescription(p.Game.Name()), progressbar.OptionShowCount(),
			progressbar.OptionThrottle(100_000_000), progressbar.OptionClearOnFinish())
	}
	var cov *coverage
	if opts.Coverage {
		cov = newCoverage()
	}
	var finished []core.Result // for the report's plots
	batch.NewWorker = func() (lab.Worker, error) {
		w, err := p.NewWorker(players, seats, logw != nil)
		if err != nil || cov == nil {
			return w, err
		}
		return coveredWorker{w, cov}, nil
	}
	var saveErr error
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
			logw.WriteLine(data)
		}
		add(r)
		if outw != nil {
			data, err := json.Marshal(recordOf(r))
			if err != nil && saveErr == nil {
				saveErr = fmt.Errorf("game %d: cannot save its result: %v", r.Index, err)
			}
			if err == nil {
				outw.WriteLine(data)
			}
		}
		if bar != nil {
			bar.Add(1)
		}
	})
	if bar != nil {
		bar.Finish()
	}
	for _, w := range []*lineWriter{logw, outw} {
		if w != nil && saveErr == nil {
			saveErr = w.Flush()
		}
	}
	if saveErr != nil {
		fmt.Fprintf(opts.IO.Err, "ruleslab: %v\n", saveErr)
	}
	rep.Sum = tally.Summary()
	if cov != nil && rep.Sum.Games > 0 {
		c := cov.report("", p, rep.Sum.Games)
		rep.Coverage = &c
	}
	if opts.Report != "" && rep.Sum.Games > 0 {
		sum := rep.Sum
		sum.Game, sum.Variant, sum.Seed = cfg.ID, cfg.Variant, opts.Seed
		if err := simReport(sum, finished, rep.Coverage).WriteFile(opts.Report); err != nil {
			return err
		}
	}
	if runErr != nil {
		rep.Interrupted, rep.Done, rep.Total = true, resumed+done, total
		rep.Resume = opts.Out != ""
	}
	err = rep.print(opts.IO)
	if err == nil && saveErr != nil {
		err = &SilentError{Code: ExitError}
	}
	return err
}

// checkOutFlags checks how --out, --resume, --shard and --index combine.
func checkOutFlags(opts *SimOptions, shards int) error {
	switch {
	case opts.Resume && opts.Out == "":
		return usagef("--resume continues the results file of --out FILE: give --out")
	case opts.Index >= opts.Games || opts.Index < -1:
		return usagef("--index %d: the batch has games 0..%d", opts.Index, opts.Games-1)
	case opts.Index >= 0 && (opts.Out != "" || shards > 1):
		return usagef("--index plays one game of the batch (to reproduce it): it takes no --out or --shard")
	case shards > opts.Games:
		return usagef("--shard %s: more shards than the %d games", opts.Shard, opts.Games)
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

// openOut creates the results file and writes its header, or opens it for appending when resuming.
func openOut(path string, resume bool, hdr resultsHeader) (*os.File, error) {
	if resume {
		return os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	}
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	data, _ := json.Marshal(hdr)
	if _, err := f.Write(append(data, '\n')); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// batchReport is what sim and merge print after a batch: the summary on stdout (text or JSON), and
// notes, failures and interruptions on stderr, with the exit code.
type batchReport struct {
	Sum         stats.Summary
	Header      resultsHeader
	JSON        bool
	FirstErr    string
	FirstFailed int // the first failed game's index, -1 when none failed
	Interrupted bool
	Done, Total int
	Out         string // the results file, if any
	Resume      bool   // say how to resume
	Coverage    *CoverageReport
	Failures    []string // the first few failures, for the message
	failed      int
}

func (rep *batchReport) noteFailure(r core.Result) {
	if r.Error != "" && rep.FirstFailed < 0 {
		rep.FirstErr, rep.FirstFailed = r.Error, r.Index
	}
	if r.Error != "" {
		rep.failed++
		if len(rep.Failures) < 5 {
			rep.Failures = append(rep.Failures, r.Error)
		}
	}
}

func (rep *batchReport) print(io *IO) error {
	sum := rep.Sum
	sum.Game, sum.Variant, sum.Seed = rep.Header.ID, rep.Header.Named, rep.Header.Seed
	repro := func() {
		if rep.FirstFailed >= 0 {
			fmt.Fprintf(io.Err, "reproduce it with: %s\n", rep.Header.reproCommand(rep.FirstFailed))
		}
	}
	interrupted := func() {
		fmt.Fprintf(io.Err, "interrupted: %d of %d games finished and reported\n", rep.Done, rep.Total)
		if rep.Resume {
			fmt.Fprintf(io.Err, "they are saved in %s: run the same command with --resume to play the other %d\n", rep.Out, rep.Total-rep.Done)
		}
	}
	if sum.Games == 0 {
		// Nothing finished: a table of zeros would hide why.
		switch {
		case sum.Failed > 0:
			fmt.Fprintf(io.Err, "all %d games failed; nothing to report. The first: %s\n", sum.Failed, rep.FirstErr)
			repro()
		default:
			fmt.Fprintf(io.Err, "interrupted before any game finished; nothing to report\n")
		}
		if rep.Interrupted && sum.Failed > 0 {
			interrupted()
		}
		return &SilentError{Code: ExitError}
	}
	if rep.JSON {
		enc := json.NewEncoder(io.Out)
		enc.SetIndent("", "  ")
		var err error
		if rep.Coverage != nil {
			err = enc.Encode(struct {
				stats.Summary
				Coverage *CoverageReport `json:"coverage"`
			}{sum, rep.Coverage})
		} else {
			err = enc.Encode(sum)
		}
		if err != nil {
			return err
		}
	} else {
		printSummary(io.Out, sum)
		if rep.Coverage != nil {
			printCoverage(io.Out, *rep.Coverage)
		}
	}
	if len(sum.Undeclared) > 0 {
		fmt.Fprintf(io.Err, "note: reported as counts, not declared in the YAML `stats:`: %s\n", strings.Join(sum.Undeclared, ", "))
	}
	for _, p := range sum.Problems {
		fmt.Fprintf(io.Err, "%s\n", p)
	}
	if rep.Interrupted {
		interrupted()
		return &SilentError{Code: ExitError}
	}
	if sum.Failed > 0 {
		fmt.Fprintf(io.Err, "%d games failed; the first: %s\n", sum.Failed, rep.FirstErr)
		for _, f := range rep.Failures[1:] {
			fmt.Fprintf(io.Err, "  also: %s\n", f)
		}
		if rep.failed > len(rep.Failures) {
			fmt.Fprintf(io.Err, "  and %d more (each with its seed in --log)\n", rep.failed-len(rep.Failures))
		}
		repro()
		return &SilentError{Code: ExitError}
	}
	if len(sum.Problems) > 0 {
		return &SilentError{Code: ExitError}
	}
	return nil
}

// printSummary prints the report with one interval style: the estimate, then its 95% interval in
// brackets; a rate as a percentage (Wilson), a count or mean as a mean (Student's t).
func printSummary(w io.Writer, s stats.Summary) {
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
		var col []stats.Interval
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
		if v.Kind == stats.Rate {
			fmt.Fprintf(w, "%s: %s of games\n", k, formatStat(v, 0))
		} else {
			fmt.Fprintf(w, "%s: %s per game\n", k, formatStat(v, decimals(v)))
		}
	}
	fmt.Fprintln(w, "[95% intervals]: Wilson's for rates (%), Student's t for counts and means (n/a under 2 games)")
}

// formatStat prints a rate as a percentage and a count or mean as a mean with dec decimals, each with
// its 95% interval.
func formatStat(v stats.Interval, dec int) string {
	if v.Kind == stats.Rate {
		return formatRate(v)
	}
	return formatMean(v, dec)
}

// formatRate prints a share as "47.9% [46.9, 48.8]".
func formatRate(v stats.Interval) string {
	if !v.Defined() {
		return fmt.Sprintf("%.1f%% [n/a]", 100*v.Value)
	}
	return fmt.Sprintf("%.1f%% [%.1f, %.1f]", 100*v.Value, 100*v.Low, 100*v.High)
}

// formatMean prints a mean as "3.73 [3.51, 3.94]", or "3.73 [n/a]" when the interval is undefined.
func formatMean(v stats.Interval, dec int) string {
	return fmt.Sprintf("%.*f %s", dec, v.Value, bracket(v, dec))
}

// bracket prints a mean's interval as "[3.51, 3.94]", or "[n/a]".
func bracket(v stats.Interval, dec int) string {
	if !v.Defined() {
		return "[n/a]"
	}
	return fmt.Sprintf("[%.*f, %.*f]", dec, v.Low, dec, v.High)
}

// decimals gives the largest of the statistics about three significant digits: 0.163, 3.73, 12.45,
// 123.4.
func decimals(vs ...stats.Interval) int {
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
