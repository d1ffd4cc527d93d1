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

	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/core/lab"
	"github.com/ruleslab/ruleslab/core/stats"
	"github.com/ruleslab/ruleslab/scripting"
)

// TournamentOptions are the options of `ruleslab tournament`.
type TournamentOptions struct {
	IO      *IO
	Ext     extBotFlags
	Game    string
	Variant string
	Bots    string
	Games   int
	Players int
	Seed    uint64
	Workers int
	JSON    bool
	CSV     bool
	Report  string
	Log     string
	Ladder  bool
	Rungs   int
	Boot    int
}

func newTournamentCmd(io *IO) *cobra.Command {
	opts := &TournamentOptions{IO: io}
	cmd := &cobra.Command{
		Use:   "tournament GAME",
		Short: "Play bots against each other in every seat and report win rates, head-to-head results and ratings",
		Long: `Play bots against each other: every bot plays every seat equally often (the seatings rotate; with
fewer bots than seats a bot holds several seats, in balanced permutations), and each pass over the
seatings replays the same deal, so seat advantage and luck of the deal cancel. --games is rounded up
to a whole number of passes. Reports per bot the win rate (Wilson) and mean score (Student's t) over
the seats it played, a head-to-head table (the share of the decisive games in which A finished ahead of
B: its seats won when B's did not more often than the reverse; with Wilson's interval over games, as
the pairs of seats of one game share its winner: "*" marks a share significantly above 50%) and a
Bradley-Terry rating on the Elo scale with a 95% bootstrap interval. Results are identical for any
number of workers (unless a bot searches with an ms= time budget).

--ladder plays the first bot, an ismcts spec, at doubling budgets (iterations N, 2N, 4N, ...,
--rungs of them), each against the one before.`,
		Args: exactArgs(1, "a GAME (bundled id or YAML path)"),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Game = args[0]
			return runTournament(opts)
		},
	}
	f := cmd.Flags()
	f.StringVar(&opts.Variant, "variant", "", "a bundled variant of GAME")
	f.StringVar(&opts.Bots, "bots", "", "the bots, comma-separated (random, the game's bots, lua:PATH, cmd:COMMAND, ismcts[:iterations=N,ms=T,rollout=random|mast|BOT,horizon=N|round,margin=X])")
	f.IntVar(&opts.Games, "games", 100, "number of games (rounded up to whole passes over the seatings)")
	f.IntVar(&opts.Players, "players", 0, "number of players (default: the game's)")
	f.Uint64Var(&opts.Seed, "seed", 1, "tournament seed")
	f.IntVar(&opts.Workers, "workers", runtime.NumCPU(), "parallel workers (results are identical for any number)")
	f.BoolVar(&opts.JSON, "json", false, "print the report as JSON")
	f.BoolVar(&opts.CSV, "csv", false, "print every number of the report as CSV")
	f.StringVar(&opts.Report, "report", "", "write a report with tables and plots to FILE.html or FILE.md")
	f.StringVar(&opts.Log, "log", "", "write every game to this JSON-lines file (for replay)")
	f.BoolVar(&opts.Ladder, "ladder", false, "play the first bot (ismcts) at doubling budgets, each against the previous")
	f.IntVar(&opts.Rungs, "rungs", 4, "with --ladder: how many budgets (N, 2N, ...)")
	f.IntVar(&opts.Boot, "bootstrap", 1000, "bootstrap resamples for the rating intervals")
	opts.Ext.register(f)
	return cmd
}

// tournamentWorker plays game i with the i-th seating of the schedule on the deal of its pass.
type tournamentWorker struct {
	w        *scripting.Worker
	names    []string
	schedule [][]int
	seed     uint64
}

func (t *tournamentWorker) Play(index int, _ uint64) core.Result {
	seating := t.schedule[index%len(t.schedule)]
	seats := make([]string, len(seating))
	for i, b := range seating {
		seats[i] = t.names[b]
	}
	t.w.Seats = seats
	return t.w.Play(index, core.GameSeed(t.seed, index/len(t.schedule)))
}

func (t *tournamentWorker) Close() { t.w.Close() }

