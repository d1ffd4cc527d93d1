package scripting

import (
	"fmt"
	"strings"

	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/core/search"
)

// ISMCTSPrefix names the search bot in a bot spec (search.Prefix).
const ISMCTSPrefix = search.Prefix

// IsISMCTS reports whether a bot spec names the ISMCTS bot.
func IsISMCTS(spec string) bool { return search.IsSpec(spec) }

// ParseISMCTS reads an ismcts spec's options for a game (search.ParseOptions), over the game's own
// defaults (YAML `ismcts:`).
func (p *Program) ParseISMCTS(spec string) (search.Config, error) {
	var cfg search.Config
	if !search.IsSpec(spec) {
		return cfg, fmt.Errorf("%q is not an ismcts spec", spec)
	}
	bots := search.Bots{Game: p.Game.Name(), Has: func(name string) bool { return p.Bots[name] != nil }, Names: p.BotNames()[1:]}
	if def := p.Game.Config.ISMCTS; def != "" {
		if err := search.ParseOptions(&cfg, def, bots); err != nil {
			return cfg, fmt.Errorf("%s: ismcts: %w", p.Game.Config.Path, err)
		}
	}
	opts := search.SpecOptions(spec)
	if opts == "" {
		return cfg, nil
	}
	if err := search.ParseOptions(&cfg, opts, bots); err != nil {
		return cfg, fmt.Errorf("bot %q: %w", spec, err)
	}
	return cfg, nil
}

// CheckBot reports whether spec names a bot of the game: random, one of its scripted bots or an
// ismcts spec.
func (p *Program) CheckBot(spec string) error {
	if spec == "random" || p.Bots[spec] != nil {
		return nil
	}
	if strings.HasPrefix(spec, LuaBotPrefix) {
		return p.loadLuaBot(spec)
	}
	if IsExtBot(spec) {
		return checkExtBot(spec)
	}
	if IsISMCTS(spec) {
		_, err := p.ParseISMCTS(spec)
		return err
	}
	return fmt.Errorf("unknown bot %q for %s (bots: %s, lua:PATH, cmd:COMMAND, ismcts[:OPTIONS])", spec, p.Game.Name(), strings.Join(p.BotNames(), ", "))
}

// newISMCTS makes an ismcts bot that searches with this engine (the worker's own Lua host).
func (e *Engine) newISMCTS(spec string, seed uint64) (*search.ISMCTS, error) {
	cfg, err := e.p.ParseISMCTS(spec)
	if err != nil {
		return nil, err
	}
	b := search.New(cfg, e, seed)
	if e.HasEvaluate() {
		b.Evaluate = e.Evaluate
	}
	if e.HasSampleOK() {
		b.Plausible = e.SampleOK
	}
	if cfg.Prior != "" {
		b.PriorBot = func() (core.Bot, error) { return e.NewBot(cfg.Prior, core.Mix(seed^0x9e10, 0)) }
	}
	if cfg.Rollout == "rules" {
		if !e.HasRollout() {
			return nil, fmt.Errorf("bot %q: rollout=rules needs a `rollout(g, seat, legal)` hook in %s's rules", spec, e.p.Game.Name())
		}
		b.Policy = e.Rollout
	}
	if cfg.Rollout != "" && cfg.Rollout != "random" && cfg.Rollout != "mast" && cfg.Rollout != "rules" {
		b.RolloutBots = func(players int) ([]core.Bot, error) {
			bots := make([]core.Bot, players)
			for i := range bots {
				rb, err := e.NewBot(cfg.Rollout, core.Mix(seed^0x7011, uint64(i)))
				if err != nil {
					return nil, err
				}
				bots[i] = rb
			}
			return bots, nil
		}
	}
	return b, nil
}
