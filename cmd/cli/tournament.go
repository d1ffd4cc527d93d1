package cli

import (
	"fmt"
	"math"

	"github.com/spf13/cobra"

	"github.com/ruleslab/ruleslab/core/lab"
	"github.com/ruleslab/ruleslab/core/report"
	"github.com/ruleslab/ruleslab/core/stats"
)

// TournamentOptions are the options of `ruleslab tournament`.
type TournamentOptions struct {
	IO      *IO
	Batch   batchFlags
	Output  outputFlags
	Ext     extBotFlags
	Game    string
	Variant string
	Bots    string
	Results resultsFlags // --out, --resume, --shard
	Ladder  bool
	Rungs   int
	Boot    int
}

// NewCmdTournament builds `ruleslab tournament`; runF runs the parsed options (nil: runTournament).
func NewCmdTournament(io *IO, runF func(*TournamentOptions) error) *cobra.Command {
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
		RunE: runOnGame(opts, &opts.Game, runF, runTournament),
	}
	f := cmd.Flags()
	registerVariant(f, &opts.Variant)
	f.StringVar(&opts.Bots, "bots", "", "the bots, comma-separated (random, the game's bots, lua:PATH, cmd:COMMAND, ismcts[:iterations=N,ms=T,rollout=random|mast|BOT,horizon=N|round,margin=X])")
	opts.Batch.register(f, batchDefaults{Games: 100, GamesHelp: "number of games (rounded up to whole passes over the seatings)",
		SeedHelp: "tournament seed", LogHelp: "write every game to this JSON-lines file (for replay)"})
	opts.Output.register(f, "print the report as JSON", "print every number of the report as CSV", true)
	f.BoolVar(&opts.Ladder, "ladder", false, "play the first bot (ismcts) at doubling budgets, each against the previous")
	f.IntVar(&opts.Rungs, "rungs", 4, "with --ladder: how many budgets (N, 2N, ...)")
	f.IntVar(&opts.Boot, "bootstrap", 1000, "bootstrap resamples for the rating intervals")
	opts.Results.register(f, "out")
	opts.Ext.register(f)
	return cmd
}

// labOptions checks the flags and turns them into the lab's options.
func (opts *TournamentOptions) labOptions() (*lab.TournamentOptions, error) {
	if err := checkFlags(opts.Batch.validate, opts.Output.validate, opts.Ext.check); err != nil {
		return nil, err
	}
	if opts.Boot < 0 {
		return nil, usagef("--bootstrap %d: must be 0 (no rating intervals) or more", opts.Boot)
	}
	// --games is rounded up to whole passes (on every rung of a ladder): the lab checks --shard against
	// the games the tournament plays
	results, err := opts.Results.options(opts.IO, "tournament", opts.Game, math.MaxInt)
	if err != nil {
		return nil, err
	}
	b := opts.Batch
	return &lab.TournamentOptions{Game: opts.Game, Variant: opts.Variant, Bots: opts.Bots, Games: b.Games, Players: b.Players,
		Seed: b.Seed, Workers: b.Workers, ResultsOptions: results, Log: b.Log, Ladder: opts.Ladder, Rungs: opts.Rungs, Boot: opts.Boot,
		Report: opts.Output.Report,
		Ext:    opts.Ext.options(opts.IO), Progress: newProgress(opts.IO)}, nil
}

func runTournament(opts *TournamentOptions) error {
	o, err := opts.labOptions()
	if err != nil {
		return err
	}
	o.Planned = func(games, seatings int) {
		if games != o.Games {
			passes := "passes"
			if games == seatings {
				passes = "pass"
			}
			fmt.Fprintf(opts.IO.Err, "%d games: %d %s of %d seatings, so every bot plays every seat equally often\n",
				games, games/seatings, passes, seatings)
		}
	}
	o.Played = func(run *lab.TournamentRun) { playedRun(opts, run) }
	res, err := runBatch(opts.IO, lab.Tournament, o)
	if err != nil {
		return err
	}
	if res.Status() == lab.NothingDone {
		if opts.Output.JSON { // a script reading the JSON still gets an object, with the failed count
			if err := printTournaments(opts, res); err != nil {
				return err
			}
		}
		return &SilentError{Code: ExitError}
	}
	err = printTournaments(opts, res)
	if err == nil && res.Status() != lab.Complete {
		err = &SilentError{Code: ExitError}
	}
	err = afterSummary(opts.IO, err, res.SaveErr())
	if opts.Output.Report != "" {
		err = afterSummary(opts.IO, err, writeReport(opts.IO, report.Tournament(res.Reports(), res.RungNames(), reportStamp(opts.IO)), opts.Output.Report, opts.Game, opts.Variant))
	}
	return err
}

// playedRun reports a finished tournament's failures and interruption on stderr and prints a ladder's
// rung as it ends.
func playedRun(opts *TournamentOptions, run *lab.TournamentRun) {
	rep := run.Report
	if rep.Failed > 0 {
		fmt.Fprintf(opts.IO.Err, "%d games failed; the first: %s\n", rep.Failed, run.Failures.First)
	}
	switch {
	case run.Status == lab.NothingDone && rep.Failed == 0:
		fmt.Fprintln(opts.IO.Err, "interrupted before any game finished; nothing to report")
	case run.Status == lab.Stopped:
		fmt.Fprintf(opts.IO.Err, "interrupted: %d of %d games finished and reported\n", run.Done, run.Games)
		if run.Out != "" {
			fmt.Fprintf(opts.IO.Err, "they are saved in %s: run the same command with --resume to play the other %d\n", run.Out, run.Left)
		}
		if rep.Games > 0 && rep.Bootstrap < opts.Boot {
			fmt.Fprintf(opts.IO.Err, "the rating intervals use %d of the %d bootstrap resamples\n", rep.Bootstrap, opts.Boot)
		}
	}
	if opts.Ladder && run.Status != lab.NothingDone && !opts.Output.JSON && !opts.Output.CSV {
		fmt.Fprintf(opts.IO.Out, "== rung %d: %s against %s\n", run.Rung, run.Strong, run.Weak)
		report.TournamentText(opts.IO.Out, rep)
		fmt.Fprintln(opts.IO.Out)
	}
}

// printTournaments prints the tournament (or the ladder) as text, JSON or CSV.
func printTournaments(opts *TournamentOptions, res *lab.TournamentResult) error {
	reps, rungs := res.Reports(), res.RungNames()
	switch {
	case opts.Output.JSON && res.Ladder:
		return writeJSON(opts.IO.Out, map[string]any{"ladder": tournamentsJSON(res)})
	case opts.Output.JSON:
		return writeJSON(opts.IO.Out, tournamentsJSON(res)[0])
	case opts.Output.CSV:
		return report.WriteTournamentCSV(opts.IO.Out, reps, rungs)
	case !res.Ladder:
		report.TournamentText(opts.IO.Out, reps[0])
	}
	return nil
}

// tournamentJSON is a tournament's (or a rung's) --json: its report and, when games failed, the
// first failures.
type tournamentJSON struct {
	stats.TournamentReport
	Failures *lab.Failures `json:"failures,omitempty"`
}

func tournamentsJSON(res *lab.TournamentResult) []tournamentJSON {
	out := make([]tournamentJSON, len(res.Runs))
	for i, run := range res.Runs {
		out[i] = tournamentJSON{run.Report, run.Failures.IfAny()}
	}
	return out
}

// formatRating prints a rating with its interval.