func runTournament(opts *TournamentOptions) error {
	if opts.Games < 1 {
		return usagef("--games must be at least 1")
	}
	if opts.Workers < 1 {
		return usagef("--workers must be at least 1")
	}
	if opts.JSON && opts.CSV {
		return usagef("--json and --csv: choose one")
	}
	if err := checkReportPath(opts.Report); err != nil {
		return err
	}
	p, players, err := loadGame(opts.Game, opts.Variant, opts.Players)
	if err != nil {
		return err
	}
	if opts.Bots == "" {
		return usagef("--bots: name the bots, e.g. --bots ismcts,greedy,random")
	}
	bots, err := parseBots(p, opts.Bots)
	if err != nil {
		return usagef("%s", strings.Replace(err.Error(), "--seats", "--bots", 1))
	}
	if err := opts.Ext.apply(p, opts.IO); err != nil {
		return err
	}
	seen := map[string]bool{}
	for _, b := range bots {
		if seen[b] {
			return usagef("--bots: %s is listed twice", b)
		}
		seen[b] = true
	}
	defer batchGC()()
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
	if !opts.Ladder {
		rep, status := playTournament(opts, p, players, bots, opts.Seed, logw)
		if !isPartial(status) {
			return status
		}
		if opts.Report != "" {
			if err := tournamentReport([]stats.TournamentReport{rep}, nil).WriteFile(opts.Report); err != nil {
				return err
			}
		}
		switch {
		case opts.JSON:
			err = writeJSON(opts.IO.Out, rep)
		case opts.CSV:
			err = writeTournamentCSV(opts.IO.Out, []stats.TournamentReport{rep}, nil)
		default:
			printTournament(opts.IO.Out, rep)
		}
		if err != nil {
			return err
		}
		return status
	}
	// the ladder: budgets N, 2N, 4N, ...; rung k plays 2^k N against 2^(k-1) N
	base := bots[0]
	if !scripting.IsISMCTS(base) {
		return usagef("--ladder: the first bot must be an ismcts spec, not %q", base)
	}
	cfg, _ := p.ParseISMCTS(base)
	n := cfg.Iterations
	if n == 0 {
		n = core.DefaultIterations
	}
	if opts.Rungs < 2 {
		return usagef("--rungs must be at least 2")
	}
	var reps []stats.TournamentReport
	var rungs []string
	var status error // errInterrupted or errFailedGames once a rung ends so
	for k := 1; k < opts.Rungs; k++ {
		strong, weak := withIterations(base, n<<k), withIterations(base, n<<(k-1))
		rep, st := playTournament(opts, p, players, []string{strong, weak}, core.Mix(opts.Seed, uint64(k)), logw)
		if !isPartial(st) {
			return st
		}
		if st != nil {
			status = st
		}
		reps = append(reps, rep)
		rungs = append(rungs, rungName(strong, weak))
		if !opts.JSON && !opts.CSV {
			fmt.Fprintf(opts.IO.Out, "== rung %d: %s against %s\n", k, strong, weak)
			printTournament(opts.IO.Out, rep)
			fmt.Fprintln(opts.IO.Out)
		}
		if status == errInterrupted {
			break // the later rungs are not played
		}
	}
	if opts.Report != "" {
		if err := tournamentReport(reps, rungs).WriteFile(opts.Report); err != nil {
			return err
		}
	}
	switch {
	case opts.JSON:
		err = writeJSON(opts.IO.Out, map[string]any{"ladder": reps})
	case opts.CSV:
		err = writeTournamentCSV(opts.IO.Out, reps, rungs)
	}
	if err != nil {
		return err
	}
	return status
}

// A tournament that was interrupted, or in which games failed, is still reported (what finished) and
// then exits 1, as sim does.
var (
	errInterrupted = &SilentError{Code: ExitError}
	errFailedGames = &SilentError{Code: ExitError}
)

// isPartial tells whether playTournament's status still comes with a report to print.
func isPartial(status error) bool {
	return status == nil || status == errInterrupted || status == errFailedGames
}

// withIterations returns an ismcts spec with its iterations set to n (other options kept).
func withIterations(spec string, n int) string {
	opts := strings.TrimPrefix(strings.TrimPrefix(spec, scripting.ISMCTSPrefix), ":")
	parts := []string{fmt.Sprintf("iterations=%d", n)}
	if opts != "" {
		for _, kv := range strings.Split(opts, ",") {
			if k, _, _ := strings.Cut(kv, "="); k != "iterations" && k != "it" {
				parts = append(parts, kv)
			}
		}
	}
	return scripting.ISMCTSPrefix + ":" + strings.Join(parts, ",")
}

