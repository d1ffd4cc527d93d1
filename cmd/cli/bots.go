package cli

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/ruleslab/ruleslab/core/bots"
)

// BotsOptions are the options of `ruleslab bots` (list) and `ruleslab bots example`.
type BotsOptions struct {
	IO   *IO
	Game string // list: the game whose own bots are named ("" for none)
	Lang string // example: the example bot's language
	Out  string // example: the file to write ("" for stdout)
	JSON bool   // list: as a JSON array of {"spec", "about"}
}

// NewCmdBots builds `ruleslab bots` with its subcommands list and example; runF runs the parsed options
// of either (nil: runBotsList or runBotsExample).
func NewCmdBots(io *IO, runF func(*BotsOptions) error) *cobra.Command {
	cmd := newCmdBotsList(io, runF)
	cmd.Use, cmd.Short = "bots", "List the kinds of bots a seat can have; print the example external bots"
	cmd.Args = exactArgs(0, "no arguments (ruleslab bots list GAME names a game's own bots)")
	cmd.AddCommand(newCmdBotsList(io, runF), newCmdBotsExample(io, runF))
	return cmd
}

func newCmdBotsList(io *IO, runF func(*BotsOptions) error) *cobra.Command {
	opts := &BotsOptions{IO: io}
	cmd := &cobra.Command{
		Use:               "list [GAME]",
		Short:             "List the kinds of bots a seat can have (with GAME: that game's own bots by name)",
		Args:              cobra.MaximumNArgs(1),
		ValidArgsFunction: completeGame,
		RunE: func(_ *cobra.Command, args []string) error {
			if len(args) == 1 {
				opts.Game = args[0]
			}
			return runOr(runF, runBotsList)(opts)
		},
	}
	cmd.Flags().BoolVar(&opts.JSON, "json", false, `print a JSON array of {"spec", "about"}`)
	return cmd
}

func newCmdBotsExample(io *IO, runF func(*BotsOptions) error) *cobra.Command {
	opts := &BotsOptions{IO: io}
	cmd := &cobra.Command{
		Use:   "example",
		Short: "Print an example external bot (cmd:COMMAND) bundled in this binary, or write it with --out",
		Long: "Print the source of an example bot speaking the protocol of docs/protocol.md, so that it can\n" +
			"be seated from any folder: write it with --out FILE, then seat it as cmd:COMMAND.\n" +
			"Languages: " + strings.Join(bots.ExampleLangs(), ", ") + ".",
		Args: exactArgs(0, "no arguments"),
		RunE: func(*cobra.Command, []string) error { return runOr(runF, runBotsExample)(opts) },
	}
	cmd.Flags().StringVar(&opts.Lang, "lang", bots.ExampleBots[0].Lang, "the example bot's language: "+strings.Join(bots.ExampleLangs(), ", "))
	cmd.Flags().StringVar(&opts.Out, "out", "", "write the bot to this new file (never overwritten) instead of stdout")
	cmd.RegisterFlagCompletionFunc("lang", cobra.FixedCompletions(bots.ExampleLangs(), cobra.ShellCompDirectiveNoFileComp))
	return cmd
}

// botKinds are the kinds of bot specs, as --seats and --bots take them.
var botKinds = [][2]string{
	{"random", "uniformly random legal moves (every game)"},
	{"ismcts[:OPTIONS]", "the search bot (docs/ismcts.md)"},
	{"lua:PATH", "a Lua script (docs/bots.md)"},
	{"cmd:COMMAND", "any program speaking JSON lines (docs/protocol.md); an example: ruleslab bots example --lang " + strings.Join(bots.ExampleLangs(), "|")},
	{"human", "a person at the terminal (play only)"},
}

func runBotsList(opts *BotsOptions) error {
	own := [2]string{"NAME", "a game's own bots (greedy, ...): ruleslab bots list GAME"}
	if opts.Game != "" {
		p, _, err := loadGame(opts.Game, "", 0)
		if err != nil {
			return err
		}
		own = [2]string{strings.Join(p.BotNames()[1:], ", "), p.Game.Name() + "'s own bots"}
	}
	kinds := append([][2]string{botKinds[0], own}, botKinds[1:]...)
	if opts.JSON {
		list := make([]map[string]string, len(kinds))
		for i, k := range kinds {
			list[i] = map[string]string{"spec": k[0], "about": k[1]}
		}
		return writeJSON(opts.IO.Out, list)
	}
	for _, k := range kinds {
		fmt.Fprintf(opts.IO.Out, "%-18s %s\n", k[0], k[1])
	}
	return nil
}

func runBotsExample(opts *BotsOptions) error {
	bot, err := bots.Example(opts.Lang)
	if err != nil {
		return usagef("--lang: %v", err)
	}
	src, err := bot.Source()
	if err != nil {
		return err
	}
	if opts.Out == "" {
		_, err := opts.IO.Out.Write(src)
		return err
	}
	if err := writeNewFile(opts.Out, src); err != nil {
		return err
	}
	fmt.Fprintf(opts.IO.Out, "wrote %s\n\nSeat it (it speaks docs/protocol.md):\n  ruleslab sim GAME --seats 'cmd:%s %s,random'\n",
		opts.Out, bot.Runner, opts.Out)
	return nil
}

// writeNewFile writes data to a file that must not exist yet.
func writeNewFile(path string, data []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if errors.Is(err, fs.ErrExist) {
		return fmt.Errorf("--out %s: the file already exists (nothing was written; give a new file)", path)
	}
	if err != nil {
		return fmt.Errorf("--out %s: %v", path, err)
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return fmt.Errorf("--out %s: %v", path, err)
	}
	return f.Close()
}
