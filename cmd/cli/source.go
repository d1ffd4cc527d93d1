package cli

import (
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/ruleslab/ruleslab/core/config"
	"github.com/ruleslab/ruleslab/core/lab"
	"github.com/ruleslab/ruleslab/scripting"
)

// SourceOptions are the options of `ruleslab source`.
type SourceOptions struct {
	IO      *IO
	Game    string
	Variant string
	List    bool // only the paths
	YAML    bool // the YAML files of the extends chain too
	JSON    bool // one array of the files: path, part, language and (without List) text
}

// NewCmdSource builds `ruleslab source`; runF runs the parsed options (nil: runSource).
func NewCmdSource(io *IO, runF func(*SourceOptions) error) *cobra.Command {
	opts := &SourceOptions{IO: io}
	cmd := &cobra.Command{
		Use:   "source GAME",
		Short: "Print the Lua scripts of a game (bundled or on disk) in load order, to read what a house rule overrides",
		Long: "Print the Lua scripts of the resolved game in the order they load, each after a header line\n" +
			"with its path and its part: the base rules, the base screen, or an override (which may replace\n" +
			"any global function of the scripts before it; `base.NAME` calls the replaced one).\n" +
			"Bundled scripts are shown as scripts/<game>/NAME.lua, built into ruleslab when no ruleslab\n" +
			"folder is found. --yaml prints the YAML files of the game's extends chain first (base game first).",
		Args: exactArgs(1, "a GAME (bundled id or YAML path)"),
		RunE: runOnGame(opts, &opts.Game, runF, runSource),
	}
	registerVariant(cmd.Flags(), &opts.Variant)
	cmd.Flags().BoolVar(&opts.List, "list", false, "print only the paths, one a line")
	cmd.Flags().BoolVar(&opts.YAML, "yaml", false, "also print the YAML files of the extends chain, before the scripts")
	cmd.Flags().BoolVar(&opts.JSON, "json", false, `print one array: {"path", "part", "language", "text"} per file (--list: no text)`)
	return cmd
}

// loadConfig loads the configuration of GAME and --variant (a bundled name, base, or a variant file)
// without compiling its Lua, so that its files can be read even when a script does not compile. An
// unknown game is a usage error, as for the commands that play; a game whose YAML fails its checks is
// refused with its scripts' problems too, as every command that loads a game reports them all.
func loadConfig(game, variant string) (*config.Game, error) {
	path, err := lab.VariantPath(game, variant)
	if errors.Is(err, config.ErrUnknownGame) {
		return nil, &UsageError{Msg: err.Error()}
	}
	if err != nil {
		return nil, err
	}
	g, err := config.Load(path)
	return g, scripting.WithScriptProblems(err)
}

func runSource(opts *SourceOptions) error {
	g, err := loadConfig(opts.Game, opts.Variant)
	if err != nil {
		return err
	}
	files, err := config.Sources(g, opts.YAML)
	if err != nil {
		return err
	}
	if opts.JSON {
		return printSourcesJSON(opts, files)
	}
	for i, f := range files {
		if opts.List {
			fmt.Fprintln(opts.IO.Out, scripting.DisplayPath(f.Path))
			continue
		}
		if i > 0 {
			fmt.Fprintln(opts.IO.Out)
		}
		if err := printSource(opts.IO, f); err != nil {
			return err
		}
	}
	return nil
}

// sourceJSON is one file as source --json prints it.
type sourceJSON struct {
	Path     string  `json:"path"`
	Part     string  `json:"part"`
	Language string  `json:"language"` // "yaml" or "lua"
	Text     *string `json:"text,omitempty"`
}

func printSourcesJSON(opts *SourceOptions, files []config.SourceFile) error {
	out := make([]sourceJSON, 0, len(files))
	for _, f := range files {
		j := sourceJSON{Path: scripting.DisplayPath(f.Path), Part: f.Part, Language: "yaml"}
		if f.Lua {
			j.Language = "lua"
		}
		if !opts.List {
			data, err := readSource(f)
			if err != nil {
				return err
			}
			text := string(data)
			j.Text = &text
		}
		out = append(out, j)
	}
	return writeJSON(opts.IO.Out, out)
}

// readSource reads a file of a game within the size limit of its kind.
func readSource(f config.SourceFile) ([]byte, error) {
	limit := int64(config.MaxFileBytes)
	if f.Lua {
		limit = config.MaxScriptBytes
	}
	return config.ReadFile(f.Path, limit)
}

// printSource prints one file after a header line, a comment of the file's language, so the output of
// one file can be saved and edited as it is.
func printSource(io *IO, f config.SourceFile) error {
	comment := "#"
	if f.Lua {
		comment = "--"
	}
	data, err := readSource(f)
	if err != nil {
		return err
	}
	fmt.Fprintf(io.Out, "%s ==> %s (%s) <==\n", comment, scripting.DisplayPath(f.Path), f.Part)
	if _, err := io.Out.Write(data); err != nil {
		return err
	}
	if len(data) > 0 && data[len(data)-1] != '\n' {
		fmt.Fprintln(io.Out)
	}
	return nil
}
