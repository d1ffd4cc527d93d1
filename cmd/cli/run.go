package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/core/bots"
	"github.com/ruleslab/ruleslab/core/invariant"
	"github.com/ruleslab/ruleslab/core/scenario"
	"github.com/ruleslab/ruleslab/scripting"
)

// RunOptions are the options of `ruleslab run`.
type RunOptions struct {
	IO       *IO
	Scenario string
	Variant  string // play the scenario under this variant instead of the one it names
	JSON     bool
	Seats    string
	Observe  int // print this seat's final observation too; -1: none
	Check    bool
}

// NewCmdRun builds `ruleslab run`; runF runs the parsed options (nil: runRun).
func NewCmdRun(io *IO, runF func(*RunOptions) error) *cobra.Command {
	opts := &RunOptions{IO: io}
	cmd := &cobra.Command{
		Use:   "run SCENARIO.yaml",
		Short: "Play a scenario (a fixed setup and a list of moves) and print the events and the outcome",
		Long: `Play a scenario (a fixed setup and a list of moves) and print the events and the outcome.

With --observe SEAT the final position is also shown as that seat sees it: its observation (every zone
with its cards when the seat may see them, otherwise only its size; the values and events the seat may
see; the legal moves if it is to act), as JSON: the "observation" field of the --json object, or one
JSON line after the text outcome.`,
		Args: exactArgs(1, "a SCENARIO.yaml"),
		RunE: runOnGame(opts, &opts.Scenario, runF, runRun),
	}
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print one JSON object")
	cmd.Flags().StringVar(&opts.Variant, "variant", "", "play the scenario under this variant of its game instead of the one it names: "+variantHelp)
	cmd.Flags().StringVar(&opts.Seats, "seats", "", "finish the game with these bots (comma-separated, cycled) when the moves run out")
	cmd.Flags().IntVar(&opts.Observe, "observe", -1, "also print the final observation of this seat (0-based) as JSON")
	cmd.Flags().BoolVar(&opts.Check, "check", false, "check fuzz's invariants after setup and every move (conservation, visibility, legal moves)")
	return cmd
}

// runner checks --seats and --observe and turns the flags into the scenario runner's: the bots that
// finish the game, the seat observed at the end, and with --check the invariants checked on every move.
func (opts *RunOptions) runner() (scenario.Runner, error) {
	var r scenario.Runner
	if opts.Seats != "" {
		var err error
		if r.Finish, err = bots.Split(opts.Seats); err != nil {
			return r, usagef("--seats %v", err)
		}
	}
	if opts.Observe >= 0 {
		seat := opts.Observe
		r.Observe = &seat
	} else if opts.Observe != -1 {
		return r, usagef("--observe %d: not a seat", opts.Observe)
	}
	if opts.Check {
		var checker *invariant.Checker
		r.Check = func(e *scripting.Engine, s *core.State) error {
			if checker == nil {
				checker = invariant.NewChecker(1, e)
			}
			if v := checker.Check(s); v != nil {
				return v
			}
			return nil
		}
	}
	return r, nil
}

func runRun(opts *RunOptions) error {
	sc, err := scenario.Load(opts.Scenario)
	if err != nil {
		return err
	}
	if err := sc.SetVariant(opts.Variant); err != nil {
		return err
	}
	r, err := opts.runner()
	if err != nil {
		return err
	}
	out, _, err := r.Run(sc)
	if err != nil {
		return err
	}
	enc := json.NewEncoder(opts.IO.Out)
	if opts.JSON {
		return enc.Encode(out)
	}
	printOutcome(opts.IO.Out, out)
	if out.Observation != nil {
		return enc.Encode(out.Observation)
	}
	return nil
}

func printOutcome(w io.Writer, o *scenario.Outcome) {
	name := o.Game
	if o.Variant != "" {
		name += "/" + o.Variant
	}
	fmt.Fprintf(w, "%s, %d players, seed %d\n", name, o.Players, o.Seed)
	for _, e := range o.Events {
		fmt.Fprintln(w, formatEvent(e))
	}
	if o.Finished {
		fmt.Fprintf(w, "finished: totals %v, winners %v\n", o.Totals, o.Winners)
	} else {
		fmt.Fprintf(w, "not finished: totals %v; seat %d to act; legal: %s\n", o.Totals, *o.ToAct, strings.Join(o.Legal, ", "))
	}
}

func formatEvent(e core.Event) string {
	var s string
	switch e.Type {
	case "move":
		s = fmt.Sprintf("seat %d: %s", e.Seat, e.Move)
	case "trick":
		s = fmt.Sprintf("  trick to seat %d: %s", e.Winner, strings.Join(e.Cards, " ")) + extraFields(e)
		if e.How != "" {
			s += "  (how " + e.How + ")"
		}
	case "round_end":
		s = fmt.Sprintf("round %d ends: scores %v", e.Round, e.Scores)
	case "game_end":
		s = fmt.Sprintf("game ends: totals %v, winners %v", e.Totals, e.Winners)
	default:
		data, _ := json.Marshal(e)
		s = "  " + string(data)
	}
	switch {
	case e.Vis == core.VisHidden:
		s += "   (seen by nobody)"
	case e.Vis.Seat() >= 0:
		s += fmt.Sprintf("   (seen by seat %d only)", e.Vis.Seat())
	}
	return s
}

// extraFields spells an engine event's custom fields (a Lua-run trick's goal, say) in key order.
func extraFields(e core.Event) string {
	if len(e.Fields) == 0 {
		return ""
	}
	keys := make([]string, 0, len(e.Fields))
	for k := range e.Fields {
		keys = append(keys, k)
	}
	sortStrings(keys)
	var parts []string
	for _, k := range keys {
		data, _ := json.Marshal(e.Fields[k])
		parts = append(parts, k+"="+string(data))
	}
	return "  (" + strings.Join(parts, " ") + ")"
}
