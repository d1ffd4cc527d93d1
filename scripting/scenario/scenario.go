// Package scenario loads and plays scenario files: a game, a fixed setup and a list of moves.
package scenario

import (
	"errors"
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/core/config"
	"github.com/ruleslab/ruleslab/scripting"
)

// Scenario is a scenario file.
type Scenario struct {
	Game    string         `yaml:"game"`
	Variant string         `yaml:"variant"`
	Players int            `yaml:"players"`
	Seed    *uint64        `yaml:"seed"`
	Setup   map[string]any `yaml:"setup"`
	Moves   []string       `yaml:"moves"`

	Path string     `yaml:"-"`
	root *yaml.Node `yaml:"-"`
}

// DefaultSeed is used when a scenario gives none.
const DefaultSeed = 1

// Load reads and checks a scenario file (its setup keys are checked against the game once loaded).
func Load(path string) (*Scenario, error) {
	path = config.Locate(path) // a bundled scenario is found from any folder
	sc := &Scenario{}
	root, err := config.DecodeFile(path, sc)
	if err != nil {
		return nil, err
	}
	sc.Path, sc.root = path, root
	if sc.Game == "" {
		return nil, config.ErrAt(path, root, "missing `game` (a bundled game id or a path to its YAML)")
	}
	return sc, nil
}

// Outcome is what playing a scenario produced; it is also the `run --json` contract.
type Outcome struct {
	Game     string       `json:"game"`
	Variant  string       `json:"variant"`
	Players  int          `json:"players"`
	Seed     uint64       `json:"seed"`
	Events   []core.Event `json:"events"`
	Finished bool         `json:"finished"`
	Totals   []int        `json:"totals"`
	Winners  []int        `json:"winners"`
	ToAct    *int         `json:"to_act,omitempty"`
	Legal    []string     `json:"legal,omitempty"`
	// Observation is the final position as Runner.Observe's seat sees it (only when asked for).
	Observation *core.Observation `json:"observation,omitempty"`
}

// Runner plays a scenario, optionally finishing the game with bots.
type Runner struct {
	Finish  []string // bots for every seat (cycled) when the moves run out; nil stops there
	Observe *int     // if set, the outcome carries this seat's final observation
	// Check, if set, is called after setup and after every move (the scenario's and the bots'); an
	// error stops the scenario there.
	Check func(e *scripting.Engine, s *core.State) error
}

// Program loads the scenario's game: a path is relative to the scenario file.
func (sc *Scenario) Program() (*scripting.Program, error) {
	game := sc.Game
	if strings.HasSuffix(game, ".yaml") || strings.HasSuffix(game, ".yml") || strings.ContainsRune(game, '/') {
		if !filepath.IsAbs(game) {
			game = filepath.Join(filepath.Dir(sc.Path), game)
		}
	}
	p, err := scripting.Load(game, sc.Variant)
	if err != nil {
		if errors.Is(err, config.ErrUnknownGame) {
			return nil, config.ErrAt(sc.Path, config.At(sc.root, "game"), "%v", err)
		}
		return nil, err
	}
	return p, nil
}

// Run plays the scenario on a fresh host.
func (r Runner) Run(sc *Scenario) (*Outcome, *core.State, error) {
	p, err := sc.Program()
	if err != nil {
		return nil, nil, err
	}
	cfg := p.Game.Config
	players := sc.Players
	if players == 0 {
		players = cfg.Players.Default
	}
	if players < cfg.Players.Min || players > cfg.Players.Max {
		return nil, nil, config.ErrAt(sc.Path, config.At(sc.root, "players"), "%s plays with %d..%d players, not %d", p.Game.Name(), cfg.Players.Min, cfg.Players.Max, players)
	}
	if err := sc.checkSetup(p.Game, players); err != nil {
		return nil, nil, err
	}
	if r.Observe != nil && (*r.Observe < 0 || *r.Observe >= players) {
		return nil, nil, fmt.Errorf("cannot observe seat %d: the game has seats 0..%d", *r.Observe, players-1)
	}
	seed := uint64(DefaultSeed)
	if sc.Seed != nil {
		seed = *sc.Seed
	}
	h := scripting.NewHost()
	defer h.Close()
	e, err := p.NewEngine(h)
	if err != nil {
		return nil, nil, err
	}
	s, err := e.NewState(players, seed, core.Options{Fixed: sc.Setup})
	if err != nil {
		return nil, nil, config.ErrAt(sc.Path, config.At(sc.root, "setup"), "%v", err)
	}
	if r.Check != nil {
		if err := r.Check(e, s); err != nil {
			return nil, nil, config.ErrAt(sc.Path, config.At(sc.root, "setup"), "after setup: %v", err)
		}
	}
	movesNode := config.At(sc.root, "moves")
	for i, m := range sc.Moves {
		at := config.At(movesNode, i)
		if s.Over() {
			return nil, nil, config.ErrAt(sc.Path, at, "move %d (%q): the game is already over", i, m)
		}
		seat := s.ToAct()
		if err := s.Apply(e, m); err != nil {
			var ill *core.IllegalMoveError
			if errors.As(err, &ill) {
				why := ""
				if ill.Reason != "" {
					why = "\n  why: " + ill.Reason // on its own line: the first names the move and what was legal
				}
				return nil, nil, config.ErrAt(sc.Path, at, "move %d (%q) by seat %d is not legal; legal moves: %s%s", i, m, seat, strings.Join(ill.Legal, ", "), why)
			}
			return nil, nil, config.ErrAt(sc.Path, at, "move %d (%q) by seat %d: %v", i, m, seat, err)
		}
		if r.Check != nil {
			if err := r.Check(e, s); err != nil {
				return nil, nil, config.ErrAt(sc.Path, at, "after move %d (%q) by seat %d: %v", i, m, seat, err)
			}
		}
	}
	if len(r.Finish) > 0 && !s.Over() {
		names := make([]string, players)
		for i := range names {
			names[i] = r.Finish[i%len(r.Finish)]
		}
		bots, err := e.NewBots(names, seed)
		if err != nil {
			return nil, nil, err
		}
		defer scripting.EndBots(bots, s)
		if r.Check == nil {
			if err := core.PlayOut(s, e, bots, names); err != nil {
				return nil, nil, err
			}
		}
		for !s.Over() {
			seat := s.ToAct()
			i, err := bots[seat].Choose(s.ViewFor(seat))
			if err != nil {
				return nil, nil, &core.BotError{Seat: seat, Bot: names[seat], Err: err}
			}
			if n := len(s.Legal()); i < 0 || i >= n {
				return nil, nil, &core.BotError{Seat: seat, Bot: names[seat], Err: fmt.Errorf("chose move %d of %d", i+1, n)}
			}
			move := s.Legal()[i]
			if err := s.ApplyIndex(e, i); err != nil {
				return nil, nil, err
			}
			if err := r.Check(e, s); err != nil {
				return nil, nil, fmt.Errorf("%s: after move %d (%q) by seat %d (%s): %v", config.Shown(sc.Path), s.MoveCount()-1, move, seat, names[seat], err)
			}
		}
	}
	o := NewOutcome(p, s)
	if r.Observe != nil {
		o.Observation = s.Observe(*r.Observe)
	}
	return o, s, nil
}

