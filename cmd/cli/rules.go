package cli

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/ruleslab/ruleslab/core/config"
	"github.com/ruleslab/ruleslab/core/coverage"
	"github.com/ruleslab/ruleslab/scripting"
)

// RulesOptions are the options of `ruleslab rules`.
type RulesOptions struct {
	IO      *IO
	Game    string
	Variant string
}

// NewCmdRules builds `ruleslab rules`; runF runs the parsed options (nil: runRules).
func NewCmdRules(io *IO, runF func(*RulesOptions) error) *cobra.Command {
	opts := &RulesOptions{IO: io}
	cmd := &cobra.Command{
		Use:   "rules GAME",
		Short: "Print a game's rules (its RULES.md, with the rule ids its scripts and tests cite)",
		Long: "Print the RULES.md beside the game's YAML and, for a variant or a house rule, the one of the\n" +
			"bundled game it extends (bundled ones are built into ruleslab). One file is printed as it is;\n" +
			"several are each preceded by a Markdown comment naming the file.",
		Args: exactArgs(1, "a GAME (bundled id or YAML path)"),
		RunE: runOnGame(opts, &opts.Game, runF, runRules),
	}
	registerVariant(cmd.Flags(), &opts.Variant)
	return cmd
}

func runRules(opts *RulesOptions) error {
	g, err := loadConfig(opts.Game, opts.Variant)
	if err != nil {
		return err
	}
	var docs, shown []string // the texts found, and every file looked for
	var names []string       // the files found
	for _, f := range coverage.RulesFiles(g) {
		shown = append(shown, scripting.DisplayPath(f))
		data, err := config.ReadFile(f, config.MaxFileBytes)
		if err != nil {
			continue // the rules doc is optional: a house rule's folder usually has none
		}
		docs, names = append(docs, string(data)), append(names, scripting.DisplayPath(f))
	}
	if len(docs) == 0 {
		return fmt.Errorf("%s has no rules doc (looked for %s)", scripting.DisplayPath(g.Path), strings.Join(shown, ", "))
	}
	for i, doc := range docs {
		if len(docs) > 1 {
			if i > 0 {
				fmt.Fprintln(opts.IO.Out)
			}
			fmt.Fprintf(opts.IO.Out, "<!-- ==> %s <== -->\n\n", names[i])
		}
		fmt.Fprint(opts.IO.Out, doc)
		if !strings.HasSuffix(doc, "\n") {
			fmt.Fprintln(opts.IO.Out)
		}
	}
	return nil
}
