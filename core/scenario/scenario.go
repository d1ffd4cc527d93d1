package scenario

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/core/bots"
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

// Program loads the scenario's game and variant: a path (of a game or a variant file) is relative to
// the scenario file.
func (sc *Scenario) Program() (*scripting.Program, error) {
	p, err := scripting.Load(sc.relative(sc.Game), sc.relative(sc.Variant))
	if err != nil {
		if errors.Is(err, config.ErrUnknownGame) || errors.Is(err, config.ErrOtherGame) {
			key := "game"
			if _, gerr := config.ResolvePath(sc.relative(sc.Game), ""); gerr == nil {
				key = "variant" // the game is found: the problem is the variant
			}
			return nil, config.ErrAt(sc.Path, config.At(sc.root, key), "%v", err)
		}
		return nil, err
	}
	return p, nil
}

// SetVariant replaces the scenario's variant with one given on the command line (a variant file relative
// to the working directory); "" keeps the scenario's.
func (sc *Scenario) SetVariant(v string) error {
	if v == "" {
		return nil
	}
	if config.IsVariantFile(v) {
		abs, err := filepath.Abs(config.Locate(v))
		if err != nil {
			return err
		}
		v = abs
	}
	sc.Variant = v
	return nil
}

// relative is a game or variant the scenario names: a path relative to the scenario file's folder,
// else as written.
func (sc *Scenario) relative(name string) string {
	if config.IsVariantFile(name) && !filepath.IsAbs(name) {
		return filepath.Join(filepath.Dir(sc.Path), name)
	}
	return name
}

// Run plays the scenario on a fresh host.
func (r Runner) Run(sc *Scenario) (*Outcome, *core.State, error) {
	p, err := sc.Program()
	if err != nil {
		return nil, nil, err
	}
	players, err := r.players(sc, p)
	if err != nil {
		return nil, nil, err
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
	s, err := r.start(sc, e, players, seed)
	if err != nil {
		return nil, nil, err
	}
	if err := r.playMoves(sc, e, s); err != nil {
		return nil, nil, err
	}
	if len(r.Finish) > 0 && !s.Over() {
		names := make([]string, players)
		for i := range names {
			names[i] = r.Finish[i%len(r.Finish)]
		}
		// scenarios seat no external programs: the registry needs no options for them
		seated, err := bots.For(p, bots.ExtOptions{}).NewSeats(e, names, seed)
		if err != nil {
			return nil, nil, err
		}
		defer bots.End(seated, s)
		if err := r.playOut(sc, e, s, seated, names); err != nil {
			return nil, nil, err
		}
	}
	o := NewOutcome(p, s)
	if r.Observe != nil {
		o.Observation = s.Observe(*r.Observe)
	}
	return o, s, nil
}

// players is the scenario's number of players, checked against the game, with its setup and the seat
// to observe.
func (r Runner) players(sc *Scenario, p *scripting.Program) (int, error) {
	cfg := p.Game.Config
	players := sc.Players
	if players == 0 {
		players = cfg.Players.Default
	}
	if players < cfg.Players.Min || players > cfg.Players.Max {
		return 0, config.ErrAt(sc.Path, config.At(sc.root, "players"), "%s plays with %d..%d players, not %d", p.Game.Name(), cfg.Players.Min, cfg.Players.Max, players)
	}
	if err := sc.checkSetup(p.Game, players); err != nil {
		return 0, err
	}
	if r.Observe != nil && (*r.Observe < 0 || *r.Observe >= players) {
		return 0, fmt.Errorf("cannot observe seat %d: the game has seats 0..%d", *r.Observe, players-1)
	}
	return players, nil
}

// start sets the game up with the scenario's fixed setup, checked when the runner checks.
func (r Runner) start(sc *Scenario, e *scripting.Engine, players int, seed uint64) (*core.State, error) {
	s, err := e.NewState(players, seed, core.StateOptions{Fixed: sc.Setup})
	if err != nil {
		return nil, config.ErrAt(sc.Path, config.At(sc.root, "setup"), "%v", err)
	}
	if r.Check != nil {
		if err := r.Check(e, s); err != nil {
			return nil, config.ErrAt(sc.Path, config.At(sc.root, "setup"), "after setup: %v", err)
		}
	}
	return s, nil
}

// playMoves plays the scenario's moves, checking after each when the runner checks.
func (r Runner) playMoves(sc *Scenario, e *scripting.Engine, s *core.State) error {
	movesNode := config.At(sc.root, "moves")
	for i, m := range sc.Moves {
		at := config.At(movesNode, i)
		if s.Over() {
			return config.ErrAt(sc.Path, at, "move %d (%q): the game is already over", i, m)
		}
		seat := s.ToAct()
		if err := s.Apply(e, m); err != nil {
			return moveError(sc, at, i, m, seat, err)
		}
		if r.Check != nil {
			if err := r.Check(e, s); err != nil {
				return config.ErrAt(sc.Path, at, "after move %d (%q) by seat %d: %v", i, m, seat, err)
			}
		}
	}
	return nil
}

// moveError reports the scenario's move i, m by seat, that failed: an illegal move lists the legal ones.
func moveError(sc *Scenario, at *yaml.Node, i int, m string, seat int, err error) error {
	var ill *core.IllegalMoveError
	if errors.As(err, &ill) {
		why := ""
		if ill.Reason != "" {
			why = "\n  why: " + ill.Reason // on its own line: the first names the move and what was legal
		}
		return config.ErrAt(sc.Path, at, "move %d (%q) by seat %d is not legal; legal moves: %s%s", i, m, seat, strings.Join(ill.Legal, ", "), why)
	}
	return config.ErrAt(sc.Path, at, "move %d (%q) by seat %d: %v", i, m, seat, err)
}

// playOut finishes the game with the bots (one per seat, named names), checking after every move when
// the runner checks.
func (r Runner) playOut(sc *Scenario, e *scripting.Engine, s *core.State, bots []core.Bot, names []string) error {
	if r.Check == nil {
		return core.PlayOut(s, e, bots, names)
	}
	for !s.Over() {
		seat := s.ToAct()
		i, err := bots[seat].Choose(s.ViewFor(seat))
		if err != nil {
			return &core.BotError{Seat: seat, Bot: names[seat], Err: err}
		}
		if n := len(s.Legal()); i < 0 || i >= n {
			return &core.BotError{Seat: seat, Bot: names[seat], Err: fmt.Errorf("chose move %d of %d", i+1, n)}
		}
		move := s.Legal()[i]
		if err := s.ApplyIndex(e, i); err != nil {
			return err
		}
		if err := r.Check(e, s); err != nil {
			return fmt.Errorf("%s: after move %d (%q) by seat %d (%s): %v", config.Shown(sc.Path), s.MoveCount()-1, move, seat, names[seat], err)
		}
	}
	return nil
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
