package cli

import (
	"fmt"

	"github.com/spf13/cobra"
	"go.yaml.in/yaml/v3"

	"github.com/ruleslab/ruleslab/core/config"
	"github.com/ruleslab/ruleslab/core/report"
	"github.com/ruleslab/ruleslab/scripting"
)

// ShowOptions are the options of `ruleslab show`.
type ShowOptions struct {
	IO      *IO
	Game    string
	Variant string
	Params  bool // list the declared parameters instead of the configuration
	JSON    bool // with Params: as a JSON array
}

// NewCmdShow builds `ruleslab show`; runF runs the parsed options (nil: runShow).
func NewCmdShow(io *IO, runF func(*ShowOptions) error) *cobra.Command {
	opts := &ShowOptions{IO: io}
	cmd := &cobra.Command{
		Use:   "show GAME",
		Short: "Print a game's resolved configuration (after variant overlays) as YAML, or its parameters",
		Long: `Prints the resolved configuration of GAME (a bundled game, or a game or variant YAML file) as YAML.
With --params, prints its declared parameters instead: each one's dotted path, the value the game plays
with, the allowed values, the rule it belongs to and what it does (--json: a JSON array of
{path, default, allowed, rule, about}). A variant file sets any of them: params: {path: value}.
--json alone prints the resolved configuration as one JSON object (its YAML keys, plus path, variant
and scripts).`,
		Example: `  ruleslab show mimic-taking --params
  ruleslab show simino --variant solitaire --params --json`,
		Args: exactArgs(1, "a GAME (bundled id or YAML path)"),
		RunE: runOnGame(opts, &opts.Game, runF, runShow),
	}
	registerVariant(cmd.Flags(), &opts.Variant)
	cmd.Flags().BoolVar(&opts.Params, "params", false, "list the declared parameters: path, default, allowed values, rule, description")
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print the configuration as a JSON object (with --params: the parameters as a JSON array)")
	return cmd
}

func runShow(opts *ShowOptions) error {
	cfg, err := loadConfig(opts.Game, opts.Variant) // a mistyped game or variant: a usage error
	if err != nil {
		return err
	}
	if opts.Params {
		return showParams(opts, cfg)
	}
	if opts.JSON {
		return showJSON(opts, cfg)
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

// showParams lists cfg's declared parameters (a note on stderr when it declares none).
func showParams(opts *ShowOptions, cfg *config.Game) error {
	specs := cfg.ParamSpecs()
	if specs == nil {
		fmt.Fprintf(opts.IO.Err, "%s declares no parameters: its params are plain values, not checked (docs/authoring.md, \"Parameters\")\n", cfg.ID)
	}
	if opts.JSON {
		return report.ParamsJSON(opts.IO.Out, specs)
	}
	if specs != nil {
		report.ParamsText(opts.IO.Out, specs)
	}
	return nil
}

// showJSON prints the resolved configuration as JSON under its YAML keys (the names a designer writes),
// with where it was loaded from and its scripts in load order.
func showJSON(opts *ShowOptions, cfg *config.Game) error {
	data, err := yaml.Marshal(cfg)
	if err != nil {
		return err
	}
	out := map[string]any{}
	if err := yaml.Unmarshal(data, &out); err != nil {
		return err
	}
	scripts := make([]string, len(cfg.Scripts))
	for i, s := range cfg.Scripts {
		scripts[i] = scripting.DisplayPath(s)
	}
	out["path"], out["variant"], out["scripts"] = scripting.DisplayPath(cfg.Path), cfg.Variant, scripts
	return writeJSON(opts.IO.Out, out)
}
