package scripting

import (
	"sort"

	"github.com/ruleslab/ruleslab/core/search"
)

// BotNames lists the bots the program offers by name: random plus its Lua bots (the game's scripted
// bots and any `lua:PATH` script loaded), sorted.
func (p *Program) BotNames() []string {
	names := []string{"random"}
	for n := range p.Bots {
		names = append(names, n)
	}
	sort.Strings(names[1:])
	return names
}

// SearchBots is what the search's options need to know of the program's bots (rollout and prior
// policies name them).
func (p *Program) SearchBots() search.Bots {
	return search.Bots{Game: p.Game.Name(), Has: func(name string) bool { return p.Bots[name] != nil }, Names: p.BotNames()[1:]}
}

// SearchDefaults are the game's own settings of the search bot (YAML `ismcts:`), read with
// search.ParseOptions; they are checked when the program loads.
func (p *Program) SearchDefaults() (search.Config, error) {
	var cfg search.Config
	if def := p.Game.Config.ISMCTS; def != "" {
		if err := search.ParseOptions(&cfg, def, p.SearchBots()); err != nil {
			return cfg, p.Game.Config.ISMCTSError(err)
		}
	}
	return cfg, nil
}
