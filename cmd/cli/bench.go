package cli

import (
	"github.com/spf13/cobra"

	"github.com/ruleslab/ruleslab/core/lab"
	"github.com/ruleslab/ruleslab/core/report"
)

// BenchOptions are the options of `ruleslab bench`.
type BenchOptions struct {
	IO      *IO
	Batch   batchFlags
	Output  outputFlags
	Game    string
	Variant string
}

// NewCmdBench builds `ruleslab bench`; runF runs the parsed options (nil: runBench).
func NewCmdBench(io *IO, runF func(*BenchOptions) error) *cobra.Command {
	opts := &BenchOptions{IO: io}
	cmd := &cobra.Command{
		Use:   "bench GAME",
		Short: "Measure a game's speed: time and allocations per move, per hook, per clone, per worker",
		Long: `Plays whole games on one core and prints the time and allocations per move, where the time goes
(each Lua hook and Lua bot), the cost of a search bot's determinisation (Clone + Resample of a
mid-game state), and with --workers N the speed-up of N workers over one. With a bot in a seat
that is not random, it also plays the games with random seats and prints what the bots multiply
the time per move by.`,
		Example: `  ruleslab bench mimic-taking --games 300
  ruleslab bench mimic-taking --seats greedy
  ruleslab bench simino --variant whites --workers 2 --json`,
		Args: exactArgs(1, "a GAME (bundled id or YAML path)"),
		RunE: runOnGame(opts, &opts.Game, runF, runBench),
	}
	f := cmd.Flags()
	registerVariant(f, &opts.Variant)
	opts.Batch.register(f, batchDefaults{Games: 200, GamesHelp: "games to play", Workers: 1,
		WorkersHelp: "also play the games on this many workers and on one, three times each (runs of a second at least), and report the speed-up", Seats: "random", SeatsHelp: "bots by seat, comma-separated: without --players, as many players as listed when the game allows it; cycled if shorter than the player count"})
	opts.Output.register(f, "print the figures as JSON", "", false)
	return cmd
}

// labOptions checks the flags and turns them into the lab's options.
func (opts *BenchOptions) labOptions() (*lab.BenchOptions, error) {
	if err := opts.Batch.validate(); err != nil {
		return nil, err
	}
	b := opts.Batch
	return &lab.BenchOptions{Game: opts.Game, Variant: opts.Variant, Games: b.Games, Players: b.Players, Seats: b.Seats,
		Workers: b.Workers}, nil
}

func runBench(opts *BenchOptions) error {
	o, err := opts.labOptions()
	if err != nil {
		return err
	}
	rep, err := runBatch(opts.IO, lab.Bench, o)
	if err != nil {
		if rep != nil && opts.Output.JSON { // a game failed: the object says which, as sim's does
			if werr := writeJSON(opts.IO.Out, benchFailure(rep)); werr != nil {
				return werr
			}
		}
		return interrupted(opts.IO, err)
	}
	if opts.Output.JSON {
		return writeJSON(opts.IO.Out, rep)
	}
	return report.BenchText(opts.IO.Out, rep)
}

// benchFailedJSON is bench's --json when a game failed: what was run and the failure, no figures (bench
// stops at the failed game: any figure would be wrong).
type benchFailedJSON struct {
	Game     string        `json:"game"`
	Players  int           `json:"players"`
	Seats    []string      `json:"seats"`
	Games    int           `json:"games"`
	Failures *lab.Failures `json:"failures"`
}

func benchFailure(rep *lab.BenchReport) benchFailedJSON {
	return benchFailedJSON{Game: rep.Game, Players: rep.Players, Seats: rep.Seats, Games: rep.Games, Failures: rep.Failures}
}
