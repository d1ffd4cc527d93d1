package cli

import (
	"fmt"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/ruleslab/ruleslab/core/houserule"
)

// NewOptions are the options of `ruleslab new`.
type NewOptions struct {
	IO      *IO
	Dir     string
	From    string // the game the house rule extends
	Variant string
}

// NewCmdNew builds `ruleslab new`; runF runs the parsed options (nil: runNew).
func NewCmdNew(io *IO, runF func(*NewOptions) error) *cobra.Command {
	opts := &NewOptions{IO: io}
	cmd := &cobra.Command{
		Use:   "new DIR --from GAME",
		Short: "Start a house rule: a folder with a YAML overlay, an override Lua file and a scenario, all commented",
		Long: "Write a new folder DIR holding a house rule of GAME, named after the folder:\n" +
			"  DIR/NAME.yaml               extends GAME; every parameter commented out with its allowed values,\n" +
			"                              rule id and meaning\n" +
			"  DIR/NAME.lua                every function of GAME a house rule may replace, commented out\n" +
			"  DIR/scenarios/example.yaml  the game's first moves, to run and to edit\n" +
			"Untouched, the folder plays exactly GAME. DIR must be new or empty: nothing is overwritten.",
		Args: exactArgs(1, "a new folder DIR"),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Dir = args[0]
			if opts.From == "" {
				return &UsageError{Msg: "--from GAME is required: the game the house rule changes (e.g. --from mimic-taking)"}
			}
			if runF != nil {
				return runF(opts)
			}
			return runNew(opts)
		},
	}
	cmd.Flags().StringVar(&opts.From, "from", "", "the game the house rule changes (a bundled id or a YAML path)")
	cmd.Flags().StringVar(&opts.Variant, "variant", "", "start from a bundled variant of GAME, or a variant file")
	return cmd
}

func runNew(opts *NewOptions) error {
	p, _, err := loadGame(opts.From, opts.Variant, 0)
	if err != nil {
		return err
	}
	name := filepath.Base(filepath.Clean(opts.Dir))
	extends, err := houserule.Extends(p.Game.Config, opts.Dir)
	if err != nil {
		return err
	}
	folder, err := houserule.New(p, name, extends)
	if err != nil {
		return err
	}
	if err := houserule.Write(opts.Dir, folder); err != nil {
		return err
	}
	for _, f := range folder.Files {
		fmt.Fprintf(opts.IO.Out, "wrote %s\n", filepath.Join(opts.Dir, f.Name))
	}
	yaml := filepath.Join(opts.Dir, name+".yaml")
	fmt.Fprintf(opts.IO.Out, "\nNext:\n")
	fmt.Fprintf(opts.IO.Out, "  edit %s (a parameter) or %s (a function)\n", yaml, filepath.Join(opts.Dir, name+".lua"))
	fmt.Fprintf(opts.IO.Out, "  ruleslab validate %s\n", yaml)
	fmt.Fprintf(opts.IO.Out, "  ruleslab sim %s --games 2000      (compared with %s on the same deals)\n", yaml, p.Game.Config.Title)
	fmt.Fprintf(opts.IO.Out, "  ruleslab run %s --seats greedy,random\n", filepath.Join(opts.Dir, "scenarios", "example.yaml"))
	return nil
}
