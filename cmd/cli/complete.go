package cli

import (
	"strings"

	"github.com/spf13/cobra"

	"github.com/ruleslab/ruleslab/core/bots"
	"github.com/ruleslab/ruleslab/core/config"
	"github.com/ruleslab/ruleslab/scripting"
)

// Shell completion (`ruleslab completion bash|zsh|fish|powershell`, from cobra) completes game ids for
// a command's GAME argument, the game's variants for --variant, and its bots for --seats and --bots.
func addCompletions(root *cobra.Command) {
	for _, c := range root.Commands() {
		if strings.Contains(c.Use, " GAME") {
			c.ValidArgsFunction = completeGame
		}
		if c.Flags().Lookup("variant") != nil {
			_ = c.RegisterFlagCompletionFunc("variant", completeVariant)
		}
		for _, f := range []string{"seats", "bots"} {
			if c.Flags().Lookup(f) != nil {
				_ = c.RegisterFlagCompletionFunc(f, completeBots)
			}
		}
	}
}

func completeGame(cmd *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	if len(args) > 0 {
		return nil, cobra.ShellCompDirectiveDefault
	}
	games, err := config.BundledGames()
	if err != nil {
		return nil, cobra.ShellCompDirectiveDefault
	}
	var out []string
	for _, g := range games {
		if strings.HasPrefix(g.ID, toComplete) {
			out = append(out, g.ID)
		}
	}
	// a path to a YAML file is a game too
	return out, cobra.ShellCompDirectiveDefault
}

func completeVariant(cmd *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	if len(args) == 0 {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	games, err := config.BundledGames()
	if err != nil {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	for _, g := range games {
		if g.ID == args[0] {
			return g.Variants, cobra.ShellCompDirectiveNoFileComp
		}
	}
	return nil, cobra.ShellCompDirectiveNoFileComp
}

// completeBots completes the last name of a comma-separated bot list.
func completeBots(cmd *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	if len(args) == 0 {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	variant, _ := cmd.Flags().GetString("variant")
	p, err := scripting.Load(args[0], variant)
	if err != nil {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	prefix := ""
	if i := strings.LastIndexByte(toComplete, ','); i >= 0 {
		prefix = toComplete[:i+1]
	}
	names := append(bots.For(p, bots.ExtOptions{}).Names(), "human")
	if cmd.Name() != "play" {
		names = names[:len(names)-1]
	}
	var out []string
	for _, n := range names {
		out = append(out, prefix+n)
	}
	return out, cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveNoSpace
}
