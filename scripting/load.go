package scripting

import (
	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/core/config"
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
