package cli

import (
	"fmt"

	"github.com/spf13/cobra"
	"go.yaml.in/yaml/v3"

	"github.com/ruleslab/ruleslab/core/config"
	"github.com/ruleslab/ruleslab/scripting"
)

// ShowOptions are the options of `ruleslab show`.
type ShowOptions struct {
	IO      *IO
	Game    string
	Variant string
}

// NewCmdShow builds `ruleslab show`; runF runs the parsed options (nil: runShow).
func NewCmdShow(io *IO, runF func(*ShowOptions) error) *cobra.Command {
	opts := &ShowOptions{IO: io}
	cmd := &cobra.Command{
		Use:   "show GAME",
		Short: "Print a game's resolved configuration (after variant overlays) as YAML",
		Args:  exactArgs(1, "a GAME (bundled id or YAML path)"),
		RunE:  runOnGame(opts, &opts.Game, runF, runShow),
	}
	cmd.Flags().StringVar(&opts.Variant, "variant", "", "a bundled variant of GAME")
	return cmd
}

func runShow(opts *ShowOptions) error {
	cfg, err := config.Resolve(opts.Game, opts.Variant)
	if err != nil {
		return err
	}
	fmt.Fprintf(opts.IO.Out, "# %s", cfg.ID)
	if cfg.Variant != "" {
		fmt.Fprintf(opts.IO.Out, ", variant %s", cfg.Variant)
	}
	fmt.Fprintf(opts.IO.Out, " (from %s)\n# Lua, in load order:\n", scripting.DisplayPath(cfg.Path))
	for _, s := range cfg.Scripts {
		fmt.Fprintf(opts.IO.Out, "#   %s\n", scripting.DisplayPath(s))
	}
	enc := yaml.NewEncoder(opts.IO.Out)
	enc.SetIndent(2)
	if err := enc.Encode(cfg); err != nil {
		return err
	}
	return enc.Close()
}
