package cli

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/ruleslab/ruleslab/scripting"
)

// HooksOptions are the options of `ruleslab hooks`.
type HooksOptions struct {
	IO      *IO
	Game    string
	Variant string
	JSON    bool
}

// HooksReport is `hooks --json`.
type HooksReport struct {
	Game      string                 `json:"game"`
	Variant   string                 `json:"variant,omitempty"`
	Scripts   []string               `json:"scripts"` // the game's Lua, in load order
	Functions []scripting.Definition `json:"functions"`
}

// NewCmdHooks builds `ruleslab hooks`; runF runs the parsed options (nil: runHooks).
func NewCmdHooks(io *IO, runF func(*HooksOptions) error) *cobra.Command {
	opts := &HooksOptions{IO: io}
	cmd := &cobra.Command{
		Use:   "hooks GAME",
		Short: "List the engine's hooks and every function of a game's scripts a house rule may replace, with signatures and comments",
		Long: `Lists what an override script (a variant's overrides:) may define: every hook the engine calls,
with the parameters it passes and what it does with the result, then every other global function of
the game's scripts. Each shows where the definition in force is (file:line) and the comment right above
it. An override replaces one by defining a function of the same name, and reaches the replaced one as
base.NAME.`,
		Args: exactArgs(1, "a GAME (bundled id or YAML path)"),
		RunE: runOnGame(opts, &opts.Game, runF, runHooks),
	}
	cmd.Flags().StringVar(&opts.Variant, "variant", "", "a bundled variant of GAME")
	cmd.Flags().BoolVar(&opts.JSON, "json", false, `print {"game", "variant", "scripts", "functions": [{"name", "signature", "hook", "optional", "trick", "returns", "file", "line", "comment", "replaces"}]} on stdout`)
	return cmd
}

func runHooks(opts *HooksOptions) error {
	p, _, err := loadGame(opts.Game, opts.Variant, 0)
	if err != nil {
		return err
	}
	rep := HooksReport{Game: p.Game.Config.ID, Variant: p.Game.Config.Variant, Scripts: []string{}, Functions: p.Definitions()}
	for _, c := range p.Chunks {
		rep.Scripts = append(rep.Scripts, c.Path)
	}
	if opts.JSON {
		return writeJSON(opts.IO.Out, rep)
	}
	writeHooks(opts.IO.Out, rep)
	return nil
}

// writeHooks prints the report as text: the hooks, then the game's other functions.
func writeHooks(w io.Writer, rep HooksReport) {
	name := rep.Game
	if rep.Variant != "" {
		name += ", variant " + rep.Variant
	}
	fmt.Fprintf(w, "# %s; Lua, in load order: %s\n", name, strings.Join(rep.Scripts, ", "))
	fmt.Fprintln(w, "# An override replaces a function by defining one of the same name; base.NAME calls the replaced one.")
	fmt.Fprintln(w, "\nHooks the engine calls:")
	for _, d := range rep.Functions {
		if d.Hook {
			writeDefinition(w, d)
		}
	}
	fmt.Fprintln(w, "\nFunctions of the game's scripts:")
	none := true
	for _, d := range rep.Functions {
		if !d.Hook {
			writeDefinition(w, d)
			none = false
		}
	}
	if none {
		fmt.Fprintln(w, "\n(none: the scripts define no global function besides the hooks)")
	}
}

// writeDefinition prints one function: its signature and where it is, what a hook returns, and the
// comment above it.
func writeDefinition(w io.Writer, d scripting.Definition) {
	where := fmt.Sprintf("%s:%d", d.File, d.Line)
	switch {
	case d.File != "":
	case d.Optional:
		where = "not defined (optional)"
	case d.Trick:
		where = "not defined (only the trick mechanic calls it)"
	default:
		where = "not defined"
	}
	fmt.Fprintf(w, "\n%s  %s\n", d.Signature, where)
	if len(d.Replaces) > 0 {
		fmt.Fprintf(w, "  replaces: %s\n", strings.Join(d.Replaces, ", "))
	}
	if d.Returns != "" {
		fmt.Fprintf(w, "  returns: %s\n", d.Returns)
	}
	if d.Comment != "" {
		for _, line := range strings.Split(d.Comment, "\n") {
			fmt.Fprintf(w, "  -- %s\n", line)
		}
	}
}
