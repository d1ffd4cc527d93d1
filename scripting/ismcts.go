package scripting

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/ruleslab/ruleslab/core"
)

// ISMCTSPrefix names the search bot in a bot spec: `ismcts[:iterations=N][,ms=T][,rollout=random|BOT]
// [,c=X]`.
const ISMCTSPrefix = "ismcts"

// IsISMCTS reports whether a bot spec names the ISMCTS bot.
func IsISMCTS(spec string) bool {
	return spec == ISMCTSPrefix || strings.HasPrefix(spec, ISMCTSPrefix+":")
}

// ParseISMCTS reads an ismcts spec's options for a game: iterations (a positive count), ms (a time
// budget per decision in milliseconds: not reproducible), rollout (random or one of the game's bots)
// and c (the UCB exploration constant).
func (p *Program) ParseISMCTS(spec string) (core.ISMCTSConfig, error) {
	var cfg core.ISMCTSConfig
	if !IsISMCTS(spec) {
		return cfg, fmt.Errorf("%q is not an ismcts spec", spec)
	}
	opts := strings.TrimPrefix(strings.TrimPrefix(spec, ISMCTSPrefix), ":")
	if opts == "" {
		return cfg, nil
	}
	for _, kv := range strings.Split(opts, ",") {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			return cfg, fmt.Errorf("bot %q: option %q is not key=value (ismcts:iterations=N,ms=T,rollout=random|BOT,c=X)", spec, kv)
		}
		switch strings.TrimSpace(k) {
		case "iterations", "it":
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 {
				return cfg, fmt.Errorf("bot %q: iterations must be a positive integer", spec)
			}
			cfg.Iterations = n
		case "ms":
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 {
				return cfg, fmt.Errorf("bot %q: ms must be a positive integer", spec)
			}
			cfg.Millis = n
		case "rollout":
			if v != "random" && p.Bots[v] == nil {
				return cfg, fmt.Errorf("bot %q: no rollout bot %q for %s (random or: %s)", spec, v, p.Game.Name(), strings.Join(p.BotNames()[1:], ", "))
			}
			cfg.Rollout = v
		case "c":
			f, err := strconv.ParseFloat(v, 64)
			if err != nil || f <= 0 {
				return cfg, fmt.Errorf("bot %q: c must be a positive number", spec)
			}
			cfg.Exploration = f
		default:
			return cfg, fmt.Errorf("bot %q: unknown option %q (iterations, ms, rollout, c)", spec, k)
		}
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
	return fmt.Errorf("unknown bot %q for %s (bots: %s, lua:PATH, cmd:COMMAND, ismcts[:iterations=N,ms=T,rollout=random|BOT])", spec, p.Game.Name(), strings.Join(p.BotNames(), ", "))
}

// newISMCTS makes an ismcts bot that searches with this engine (the worker's own Lua host).
func (e *Engine) newISMCTS(spec string, seed uint64) (*core.ISMCTS, error) {
	cfg, err := e.p.ParseISMCTS(spec)
	if err != nil {
		return nil, err
	}
	b := core.NewISMCTS(cfg, e, seed)
	if cfg.Rollout != "" && cfg.Rollout != "random" {
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
