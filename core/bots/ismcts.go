package bots

import (
	"fmt"

	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/core/search"
	"github.com/ruleslab/ruleslab/scripting"
)

// ISMCTS reads an ismcts spec's options (search.ParseOptions) over the game's own defaults (YAML
// `ismcts:`): the rollout and prior options may name the game's bots.
func (r *Registry) ISMCTS(spec string) (search.Config, error) {
	if !search.IsSpec(spec) {
		return search.Config{}, fmt.Errorf("%q is not an ismcts spec", spec)
	}
	cfg, err := r.p.SearchDefaults()
	if err != nil {
		return cfg, err
	}
	if opts := search.SpecOptions(spec); opts != "" {
		if err := search.ParseOptions(&cfg, opts, r.p.SearchBots()); err != nil {
			return cfg, fmt.Errorf("bot %q: %w", spec, err)
		}
	}
	return cfg, nil
}

// newISMCTS makes an ismcts bot that searches with engine e (the worker's own Lua host), with the
// game's evaluate, sample_ok and rollout hooks and its bots as prior or rollout policies.
func (r *Registry) newISMCTS(e *scripting.Engine, spec string, seed uint64) (*search.ISMCTS, error) {
	cfg, err := r.ISMCTS(spec)
	if err != nil {
		return nil, err
	}
	b := search.New(cfg, e, seed)
	b.Stop = e.Interrupted // an interrupted batch stops the search within an iteration
	if e.HasEvaluate() {
		b.Evaluate = e.Evaluate
	}
	if e.HasSampleOK() {
		b.Plausible = e.SampleOK
	}
	if cfg.Prior != "" {
		b.PriorBot = func() (core.Bot, error) { return r.New(e, cfg.Prior, core.Mix(seed^0x9e10, 0)) }
	}
	switch cfg.Rollout {
	case "", "random", "mast":
	case "rules":
		if !e.HasRollout() {
			return nil, fmt.Errorf("bot %q: rollout=rules needs a `rollout(g, seat, legal)` hook in %s's rules", spec, r.p.Game.Name())
		}
		b.Policy = e.Rollout
	default:
		b.RolloutBots = r.rolloutBots(e, cfg.Rollout, seed)
	}
	return b, nil
}

// rolloutBots makes, per search, the rollout policy's bot of every seat.
func (r *Registry) rolloutBots(e *scripting.Engine, name string, seed uint64) func(players int) ([]core.Bot, error) {
	return func(players int) ([]core.Bot, error) {
		bots := make([]core.Bot, players)
		for i := range bots {
			rb, err := r.New(e, name, core.Mix(seed^0x7011, uint64(i)))
			if err != nil {
				return nil, err
			}
			bots[i] = rb
		}
		return bots, nil
	}
}