func playTournament(opts *TournamentOptions, p *scripting.Program, players int, bots []string, seed uint64, logw *bufio.Writer) (stats.TournamentReport, error) {
	schedule, err := stats.Schedule(len(bots), players)
	if err != nil {
		return stats.TournamentReport{}, usagef("%v", err)
	}
	games := (opts.Games + len(schedule) - 1) / len(schedule) * len(schedule)
	if games != opts.Games {
		fmt.Fprintf(opts.IO.Err, "note: %d games (%d passes over the %d seatings), so every bot plays every seat equally often\n",
			games, games/len(schedule), len(schedule))
	}
	ctx, stop := stopSignals()
	defer stop()
	var bar *progressbar.ProgressBar
	if opts.IO.ErrIsTerm {
		bar = progressbar.NewOptions(games, progressbar.OptionSetWriter(opts.IO.Err),
			progressbar.OptionSetDescription(p.Game.Name()), progressbar.OptionShowCount(),
			progressbar.OptionThrottle(100_000_000), progressbar.OptionClearOnFinish())
	}
	tally := stats.NewTournament(bots)
	var firstErr string
	batch := lab.Batch{Games: games, Seed: seed, Workers: opts.Workers,
		NewWorker: func() (lab.Worker, error) {
			w, err := p.NewWorker(players, nil, logw != nil)
			if err != nil {
				return nil, err
			}
			return &tournamentWorker{w: w, names: bots, schedule: schedule, seed: seed}, nil
		}}
	done, runErr := batch.Run(ctx, func(r core.Result) {
		tally.Add(r)
		if r.Error != "" && firstErr == "" {
			firstErr = r.Error
		}
		if logw != nil {
			data, _ := json.Marshal(LogRecord{Game: opts.Game, Variant: opts.Variant, Result: r})
			logw.Write(data)
			logw.WriteByte('\n')
		}
		if bar != nil {
			bar.Add(1)
		}
	})
	if bar != nil {
		bar.Finish()
	}
	rep := tally.Report(seed, opts.Boot)
	cfg := p.Game.Config
	rep.Game, rep.Variant, rep.Players, rep.Seed, rep.Seatings = cfg.ID, cfg.Variant, players, seed, len(schedule)
	if rep.Failed > 0 {
		fmt.Fprintf(opts.IO.Err, "%d games failed; the first: %s\n", rep.Failed, firstErr)
		if rep.Games == 0 {
			return rep, &SilentError{Code: ExitError}
		}
	}
	if runErr != nil && rep.Games == 0 {
		fmt.Fprintln(opts.IO.Err, "interrupted before any game finished; nothing to report")
		return rep, &SilentError{Code: ExitError}
	}
	if runErr != nil {
		fmt.Fprintf(opts.IO.Err, "interrupted: %d of %d games finished and reported\n", done, games)
		return rep, errInterrupted
	}
	if rep.Failed > 0 {
		return rep, errFailedGames
	}
	return rep, nil
}

// printTournament prints the per-bot table and the head-to-head table.
func printTournament(w io.Writer, r stats.TournamentReport) {
	name := r.Game
	if r.Variant != "" {
		name += "/" + r.Variant
	}
	fmt.Fprintf(w, "%s tournament: %d games, %d players, %d seatings, seed %d\n", name, r.Games, r.Players, r.Seatings, r.Seed)
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "BOT\tSEAT-GAMES\tWINS\tWIN RATE (95% CI)\tMEAN SCORE (95% CI)\tRATING (95% CI)")
	for _, b := range r.Bots {
		fmt.Fprintf(tw, "%s\t%d\t%d\t%s\t%s\t%s\n", b.Bot, b.SeatGames, b.Wins, formatRate(b.WinRate), formatMean(b.Score, 2), formatRating(b.Rating))
	}
	tw.Flush()
	fmt.Fprintln(w, "head to head: row finished ahead of column (share of decisive games, 95% CI; * above 50%)")
	tw = tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	header := ""
	for _, b := range r.Bots {
		header += "\t" + b.Bot
	}
	fmt.Fprintln(tw, header)
	for _, a := range r.Bots {
		line := a.Bot
		for _, b := range r.Bots {
			cell := "-"
			for _, h := range r.HeadToHead {
				if h.A == a.Bot && h.B == b.Bot {
					cell = formatRate(h.Rate)
					if h.Significant() {
						cell += " *"
					}
				}
			}
			line += "\t" + cell
		}
		fmt.Fprintln(tw, line)
	}
	tw.Flush()
	fmt.Fprintln(w, "[95% intervals]: Wilson's for rates, Student's t for scores, bootstrap percentiles for Bradley-Terry ratings (Elo scale, mean 0)")
}

func formatRating(r stats.Rating) string {
	if math.IsNaN(r.Low) {
		return fmt.Sprintf("%+.0f [n/a]", r.Value)
	}
	return fmt.Sprintf("%+.0f [%+.0f, %+.0f]", r.Value, r.Low, r.High)
}
