package scripting

import (
	"ruleslab/core"
	"ruleslab/core/config"
)

// Load resolves, compiles and checks a game (a bundled id or a YAML path) and an optional variant.
func Load(game, variant string) (*Program, error) {
	cfg, err := config.Resolve(game, variant)
	if err != nil {
		return nil, err
	}
	g, err := core.Compile(cfg)
	if err != nil {
		return nil, err
	}
	return Compile(g)
}
