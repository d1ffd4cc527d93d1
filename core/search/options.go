package search

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Prefix names the search bot in a bot spec: `ismcts[:OPTIONS]`, OPTIONS being OptionsHelp's keys.
const Prefix = "ismcts"

// OptionsHelp is the list of options an error message shows.
const OptionsHelp = "iterations=N,ms=T,rollout=random|mast|rules|BOT,prior=none|BOT,prior_weight=X,c=X,horizon=N|round|round+N|none,margin=X,observers=single|multi,reward=win|pairwise"

// IsSpec reports whether a bot spec names the search bot.
func IsSpec(spec string) bool {
	return spec == Prefix || strings.HasPrefix(spec, Prefix+":")
}

// SpecOptions returns the options part of an ismcts spec ("" for plain `ismcts`).
func SpecOptions(spec string) string {
	return strings.TrimPrefix(strings.TrimPrefix(spec, Prefix), ":")
}

// MaxMillis is the largest ms= budget: a day per decision.
const MaxMillis = 24 * 60 * 60 * 1000

// Bots is what the options need to know of a game's bots: whether one is named name, and the names to
// list when it is not.
type Bots struct {
	Game  string
	Has   func(name string) bool
	Names []string
}

// ParseOptions applies comma-separated key=value options to cfg: iterations (a positive count), ms (a
// time budget per decision in milliseconds: not reproducible), rollout (random, mast, rules or one of
// the game's bots), prior (one of the game's bots, Config.Prior; none: no prior), prior_weight, c (the
// UCB exploration constant), horizon (N moves, round, round+N or none), margin (0..1), observers
// (single or multi, Config.MultiObserver) and reward (win or pairwise, Config.Pairwise).
func ParseOptions(cfg *Config, opts string, bots Bots) error {
	for _, kv := range strings.Split(opts, ",") {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			return fmt.Errorf("option %q is not key=value (%s)", kv, OptionsHelp)
		}
		set, known := optionSetters[strings.TrimSpace(k)]
		if !known {
			return fmt.Errorf("unknown option %q (%s)", k, OptionsHelp)
		}
		if err := set(cfg, strings.TrimSpace(v), bots); err != nil {
			return err
		}
	}
	return nil
}

type optionSetter func(cfg *Config, v string, bots Bots) error

var optionSetters = map[string]optionSetter{
	"iterations": func(cfg *Config, v string, _ Bots) error {
		return positiveInt("iterations", v, &cfg.Iterations)
	},
	"it": func(cfg *Config, v string, _ Bots) error { return positiveInt("iterations", v, &cfg.Iterations) },
	"ms": func(cfg *Config, v string, _ Bots) error {
		if err := positiveInt("ms", v, &cfg.Millis); err != nil || cfg.Millis <= MaxMillis {
			return err
		}
		return fmt.Errorf("ms must be at most %d (a day), not %q", MaxMillis, v)
	},
	"rollout": func(cfg *Config, v string, bots Bots) error {
		if IsSpec(v) {
			return fmt.Errorf("rollout=%s: a search may not roll out with a search (it would recurse)", v)
		}
		if v != "random" && v != "mast" && v != "rules" && !bots.Has(v) {
			return fmt.Errorf("no rollout bot %q for %s (random, mast, rules or: %s)", v, bots.Game, strings.Join(bots.Names, ", "))
		}
		cfg.Rollout = v
		return nil
	},
	"prior": func(cfg *Config, v string, bots Bots) error {
		switch {
		case IsSpec(v):
			return fmt.Errorf("prior=%s: a search may not be its own prior (it would recurse)", v)
		case v == "none":
			cfg.Prior = ""
		case bots.Has(v):
			cfg.Prior = v
		default:
			return fmt.Errorf("no prior bot %q for %s (none or: %s)", v, bots.Game, strings.Join(bots.Names, ", "))
		}
		return nil
	},
	"prior_weight": func(cfg *Config, v string, _ Bots) error {
		f, err := strconv.ParseFloat(v, 64)
		if err != nil || !(f > 0) || math.IsInf(f, 1) {
			return fmt.Errorf("prior_weight must be a positive number, not %q", v)
		}
		cfg.PriorWeight = f
		return nil
	},
	"c": func(cfg *Config, v string, _ Bots) error {
		f, err := strconv.ParseFloat(v, 64)
		if err != nil || !(f > 0) || math.IsInf(f, 1) {
			return fmt.Errorf("c must be a positive number, not %q", v)
		}
		cfg.Exploration = f
		return nil
	},
	"horizon": func(cfg *Config, v string, _ Bots) (err error) {
		cfg.Horizon, cfg.HorizonRound, err = parseHorizon(v)
		return err
	},
	"margin": func(cfg *Config, v string, _ Bots) error {
		f, err := strconv.ParseFloat(v, 64)
		if err != nil || !(f >= 0 && f <= 1) {
			return fmt.Errorf("margin must be a number from 0 to 1, not %q", v)
		}
		cfg.Margin = f
		return nil
	},
	"observers": func(cfg *Config, v string, _ Bots) (err error) {
		cfg.MultiObserver, err = either("observers", v, "single", "multi")
		return err
	},
	"reward": func(cfg *Config, v string, _ Bots) (err error) {
		cfg.Pairwise, err = either("reward", v, "win", "pairwise")
		return err
	},
}

// positiveInt reads a positive whole number into n.
func positiveInt(option, v string, n *int) error {
	x, err := strconv.Atoi(v)
	if err != nil || x < 1 {
		return fmt.Errorf("%s must be a positive integer, not %q", option, v)
	}
	*n = x
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
