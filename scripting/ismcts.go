package scripting

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/core/search"
)

// ISMCTSPrefix names the search bot in a bot spec: `ismcts[:iterations=N][,ms=T][,rollout=random|mast|BOT]
// [,prior=BOT][,prior_weight=X][,c=X][,horizon=N|round|round+N|none][,margin=X][,observers=single|multi][,reward=win|pairwise]`.
const ISMCTSPrefix = "ismcts"

// ismctsOptions is the list of options an error message shows.
const ismctsOptions = "iterations=N,ms=T,rollout=random|mast|rules|BOT,prior=none|BOT,prior_weight=X,c=X,horizon=N|round|round+N|none,margin=X,observers=single|multi,reward=win|pairwise"

// IsISMCTS reports whether a bot spec names the ISMCTS bot.
func IsISMCTS(spec string) bool {
	return spec == ISMCTSPrefix || strings.HasPrefix(spec, ISMCTSPrefix+":")
}

// ParseISMCTS reads an ismcts spec's options for a game, over the game's own defaults (YAML `ismcts:`):
// iterations (a positive count), ms (a time budget per decision in milliseconds: not reproducible),
// rollout (random or one of the game's bots), prior (one of the game's bots, whose choice the root
// favours, search.Config.Prior; none: no prior), prior_weight (that bonus's weight), c (the UCB exploration constant), horizon (cut playouts
// N moves after the decision, at the end of the current round, or both; none: play to the end),
// margin (0..1, the weight of the score lead in the reward), observers (single: one tree for all
// seats; multi: one tree per seat, branching only on what that seat sees, search.Config.MultiObserver)
// and reward (win: the win share; pairwise: the share of other seats the seat stands ahead of,
// search.Config.Pairwise).
func (p *Program) ParseISMCTS(spec string) (search.Config, error) {
	var cfg search.Config
	if !IsISMCTS(spec) {
		return cfg, fmt.Errorf("%q is not an ismcts spec", spec)
	}
	if def := p.Game.Config.ISMCTS; def != "" {
		if err := p.ismctsOptions(&cfg, def); err != nil {
			return cfg, fmt.Errorf("%s: ismcts: %w", p.Game.Config.Path, err)
		}
	}
	opts := strings.TrimPrefix(strings.TrimPrefix(spec, ISMCTSPrefix), ":")
	if opts == "" {
		return cfg, nil
	}
	if err := p.ismctsOptions(&cfg, opts); err != nil {
		return cfg, fmt.Errorf("bot %q: %w", spec, err)
	}
	return cfg, nil
}

// ismctsOptions applies comma-separated key=value options to cfg.
func (p *Program) ismctsOptions(cfg *search.Config, opts string) error {
	for _, kv := range strings.Split(opts, ",") {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			return fmt.Errorf("option %q is not key=value (%s)", kv, ismctsOptions)
		}
		v = strings.TrimSpace(v)
		switch strings.TrimSpace(k) {
		case "iterations", "it":
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 {
				return fmt.Errorf("iterations must be a positive integer, not %q", v)
			}
			cfg.Iterations = n
		case "ms":
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 {
				return fmt.Errorf("ms must be a positive integer, not %q", v)
			}
			cfg.Millis = n
		case "rollout":
			if v != "random" && v != "mast" && v != "rules" && p.Bots[v] == nil {
				return fmt.Errorf("no rollout bot %q for %s (random, mast, rules or: %s)", v, p.Game.Name(), strings.Join(p.BotNames()[1:], ", "))
			}
			cfg.Rollout = v
		case "prior":
			if v == "none" {
				cfg.Prior = ""
				break
			}
			if p.Bots[v] == nil {
				return fmt.Errorf("no prior bot %q for %s (none or: %s)", v, p.Game.Name(), strings.Join(p.BotNames()[1:], ", "))
			}
			cfg.Prior = v
		case "prior_weight":
			f, err := strconv.ParseFloat(v, 64)
			if err != nil || !(f > 0) || math.IsInf(f, 1) {
				return fmt.Errorf("prior_weight must be a positive number, not %q", v)
			}
			cfg.PriorWeight = f
		case "c":
			f, err := strconv.ParseFloat(v, 64)
			if err != nil || f <= 0 {
				return fmt.Errorf("c must be a positive number, not %q", v)
			}
			cfg.Exploration = f
		case "horizon":
			h, round, err := parseHorizon(v)
			if err != nil {
				return err
			}
			cfg.Horizon, cfg.HorizonRound = h, round
		case "margin":
			f, err := strconv.ParseFloat(v, 64)
			if err != nil || !(f >= 0 && f <= 1) {
				return fmt.Errorf("margin must be a number from 0 to 1, not %q", v)
			}
			cfg.Margin = f
		case "observers":
			multi, err := either("observers", v, "single", "multi")
			if err != nil {
				return err
			}
			cfg.MultiObserver = multi
		case "reward":
			pairwise, err := either("reward", v, "win", "pairwise")
			if err != nil {
				return err
			}
			cfg.Pairwise = pairwise
		default:
			return fmt.Errorf("unknown option %q (%s)", k, ismctsOptions)
		}
	}
	return nil
}

// either reads an option with two values: false for off, true for on.
func either(option, v, off, on string) (bool, error) {
	switch v {
	case off, on:
		return v == on, nil
	}
	return false, fmt.Errorf("%s must be %s or %s, not %q", option, off, on, v)
}

// parseHorizon reads N, round, round+N or none (0 moves: no cut).
func parseHorizon(v string) (moves int, round bool, err error) {
	bad := fmt.Errorf("horizon must be a number of moves, round, round+N or none, not %q", v)
	if v == "none" {
		return 0, false, nil
	}
	if rest, ok := strings.CutPrefix(v, "round"); ok {
		round = true
		if rest == "" {
			return 0, true, nil
		}
		if v, ok = strings.CutPrefix(rest, "+"); !ok {
			return 0, false, bad
		}
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 {
		return 0, false, bad
	}
	return n, round, nil
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
