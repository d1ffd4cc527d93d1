package cli

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/core/config"
	"github.com/ruleslab/ruleslab/core/lab"
	"github.com/ruleslab/ruleslab/core/scenario"
	"github.com/ruleslab/ruleslab/scripting"
)

// ValidateOptions are the options of `ruleslab validate`.
type ValidateOptions struct {
	IO      *IO
	Paths   []string
	JSON    bool
	Variant string // each PATH is a GAME, and what is checked is this variant of it
}

// ValidateReport is `validate --json`: one entry per PATH, in the order given.
type ValidateReport struct {
	OK    bool             `json:"ok"` // every file is ok
	Files []ValidateResult `json:"files"`
}

// ValidateResult is one checked file: ok, or its problems.
type ValidateResult struct {
	Path     string    `json:"path"`
	OK       bool      `json:"ok"`
	Problems []Problem `json:"problems"`
	// Notes are not problems: what makes a good file slow (rules that keep state between games)
	Notes []Problem `json:"notes,omitempty"`
}

// NewCmdValidate builds `ruleslab validate`; runF runs the parsed options (nil: runValidate).
func NewCmdValidate(io *IO, runF func(*ValidateOptions) error) *cobra.Command {
	opts := &ValidateOptions{IO: io}
	cmd := &cobra.Command{
		Use:   "validate PATH...",
		Short: "Check game/variant YAML (and its Lua), scenario files and Lua scripts; print each problem as file:line:col: message",
		Long: `Checks each PATH: a bundled game's id, a game or variant YAML (with its overlays, its Lua hooks
and bots, and one setup under the game's limits), a scenario file (played to its last move) or a Lua
script. Prints "PATH: ok" per good file on stdout and each problem as file:line:col: message on
stderr; exits 1 if any file has a problem. --json prints one object on stdout instead, with each
file's problems. With --variant V each PATH is a GAME (a bundled id or a YAML path) and what is
checked is its variant V: a bundled variant, or a variant file whose extends leads to that game.`,
		Example: `  ruleslab validate variants/mimic-taking/mimic-taking.yaml variants/mimic-taking/face-up.yaml
  ruleslab validate house.yaml house.lua
  ruleslab validate mimic-taking --variant house.yaml
  ruleslab validate variants/jiji/scenarios/short-game.yaml --json`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usagef("validate needs at least one PATH")
			}
			return nil
		},
		RunE: func(_ *cobra.Command, args []string) error {
			opts.Paths = args
			return runOr(runF, runValidate)(opts)
		},
	}
	cmd.Flags().StringVar(&opts.Variant, "variant", "", "check this variant of each PATH, then a GAME (bundled id or YAML path): "+variantHelp)
	cmd.Flags().BoolVar(&opts.JSON, "json", false, `print {"ok", "files": [{"path", "ok", "problems": [{"file", "line", "col", "message"}]}]} on stdout`)
	return cmd
}

func runValidate(opts *ValidateOptions) error {
	if err := checkVariantFlag(opts); err != nil {
		return err
	}
	rep := ValidateReport{OK: true, Files: []ValidateResult{}}
	for _, path := range opts.Paths {
		res := ValidateResult{Path: path, OK: true, Problems: []Problem{}}
		notes, err := validateVariant(path, opts.Variant)
		for _, n := range notes {
			res.Notes = append(res.Notes, Problem{File: n.Path, Line: n.Line, Message: n.Message()})
			if !opts.JSON {
				fmt.Fprintf(opts.IO.Err, "note: %s\n", n)
			}
		}
		if err != nil {
			rep.OK, res.OK = false, false
			res.Problems = problemsOf(path, err)
			if !opts.JSON {
				printProblems(opts.IO.Err, res.Problems)
			}
		} else if !opts.JSON {
			fmt.Fprintf(opts.IO.Out, "%s: ok\n", path)
		}
		rep.Files = append(rep.Files, res)
	}
	if opts.JSON {
		if err := writeJSON(opts.IO.Out, rep); err != nil {
			return err
		}
	}
	if !rep.OK {
		return &SilentError{Code: ExitError}
	}
	return nil
}

// checkVariantFlag: with --variant each PATH is a GAME, and a game or variant that names nothing is a
// usage error (exit 2), as in every command. Without it, a PATH that is no file is a problem of that
// file, reported with the others (exit 1).
func checkVariantFlag(opts *ValidateOptions) error {
	if opts.Variant == "" {
		return nil
	}
	for _, path := range opts.Paths {
		var usage *UsageError
		if _, err := lab.VariantPath(path, opts.Variant); errors.As(err, &usage) {
			return err
		}
	}
	return nil
}

// validateVariant checks a PATH, or with --variant that variant of the GAME it names.
func validateVariant(path, variant string) ([]scripting.StateWrite, error) {
	if variant == "" && filepath.Ext(path) != "" {
		return validatePath(path)
	}
	// a PATH without an extension is a GAME, as every other command takes it: `validate mimic-taking`
	file, err := config.ResolvePath(path, variant)
	if err != nil {
		return nil, err
	}
	return validatePath(file)
}

// validatePath checks one file; for a game or variant it also returns where its rules keep state
// between games (not a problem: such rules are loaded again for every game, at a cost).
func validatePath(path string) ([]scripting.StateWrite, error) {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".lua":
		// alone, a script may be a bot's (whose memory between decisions is its own): notes come with
		// the game that runs it as rules
		_, err := scripting.CompileFile(path)
		return nil, err
	case ".yaml", ".yml":
	default:
		return nil, fmt.Errorf("%s: not a .yaml or .lua file", path)
	}
	if isScenario(path) {
		sc, err := scenario.Load(path)
		if err != nil {
			return nil, err
		}
		_, _, err = scenario.Runner{}.Run(sc)
		return nil, err
	}
	p, err := compileGame(path)
	if err != nil {
		return nil, err
	}
	notes, err := p.CheckHooks()
	if err != nil {
		return nil, err
	}
	return slices.Concat(p.KeptState(), notes), checkSetup(path, p)
}

func compileGame(path string) (*scripting.Program, error) {
	cfg, err := config.Load(path)
	if err != nil {
		return nil, scripting.WithScriptProblems(err)
	}
	g, err := core.Compile(cfg)
	if err != nil {
		return nil, err
	}
	return scripting.Compile(g)
}

// checkSetup runs the game's setup once, under the limits every game runs under (a setup that loops or
// fails does not validate).
func checkSetup(path string, p *scripting.Program) error {
	h := scripting.NewHost()
	defer h.Close()
	e, err := p.NewEngine(h)
	if err != nil {
		return err
	}
	players := p.Game.Config.Players.Default
	if _, err := e.NewState(players, 1, core.StateOptions{}); err != nil {
		return fmt.Errorf("%s: setup with %d players (seed 1): %v", path, players, err)
	}
	return nil
}

// isScenario tells scenario files (with a `game:` key) from game and variant files.
func isScenario(path string) bool {
	root, err := config.ReadRoot(path) // with the loader's limits; a bad file is reported by config.Load
	if err != nil {
		return false
	}
	return config.KeyAt(root, "game") != root
}
