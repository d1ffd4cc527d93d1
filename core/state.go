package core

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
)

// Value is a plain value a game stores: float64, string or bool.
type Value struct {
	V   any
	Vis Vis
}

// State is one game in progress. Everything a game knows lives here, so a state can be cloned,
// compared, serialised and replayed; Lua holds no state of its own.
type State struct {
	Game    *Game
	Rules   Rules
	Players int
	Seed    uint64
	// Fixed holds a scenario's `setup:` values, read by the rules' setup hook.
	Fixed map[string]any

	zones    [][]CardIdx // per zone def: one slot, or Players slots for per-seat zones
	seen     []uint64    // per card: a bit per seat that has seen it face up
	zoneBase []int       // index of a zone def's first slot in zones
	vars     map[string]Value
	seatVars []map[string]Value
	scores   []int
	stats    map[string][]float64
	boards   []*Board

	pcg rand.PCG
	rng *rand.Rand

	pending  decision
	trick    Trick
	legalBuf []string
	legalIdx []CardIdx

	events  []Event
	moves   []string
	over    bool
	winners []int
	round   int
}

type decision struct {
	seat  int
	moves []string
	trick bool
}

// ErrGameOver is returned by Apply when the game has ended.
var ErrGameOver = errors.New("the game is over")

// IllegalMoveError names a move that is not legal and what was.
type IllegalMoveError struct {
	Seat  int
	Move  string
	Legal []string
}

func (e *IllegalMoveError) Error() string {
	return fmt.Sprintf("illegal move %q by seat %d; legal: %s", e.Move, e.Seat, strings.Join(e.Legal, ", "))
}

// NewState creates a game with every component in the start zone and runs the rules' setup.
func NewState(g *Game, rules Rules, players int, seed uint64, fixed map[string]any) (*State, error) {
	cfg := g.Config
	if players < cfg.Players.Min || players > cfg.Players.Max {
		return nil, fmt.Errorf("%s plays with %d..%d players, not %d", g.Name(), cfg.Players.Min, cfg.Players.Max, players)
	}
	s := &State{Game: g, Rules: rules, Players: players, Seed: seed, Fixed: fixed}
	s.pcg = *rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)
	s.rng = rand.New(&s.pcg)
	for _, z := range g.Zones {
		s.zoneBase = append(s.zoneBase, len(s.zones))
		n := 1
		if z.PerSeat {
			n = players
		}
		for i := 0; i < n; i++ {
			s.zones = append(s.zones, nil)
		}
	}
	start := make([]CardIdx, len(g.Catalog.Cards))
	for i := range start {
		start[i] = CardIdx(i)
	}
	s.zones[s.zoneBase[g.start]] = start
	if players > 63 {
		return nil, fmt.Errorf("at most 63 players")
	}
	s.seen = make([]uint64, len(start))
	startSeers := s.seersOf(ZoneRef{Def: g.start, Seat: -1})
	for i := range s.seen {
		s.seen[i] = startSeers
	}
	s.vars = map[string]Value{}
	s.seatVars = make([]map[string]Value, players)
	for i := range s.seatVars {
		s.seatVars[i] = map[string]Value{}
	}
	s.scores = make([]int, players)
	s.stats = map[string][]float64{}
	for i := range g.Boards {
		s.boards = append(s.boards, newBoard(&g.Boards[i]))
	}
	s.pending.seat = -1
	if err := rules.Setup(s); err != nil {
		return nil, err
	}
	if err := s.checkProgress("setup"); err != nil {
		return nil, err
	}
	return s, nil
}

// checkProgress insists that a hook left the game waiting for a decision or ended it.
func (s *State) checkProgress(hook string) error {
	if s.over || s.pending.seat >= 0 {
		return nil
	}
	return fmt.Errorf("hook %s returned without asking for a decision (g:ask, g:start_trick) or ending the game (g:finish)", hook)
}

// Over reports whether the game has ended.
func (s *State) Over() bool { return s.over }

// Winners returns the winning seats of a finished game.
func (s *State) Winners() []int { return s.winners }

// Totals returns the running score of each seat.
func (s *State) Totals() []int { return s.scores }

// Events returns the full log (every visibility).
func (s *State) Events() []Event { return s.events }

// Moves returns the moves applied so far, in order.
func (s *State) Moves() []string { return s.moves }

// ToAct returns the seat whose decision is pending, or -1.
func (s *State) ToAct() int {
	if s.over {
		return -1
	}
	return s.pending.seat
}

// Legal returns the legal moves of the seat to act. The slice is reused by the next call.
func (s *State) Legal() []string {
	if s.over || s.pending.seat < 0 {
		return nil
	}
	if s.pending.trick {
		s.trickLegal()
		return s.legalBuf
	}
	return s.pending.moves
}