// NewOutcome reports a state.
func NewOutcome(p *scripting.Program, s *core.State) *Outcome {
	o := &Outcome{Game: p.Game.Config.ID, Variant: p.Game.Config.Variant, Players: s.Players, Seed: s.Seed,
		Events: s.Events(), Finished: s.Over(), Totals: s.Totals(), Winners: s.Winners()}
	if o.Winners == nil {
		o.Winners = []int{}
	}
	if o.Events == nil {
		o.Events = []core.Event{}
	}
	if !s.Over() {
		seat := s.ToAct()
		o.ToAct = &seat
		o.Legal = append([]string{}, s.Legal()...)
	}
	return o
}

// checkSetup checks setup keys against the game's declared slots and card ids against its catalogue.
func (sc *Scenario) checkSetup(g *core.Game, players int) error {
	slots := g.Config.Setup
	setupNode := config.At(sc.root, "setup")
	var known []string
	for k := range slots {
		known = append(known, k)
	}
	for key, val := range sc.Setup {
		slot, ok := slots[key]
		if !ok {
			return config.ErrAt(sc.Path, config.KeyAt(setupNode, key), "unknown setup key %q for %s (known: %s)", key, g.Name(), strings.Join(sortStrings(known), ", "))
		}
		at := func(path ...any) *yaml.Node { return config.At(setupNode, append([]any{key}, path...)...) }
		card := func(v any, path ...any) error {
			id, ok := v.(string)
			if !ok {
				id = fmt.Sprint(v)
			}
			if !g.Catalog.Has(id) {
				return config.ErrAt(sc.Path, at(path...), "setup.%s: no card %q in %s", key, id, g.Name())
			}
			return nil
		}
		switch slot.Kind {
		case "cards-per-seat":
			lists, ok := val.([]any)
			if !ok || len(lists) != players {
				return config.ErrAt(sc.Path, at(), "setup.%s: expected one list of cards per seat (%d lists)", key, players)
			}
			for i, l := range lists {
				cards, ok := l.([]any)
				if !ok {
					return config.ErrAt(sc.Path, at(i), "setup.%s[%d]: expected a list of cards", key, i)
				}
				for j, c := range cards {
					if err := card(c, i, j); err != nil {
						return err
					}
				}
			}
		case "cards":
			cards, ok := val.([]any)
			if !ok {
				return config.ErrAt(sc.Path, at(), "setup.%s: expected a list of cards", key)
			}
			for j, c := range cards {
				if err := card(c, j); err != nil {
					return err
				}
			}
		case "card":
			if err := card(val); err != nil {
				return err
			}
		case "seat":
			n, ok := val.(int)
			if !ok || n < 0 || n >= players {
				return config.ErrAt(sc.Path, at(), "setup.%s: expected a seat 0..%d", key, players-1)
			}
		case "seats":
			l, ok := val.([]any)
			if !ok {
				return config.ErrAt(sc.Path, at(), "setup.%s: expected a list of seats", key)
			}
			for j, v := range l {
				n, ok := v.(int)
				if !ok || n < 0 || n >= players {
					return config.ErrAt(sc.Path, at(j), "setup.%s[%d]: expected a seat 0..%d", key, j, players-1)
				}
			}
		}
	}
	return nil
}

func sortStrings(s []string) []string {
	sort.Strings(s)
	return s
}
