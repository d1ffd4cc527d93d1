package cli

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/ruleslab/ruleslab/core/lab"
)

// FuzzOptions are the options of `ruleslab fuzz`.
type FuzzOptions struct {
	IO       *IO
	Batch    batchFlags
	Game     string
	Variant  string
	Scenario string
	Shrink   time.Duration
	Results  resultsFlags // --out, --resume, --shard
	JSON     bool
}

// NewCmdFuzz builds `ruleslab fuzz`; runF runs the parsed options (nil: runFuzz).
func NewCmdFuzz(io *IO, runF func(*FuzzOptions) error) *cobra.Command {
	opts := &FuzzOptions{IO: io}
	cmd := &cobra.Command{
		Use:   "fuzz GAME",
		Short: "Play random and greedy games checking invariants after every move; shrink a failure to a scenario",
		Long: `Play random and greedy games and check after every move that every component lies in exactly one
zone, that each seat's observation holds only what it may see (and stays the same when what it has not
seen is dealt again), that a running game has a seat to act with legal moves, and that the game ends
within its move cap (limits.max_moves, else 100,000); at the end, that replaying its moves reproduces
it. Games alternate all-random seats and greedy against random (or use --seats), over every player
count (or --players). On a failure, fuzz shrinks it (the fewest moves, the fewest players it can find
failing the same check), writes a scenario file (--scenario) that reproduces it with
'ruleslab run --check FILE', and exits 1. --out FILE saves each game's outcome as it is checked (for
--resume and for merging the --shard I/N of a fuzz spread over machines).`,
		Args: exactArgs(1, "a GAME (bundled id or YAML path)"),
		RunE: runOnGame(opts, &opts.Game, runF, runFuzz),
	}
	f := cmd.Flags()
	registerVariant(f, &opts.Variant)
	opts.Batch.register(f, batchDefaults{Games: 1000, GamesHelp: "number of games", SeedHelp: "seed: game i is seeded from it",
		WorkersHelp: "parallel workers", PlayersHelp: "number of players (default: every count the game allows, in turn)",
		SeatsHelp: "bots by seat, comma-separated (default: alternate all random and greedy,random)"})
	f.StringVar(&opts.Scenario, "scenario", "fuzz-failure.yaml", "where to write the scenario of a failure")
	opts.Results.register(f, "out")
	f.DurationVar(&opts.Shrink, "shrink-time", 20*time.Second, "how long to look for a smaller failing case")
	f.BoolVar(&opts.JSON, "json", false, `print one object: {"game", "games", "checked", "moves", "failed", "interrupted", "first", "shrunk", "scenario"}`)
	return cmd
}

// labOptions checks the flags and turns them into the lab's options.
func (opts *FuzzOptions) labOptions() (*lab.FuzzOptions, error) {
	if err := opts.Batch.validate(); err != nil {
		return nil, err
	}
	results, err := opts.Results.options(opts.IO, "fuzz", opts.Game, opts.Batch.Games)
	if err != nil {
		return nil, err
	}
	b := opts.Batch
	return &lab.FuzzOptions{Game: opts.Game, Variant: opts.Variant, Games: b.Games, Seats: b.Seats, Players: b.Players,
		Seed: b.Seed, Workers: b.Workers, Scenario: opts.Scenario, Shrink: opts.Shrink, ResultsOptions: results,
		Progress: newProgress(opts.IO)}, nil
}

func runFuzz(opts *FuzzOptions) error {
	o, err := opts.labOptions()
	if err != nil {
		return err
	}
	res, err := runBatch(opts.IO, lab.Fuzz, o)
	if res == nil {
		return err
	}
	out := opts.IO.Out
	if opts.JSON {
		if jerr := writeJSON(out, newFuzzJSON(res)); jerr != nil {
			return jerr
		}
		out = io.Discard // the same exit and stderr as the text, the text itself left out
	}
	if res.First == nil {
		fmt.Fprintf(out, "%s: %d games, %d moves checked: no violation\n", res.Name, res.Done, res.Moves)
		if res.Interrupted {
			fmt.Fprintf(opts.IO.Err, "interrupted: %d of %d games checked\n", res.Done, res.Games)
			if res.Out != "" {
				fmt.Fprintf(opts.IO.Err, "they are saved in %s: run the same command with --resume to check the other %d\n", res.Out, res.Games-res.Done)
			}
			return &SilentError{Code: ExitError}
		}
		return nil
	}
	first := res.First
	fmt.Fprintf(out, "%s: %d of %d games broke an invariant; the first: game %d (seed %d, %d players, seats %s), after %d moves: %s\n",
		res.Name, res.Failed, res.Done, first.Index, first.Seed, first.Players, strings.Join(first.Seats, ","), first.Length(), first.Error)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "shrunk to %d players and %d moves: %s\n", res.Shrunk.Players, len(res.Shrunk.Moves), res.Shrunk.Violation.Error())
	fmt.Fprintf(out, "wrote %s; reproduce it with: ruleslab run --check %s\n", res.Path, lab.ShellQuote(res.Path))
	return &SilentError{Code: ExitError}
}

// fuzzJSON is a fuzz run as --json prints it.
type fuzzJSON struct {
	Game        string       `json:"game"`
	Games       int          `json:"games"`
	Checked     int          `json:"checked"`
	Moves       int          `json:"moves"`
	Failed      int          `json:"failed"`
	Interrupted bool         `json:"interrupted"`
	First       *fuzzFailure `json:"first,omitempty"`
	Shrunk      *fuzzShrunk  `json:"shrunk,omitempty"`
	Scenario    string       `json:"scenario,omitempty"` // the scenario file written
}

// fuzzFailure is the first game that broke an invariant.
type fuzzFailure struct {
	Index   int      `json:"index"`
	Seed    uint64   `json:"seed"`
	Players int      `json:"players"`
	Seats   []string `json:"seats"`
	Moves   int      `json:"moves"`
	Error   string   `json:"error"`
}

// fuzzShrunk is the smallest failing case found.
type fuzzShrunk struct {
	Players   int      `json:"players"`
	Moves     []string `json:"moves"`
	Violation string   `json:"violation"`
}

func newFuzzJSON(res *lab.FuzzResult) fuzzJSON {
	j := fuzzJSON{Game: res.Name, Games: res.Games, Checked: res.Done, Moves: res.Moves, Failed: res.Failed, Interrupted: res.Interrupted}
	if f := res.First; f != nil {
		j.First = &fuzzFailure{Index: f.Index, Seed: f.Seed, Players: f.Players, Seats: f.Seats, Moves: f.Length(), Error: f.Error}
	}
	if sh := res.Shrunk; sh != nil {
		j.Shrunk = &fuzzShrunk{Players: sh.Players, Moves: sh.Moves, Violation: sh.Violation.Error()}
		j.Scenario = res.Path
	}
	return j
}
