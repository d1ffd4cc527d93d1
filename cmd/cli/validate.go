package cli

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/core/config"
	"github.com/ruleslab/ruleslab/scripting"
	"github.com/ruleslab/ruleslab/scripting/scenario"
)

// ValidateOptions are the options of `ruleslab validate`.
type ValidateOptions struct {
	IO    *IO
	Paths []string
}

func newValidateCmd(io *IO) *cobra.Command {
	opts := &ValidateOptions{IO: io}
	return &cobra.Command{
		Use:   "validate PATH...",
		Short: "Check game/variant YAML (and its Lua), scenario files and Lua scripts; print each problem as file:line:col: message",
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usagef("validate needs at least one PATH")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Paths = args
			return runValidate(opts)
		},
	}
}

func runValidate(opts *ValidateOptions) error {
	bad := 0
	for _, path := range opts.Paths {
		if err := validatePath(path); err != nil {
			fmt.Fprintln(opts.IO.Err, err)
			bad++
			continue
		}
		fmt.Fprintf(opts.IO.Out, "%s: ok\n", path)
	}
	if bad > 0 {
		return &SilentError{Code: ExitError}
	}
	return nil
}

func validatePath(path string) error {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".lua":
		_, err := scripting.CompileFile(path)
		return err
	case ".yaml", ".yml":
	default:
		return fmt.Errorf("%s: not a .yaml or .lua file", path)
	}
	if isScenario(path) {
		sc, err := scenario.Load(path)
		if err != nil {
			return err
		}
		_, _, err = scenario.Runner{}.Run(sc)
		return err
	}
	cfg, err := config.Load(path)
	if err != nil {
		return err
	}
	g, err := core.Compile(cfg)
	if err != nil {
		return err
	}
	p, err := scripting.Compile(g)
	if err != nil {
		return err
	}
	if err := p.CheckHooks(); err != nil {
		return err
	}
	return checkSetup(path, p)
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
	if _, err := e.NewState(players, 1, core.Options{}); err != nil {
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
