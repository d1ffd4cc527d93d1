package bots

import (
	"fmt"
	"strings"

	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/core/search"
	"github.com/ruleslab/ruleslab/scripting"
)

// LuaPrefix names a bot script given on the command line: `lua:PATH` (choose(obs, legal), the same
// API, sandbox and limits as the game's own bots).
const LuaPrefix = "lua:"

// Random is the bot that plays a uniformly random legal move (every game has it).
const Random = "random"

// Registry reads the bot specs of one game and makes its bots. Check every spec (Check or Seats) before
// the game's workers start: a `lua:PATH` script is compiled into the program then.
type Registry struct {
	p   *scripting.Program
	ext ExtOptions
}

// For returns the registry of a game's bots; ext configures its external (cmd:COMMAND) bots.
func For(p *scripting.Program, ext ExtOptions) *Registry { return &Registry{p: p, ext: ext} }

// Program is the game the registry makes bots for.
func (r *Registry) Program() *scripting.Program { return r.p }

// Names lists the bots the game offers by name: random plus its scripted bots (and any `lua:` script
// already checked).
func (r *Registry) Names() []string { return r.p.BotNames() }

// Check reports whether spec names a bot of the game: random, one of its scripted bots, a `lua:PATH`
// script (compiled now), a `cmd:COMMAND` or an ismcts spec.
func (r *Registry) Check(spec string) error {
	switch {
	case spec == Random || r.p.Bots[spec] != nil:
		return nil
	case strings.HasPrefix(spec, LuaPrefix):
		return r.p.LoadLuaBot(spec)
	case IsExtBot(spec):
		return checkExtBot(spec)
	case search.IsSpec(spec):
		_, err := r.ISMCTS(spec)
		return err
	}
	return fmt.Errorf("unknown bot %q for %s (bots: %s, lua:PATH, cmd:COMMAND, ismcts[:OPTIONS])", spec, r.p.Game.Name(), strings.Join(r.Names(), ", "))
}

// Split reads a comma-separated list of bot specs. A spec's own options are comma-separated too
// (`ismcts:iterations=200,rollout=greedy`): a piece of the form key=value continues the spec before it.
// An external bot's command (cmd:COMMAND) may therefore not contain a comma.
func Split(list string) ([]string, error) {
	var out []string
	for _, p := range strings.Split(list, ",") {
		p = strings.TrimSpace(p)
		if p == "" {
			return nil, fmt.Errorf("%q: empty bot name", list)
		}
		if len(out) > 0 && strings.Contains(p, "=") && !strings.Contains(p, ":") && strings.Contains(out[len(out)-1], ":") {
			out[len(out)-1] += "," + p
			continue
		}
		out = append(out, p)
	}
	return out, nil
}

// New makes the bot of spec for one seat of one game, running on engine e: random, one of the game's
// Lua bots, an external program or an ismcts search (whose playouts run on e).
func (r *Registry) New(e *scripting.Engine, spec string, seed uint64) (core.Bot, error) {
	switch {
	case spec == Random:
		return core.NewRandomBot(seed), nil
	case search.IsSpec(spec):
		return r.newISMCTS(e, spec, seed)
	case IsExtBot(spec):
		return newExtBot(spec, r.ext, e.GameIndex, seed, e.Interrupted)
	case r.p.Bots[spec] == nil:
		if err := r.Check(spec); err != nil {
			return nil, err
		}
	}
	return e.NewLuaBot(spec, seed)
}

// NewSeats makes the bots of a game: seats[i] names seat i's bot; each gets a seed of its own.
func (r *Registry) NewSeats(e *scripting.Engine, seats []string, seed uint64) ([]core.Bot, error) {
	return r.Reseat(e, seats, seed, nil)
}

// Restarter is a bot that can be made again for another game in its own memory (a Lua bot).
type Restarter interface {
	Restart(seed uint64) error
}

// Reseat makes the bots of a game as NewSeats does, for the seats of the previous game on e, whose
// bots were prev (nil: none): each of those that is a Restarter is restarted with its seat's seed
// instead of made anew.
func (r *Registry) Reseat(e *scripting.Engine, seats []string, seed uint64, prev []core.Bot) ([]core.Bot, error) {
	bots := make([]core.Bot, len(seats))
	for i, name := range seats {
		seatSeed := core.Mix(seed^0xb0b, uint64(i))
		if rb, ok := seatBot(prev, i).(Restarter); ok {
			if err := rb.Restart(seatSeed); err != nil {
				return nil, err
			}
			bots[i] = prev[i]
			continue
		}
		b, err := r.New(e, name, seatSeed)
		if err != nil {
			return nil, err
		}
		bots[i] = b
	}
	return bots, nil
}

func seatBot(bots []core.Bot, i int) core.Bot {
	if i < len(bots) {
		return bots[i]
	}
	return nil
}

// End tells the bots of a game that it is over (external bots get the outcome and their processes
// stop). Call it once per game, also when the game failed; s may be nil.
func End(bots []core.Bot, s *core.State) {
	for _, b := range bots {
		if e, ok := b.(interface{ End(*core.State) }); ok {
			e.End(s)
		}
	}
}
