package cli

import (
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/spf13/cobra"

	"github.com/ruleslab/ruleslab/core/bots"
	"github.com/ruleslab/ruleslab/core/config"
	"github.com/ruleslab/ruleslab/core/search"
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

// strictCompletion adds cobra's completion command now (cobra adds it when the command line runs)
// and makes a missing or unknown shell a usage error: cobra would print the help and exit 0, so
// `ruleslab completion fihs > file` wrote the help into the file.
func strictCompletion(root *cobra.Command) {
	root.InitDefaultCompletionCmd()
	for _, c := range root.Commands() {
		if c.Name() != "completion" {
			continue
		}
		c.Args = cobra.ArbitraryArgs
		c.RunE = func(c *cobra.Command, args []string) error {
			var shells []string
			for _, sh := range c.Commands() {
				shells = append(shells, sh.Name())
			}
			if len(args) == 0 {
				return usagef("completion needs a SHELL: %s", strings.Join(shells, ", "))
			}
			return usagef("completion: no shell %q (shells: %s)", args[0], strings.Join(shells, ", "))
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
	// a path to a game or variant YAML file is a game too
	files, folders := yamlFiles(toComplete)
	out = append(append(out, files...), folders...)
	if len(folders) > 0 {
		return out, cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveNoSpace
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}

// completeVariant completes --variant: base and GAME's bundled variants, then the variant files (and
// folders) that match what is typed.
func completeVariant(cmd *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	var out []string
	if len(args) > 0 && !config.IsVariantFile(toComplete) {
		for _, v := range append([]string{config.BaseVariant}, bundledVariants(args[0])...) {
			if strings.HasPrefix(v, toComplete) {
				out = append(out, v)
			}
		}
	}
	files, folders := yamlFiles(toComplete)
	out = append(out, files...)
	out = append(out, folders...)
	if len(folders) > 0 {
		return out, cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveNoSpace
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}

// bundledVariants are the variants of a bundled game (none for any other GAME).
func bundledVariants(game string) []string {
	games, err := config.BundledGames()
	if err != nil {
		return nil
	}
	for _, g := range games {
		if g.ID == game {
			return g.Variants
		}
	}
	return nil
}

// yamlFiles are the .yaml and .yml files, and the folders (with a trailing /), whose path starts with
// prefix.
func yamlFiles(prefix string) (files, folders []string) {
	matches, _ := filepath.Glob(globEscape(prefix) + "*")
	for _, m := range matches {
		st, err := os.Stat(m)
		switch {
		case err != nil:
		case st.IsDir():
			folders = append(folders, m+string(filepath.Separator))
		case strings.HasSuffix(m, ".yaml") || strings.HasSuffix(m, ".yml"):
			files = append(files, m)
		}
	}
	return files, folders
}

// globEscape quotes the characters filepath.Match gives a meaning to.
func globEscape(s string) string {
	return strings.NewReplacer(`\`, `\\`, "*", `\*`, "?", `\?`, "[", `\[`).Replace(s)
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
	// every form a spec takes: the game's bots, the search bot with or without options, a Lua script,
	// an external program (a human only where people play)
	names := append(bots.For(p, bots.ExtOptions{}).Names(), search.Prefix, search.Prefix+":", bots.LuaPrefix, bots.ExtBotPrefix)
	if cmd.Name() == "play" {
		names = append(names, "human")
	}
	last := strings.TrimPrefix(toComplete, prefix)
	if rest, ok := strings.CutPrefix(last, bots.LuaPrefix); ok {
		names = luaFiles(rest)
	}
	if opts, ok := strings.CutPrefix(last, search.Prefix+":"); ok {
		prefix, names = prefix+search.Prefix+":", searchOptions(opts, gameBots(p))
	} else if afterSearchOptions(prefix) {
		// another option of the search spec before it (ismcts:iterations=50,c=1.4): a key beside the
		// bot names, or the typed key's values
		if strings.Contains(last, "=") {
			names = nil
		}
		names = append(names, searchOptions(last, gameBots(p))...)
	}
	var out []string
	for _, n := range names {
		out = append(out, prefix+n)
	}
	return out, cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveNoSpace
}

// luaFiles are `lua:PATH` specs of the .lua files (and folders) whose path starts with prefix.
func luaFiles(prefix string) []string {
	matches, _ := filepath.Glob(globEscape(prefix) + "*")
	var out []string
	for _, m := range matches {
		st, err := os.Stat(m)
		switch {
		case err != nil:
		case st.IsDir():
			out = append(out, bots.LuaPrefix+m+string(filepath.Separator))
		case strings.HasSuffix(m, ".lua"):
			out = append(out, bots.LuaPrefix+m)
		}
	}
	return out
}

// afterSearchOptions reports whether the bot list typed so far (ending with a comma) ends with an
// ismcts spec that has options, which the next key=value continues (bots.Split joins them).
func afterSearchOptions(list string) bool {
	specs, err := bots.Split(strings.TrimSuffix(list, ","))
	return err == nil && len(specs) > 0 && strings.HasPrefix(specs[len(specs)-1], search.Prefix+":")
}

// searchOptions completes one key=value option of an ismcts spec: the keys (with their =) or, once
// the key is typed, its words.
func searchOptions(opt string, gameBots []string) []string {
	key, _, typed := strings.Cut(opt, "=")
	var out []string
	if !typed {
		for _, k := range search.OptionKeys() {
			out = append(out, k+"=")
		}
		return out
	}
	for _, v := range search.OptionValues(key, gameBots) {
		out = append(out, key+"="+v)
	}
	return out
}

// gameBots are the game's own bots, the ones a search may roll out with or take as its prior.
func gameBots(p *scripting.Program) []string {
	names := make([]string, 0, len(p.Bots))
	for name := range p.Bots {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}