// Ask makes seat the one to act, choosing among moves.
func (s *State) Ask(seat int, moves []string) error {
	if seat < 0 || seat >= s.Players {
		return fmt.Errorf("ask: no seat %d", seat)
	}
	if len(moves) == 0 {
		return fmt.Errorf("ask: seat %d offered no moves", seat)
	}
	s.pending = decision{seat: seat, moves: moves}
	return nil
}

// Apply plays a move of the seat to act.
func (s *State) Apply(move string) error {
	if s.over {
		return ErrGameOver
	}
	seat := s.pending.seat
	if seat < 0 {
		return errors.New("no decision is pending")
	}
	legal := s.Legal()
	i := indexOf(legal, move)
	if i < 0 {
		norm, err := s.Rules.Normalize(s, seat, move)
		if err != nil {
			return err
		}
		if i = indexOf(legal, norm); i < 0 {
			i = indexOfLoose(legal, norm)
		}
		if i < 0 {
			return &IllegalMoveError{Seat: seat, Move: move, Legal: append([]string(nil), legal...)}
		}
	}
	move = legal[i]
	if limit := s.Game.Config.Limits.MaxMoves; limit > 0 && len(s.moves) >= limit {
		return fmt.Errorf("the game passed %d moves (limits.max_moves): the rules never end it", limit)
	}
	s.moves = append(s.moves, move)
	s.events = append(s.events, Event{Type: "move", Seat: seat, Move: move, Vis: s.moveVis(seat, move)})
	if s.pending.trick {
		return s.trickPlay(seat, s.legalIdx[i])
	}
	s.pending = decision{seat: -1}
	if err := s.Rules.OnMove(s, seat, move); err != nil {
		return err
	}
	return s.checkProgress("on_move")
}

func (s *State) moveVis(seat int, move string) Vis {
	if len(s.Game.Config.PrivateMoves) == 0 {
		return VisPublic
	}
	verb := move
	if sp := strings.IndexByte(move, ' '); sp >= 0 {
		verb = move[:sp]
	}
	switch s.Game.MoveVisibility(verb) {
	case "owner":
		return SeatVis(seat)
	case "none":
		return VisHidden
	}
	return VisPublic
}

// indexOfLoose matches a typed move ignoring case and extra spaces (`Play  g3` is `play G3`), so games
// need no normalize hook for that; a spelling that fits two legal moves matches neither.
func indexOfLoose(list []string, s string) int {
	s = strings.Join(strings.Fields(s), " ")
	found := -1
	for i, m := range list {
		if strings.EqualFold(m, s) {
			if found >= 0 {
				return -1
			}
			found = i
		}
	}
	return found
}

func indexOf(list []string, s string) int {
	for i, m := range list {
		if m == s {
			return i
		}
	}
	return -1
}

// Finish ends the game with these winners and logs game_end.
func (s *State) Finish(winners []int) {
	s.over = true
	s.winners = append([]int{}, winners...)
	s.pending = decision{seat: -1}
	s.events = append(s.events, Event{Type: "game_end", Seat: -1, Totals: append([]int{}, s.scores...), Winners: s.winners})
}

// RoundEnd logs a round_end event.
func (s *State) RoundEnd(round int, scores []int) {
	s.round = round
	s.events = append(s.events, Event{Type: "round_end", Seat: -1, Round: round, Scores: scores})
}

// Log appends a custom event.
func (s *State) Log(e Event) { s.events = append(s.events, e) }

// Random returns an integer in [0, n) from the game's seeded generator.
func (s *State) Random(n int) int { return s.rng.IntN(n) }

// Float returns a float in [0, 1) from the game's seeded generator.
func (s *State) Float() float64 { return s.rng.Float64() }

// Score returns a seat's total; AddScore changes it.
func (s *State) Score(seat int) int               { return s.scores[seat] }
func (s *State) AddScore(seat int, d int)         { s.scores[seat] += d }
func (s *State) StatsSoFar() map[string][]float64 { return s.stats }

// AddStat adds to a per-seat statistic.
func (s *State) AddStat(seat int, name string, d float64) {
	v := s.stats[name]
	if v == nil {
		v = make([]float64, s.Players)
		s.stats[name] = v
	}
	v[seat] += d
}

// Get / Set game-wide values.
func (s *State) Get(key string) (any, bool) { v, ok := s.vars[key]; return v.V, ok }
func (s *State) Set(key string, v any, vis Vis) {
	if v == nil {
		delete(s.vars, key)
		return
	}
	s.vars[key] = Value{V: v, Vis: vis}
}

// SeatGet / SeatSet per-seat values; vis is VisPublic, VisHidden or the seat itself (owner only).
func (s *State) SeatGet(seat int, key string) (any, bool) {
	v, ok := s.seatVars[seat][key]
	return v.V, ok
}
func (s *State) SeatSet(seat int, key string, v any, vis Vis) {
	if v == nil {
		delete(s.seatVars[seat], key)
		return
	}
	s.seatVars[seat][key] = Value{V: v, Vis: vis}
}
