package core

import (
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
)

// State is one game in progress, as plain data: zones, values, scores, the pending decision, its
// generator and (when kept) its history. It holds no reference to a Lua host: any worker's Rules can
// advance any state of the same game, and Clone copies it in a few allocations.
//
// Methods that run the game's rules (NewState, Apply, ApplyIndex) take the Rules to use; everything
// else reads or changes the data only.
type State struct {
	Game    *Game
	Players int
	Seed    uint64
	// Fixed holds a scenario's `setup:` values, read by the rules' setup hook. Shared by clones.
	Fixed map[string]any

	// lineage names this line of play: a clone gets a new one, so a bot that follows a game can tell
	// that it is shown a different game (and must start over) even when the event counts match.
	lineage uint64

	// Zones live in one flat buffer: slot i holds cards[i*stride : i*stride+zlen[i]], bottom first.
	// stride is the number of components, so no zone can outgrow its slot and a clone is two copies.
	cards    []CardIdx
	zlen     []int32
	stride   int
	zoneBase []int    // per zone def: index of its first slot (shared, never changed)
	seen     []uint64 // per card: a bit per seat that has seen it face up
	voids    []uint64 // per seat: a bit per suit it is known to hold none of (voids.go); nil when none

	vars   []varEntry // game values (seat -1) and per-seat values
	scores []int
	stats  []statEntry // per-seat statistics; vals index statVals
	statV  []float64
	boards []*Board

	rng streams // the per-purpose random streams (random.go)

	pending  decision
	trick    Trick
	legal    []string  // the pending decision's moves (shared with the hook's list, or built for a trick)
	legalIdx []CardIdx // for trick decisions: the card of each legal move
	legalBuf []string  // the state's own buffers for trick decisions (never shared with a clone)
	idxBuf   []CardIdx
	stale    bool // a resampled trick decision whose legal moves are not worked out yet (Settle)

	history bool // keep events and moves (logs, replays, bots that read events)
	logged  int  // bytes of custom events logged (MaxLoggedBytes)
	events  []Event
	moves   []string
	nmoves  int
	over    bool
	winners []int
	round   int
	// the running totals after each round_end, and the tricks the trick mechanic played (compare's game
	// length and lead changes)
	roundTotals [][]int
	tricks      int
	// rule ids marked by the hooks (g:rule) and how often, for coverage
	rules []RuleHit
}

// RuleHit is a rule id and how many times the hooks marked it in a game.
type RuleHit struct {
	ID string `json:"id"`
	N  int    `json:"n"`
}

type varEntry struct {
	seat int // -1: a game-wide value
	key  string
	val  Value
}

type statEntry struct {
	name string
	off  int
}

type decision struct {
	seat  int
	trick bool
}

var lineages atomic.Uint64

func nextLineage() uint64 { return lineages.Add(1) }

// ErrGameOver is returned by Apply when the game has ended.
var ErrGameOver = errors.New("the game is over")

// IllegalMoveError names a move that is not legal and what was.
type IllegalMoveError struct {
	Seat  int
	Move  string
	Legal []string
	// Reason says why the move is not legal now ("" when nothing can tell): the trick mechanic's follow
	// rule, a bare card that could mean several moves, or the rules' explain hook (match.go).
	Reason string
}

func (e *IllegalMoveError) Error() string {
	msg := fmt.Sprintf("illegal move %q by seat %d", e.Move, e.Seat)
	if e.Reason != "" {
		msg += ": " + e.Reason
	}
	return msg + "; legal: " + strings.Join(e.Legal, ", ")
}

// Options tune a new state.
type Options struct {
	// Fixed holds a scenario's `setup:` values.
	Fixed map[string]any
	// NoHistory drops the event log and the move list: for batches that write no log and whose bots read
	// no events. Rules never read the history, so the game plays the same.
	NoHistory bool
}

// NewState creates a game with every component in the start zone and runs the rules' setup.
func NewState(g *Game, rules Rules, players int, seed uint64, opts Options) (*State, error) {
	cfg := g.Config
	if players < cfg.Players.Min || players > cfg.Players.Max {
		return nil, fmt.Errorf("%s plays with %d..%d players, not %d", g.Name(), cfg.Players.Min, cfg.Players.Max, players)
	}
	if players > 63 {
		return nil, fmt.Errorf("at most 63 players")
	}
	s := &State{Game: g, Players: players, Seed: seed, Fixed: opts.Fixed, history: !opts.NoHistory, lineage: nextLineage()}
	s.rng = seedStreams(seed)
	slots := 0
	s.zoneBase = make([]int, len(g.Zones))
	for i, z := range g.Zones {
		s.zoneBase[i] = slots
		if z.PerSeat {
			slots += players
		} else {
			slots++
		}
	}
	n := len(g.Catalog.Cards)
	s.stride = n
	s.cards = make([]CardIdx, slots*n)
	s.zlen = make([]int32, slots)
	startSlot := s.zoneBase[g.start]
	for i := 0; i < n; i++ {
		s.cards[startSlot*n+i] = CardIdx(i)
	}
	s.zlen[startSlot] = int32(n)
	s.seen = make([]uint64, n)
	startSeers := s.seersOf(ZoneRef{Def: g.start, Seat: -1})
	for i := range s.seen {
		s.seen[i] = startSeers
	}
	s.scores = make([]int, players)
	for i := range g.Boards {
		s.boards = append(s.boards, newBoard(&g.Boards[i]))
	}
	s.pending.seat = -1
	if err := rules.Setup(s); err != nil {
		return nil, err
	}
	if err := s.settle(rules, "setup"); err != nil {
		return nil, err
	}
	return s, nil
}

// settle runs after a hook returned: it insists that the hook left the game waiting for a decision or
// ended it, and works out the legal plays of a trick decision, so Legal needs no rules.
func (s *State) settle(rules Rules, hook string) error {
	if s.over {
		return nil
	}
	if s.pending.seat < 0 {
		return fmt.Errorf("hook %s returned without asking for a decision (g:ask, g:start_trick) or ending the game (g:finish)", hook)
	}
	if s.pending.trick {
		if err := s.trickLegal(rules); err != nil {
			return err
		}
		if len(s.legal) == 0 {
			return fmt.Errorf("seat %d must play to the trick but has no card it may play (hook %s)", s.pending.seat, hook)
		}
	}
	return nil
}

// Over reports whether the game has ended.
func (s *State) Over() bool { return s.over }

// Winners returns the winning seats of a finished game.
func (s *State) Winners() []int { return s.winners }

// Totals returns the running score of each seat.
func (s *State) Totals() []int { return s.scores }

// Events returns the full log (every visibility); empty when the state keeps no history.
func (s *State) Events() []Event { return s.events }

// Moves returns the moves applied so far, in order; empty when the state keeps no history.
func (s *State) Moves() []string { return s.moves }

// MoveCount is the number of moves applied so far (kept with or without history).
func (s *State) MoveCount() int { return s.nmoves }

// KeepsHistory reports whether the state records its events and moves.
func (s *State) KeepsHistory() bool { return s.history }

// DropHistory stops recording events and moves (a search bot's rollouts need none).
func (s *State) DropHistory() {
	s.history = false
	s.events, s.moves = nil, nil
}

// Lineage identifies this line of play; a clone gets a new one.
func (s *State) Lineage() uint64 { return s.lineage }

// ToAct returns the seat whose decision is pending, or -1.
func (s *State) ToAct() int {
	if s.over {
		return -1
	}
	return s.pending.seat
}

// Legal returns the legal moves of the seat to act. The slice belongs to the state: do not change it.
func (s *State) Legal() []string {
	if s.over || s.pending.seat < 0 || s.stale {
		return nil
	}
	return s.legal
}

// Ask makes seat the one to act, choosing among moves. The list is kept as it is: do not change it.
func (s *State) Ask(seat int, moves []string) error {
	if seat < 0 || seat >= s.Players {
		return fmt.Errorf("ask: no seat %d", seat)
	}
	if len(moves) == 0 {
		return fmt.Errorf("ask: seat %d offered no moves", seat)
	}
	s.pending = decision{seat: seat}
	s.legal = moves
	s.legalIdx = nil
	return nil
}

// Match returns the index in the legal moves of a typed or logged move: exactly, then after the rules'
// normalize hook, then ignoring case and extra spaces, then as a bare card id naming exactly one legal
// move (match.go). A move that matches none is an *IllegalMoveError with the reason, when one is known.
func (s *State) Match(rules Rules, move string) (int, error) {
	if s.over {
		return -1, ErrGameOver
	}
	seat := s.pending.seat
	if seat < 0 {
		return -1, errors.New("no decision is pending")
	}
	legal := s.Legal()
	if i := indexOf(legal, move); i >= 0 {
		return i, nil
	}
	norm, err := rules.Normalize(s, seat, move)
	if err != nil {
		return -1, err
	}
	i := indexOf(legal, norm)
	if i < 0 {
		i = indexOfLoose(legal, norm)
	}
	if i < 0 {
		return s.matchLoosely(rules, seat, move, norm)
	}
	return i, nil
}

// Apply plays a move of the seat to act, spelled as a string (matched as Match does).
func (s *State) Apply(rules Rules, move string) error {
	i, err := s.Match(rules, move)
	if err != nil {
		return err
	}
	return s.ApplyIndex(rules, i)
}

// ApplyIndex plays the i-th legal move of the seat to act: the engine's own path, with no string work.
func (s *State) ApplyIndex(rules Rules, i int) error {
	if s.over {
		return ErrGameOver
	}
	seat := s.pending.seat
	if seat < 0 {
		return errors.New("no decision is pending")
	}
	if s.stale {
		return errors.New("the resampled state's legal moves are not worked out: call Settle first")
	}
	if i < 0 || i >= len(s.legal) {
		return fmt.Errorf("move %d of %d: no such legal move", i, len(s.legal))
	}
	move := s.legal[i]
	if limit := MoveCap(s.Game.Config.Limits.MaxMoves); s.nmoves >= limit {
		return fmt.Errorf("the game passed %d moves (limits.max_moves; default %d, at most %d): the rules never end it", limit, DefaultMaxMoves, MaxMovesCeiling)
	}
	s.nmoves++
	if s.history {
		s.moves = append(s.moves, move)
		s.events = append(s.events, Event{Type: "move", Seat: seat, Move: move, Vis: s.Game.MoveVis(seat, move)})
	}
	if s.pending.trick {
		if err := s.trickPlay(rules, seat, s.legalIdx[i]); err != nil {
			return err
		}
		return s.settle(rules, "trick_done")
	}
	s.pending = decision{seat: -1}
	s.legal = nil
	if err := rules.OnMove(s, seat, move); err != nil {
		return err
	}
	return s.settle(rules, "on_move")
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
	s.legal = nil
	s.log(Event{Type: "game_end", Seat: -1, Totals: append([]int{}, s.scores...), Winners: s.winners})
}

// RoundEnd logs a round_end event.
func (s *State) RoundEnd(round int, scores []int) {
	s.round = round
	s.roundTotals = append(s.roundTotals, append([]int(nil), s.scores...))
	s.log(Event{Type: "round_end", Seat: -1, Round: round, Scores: scores})
}

// RoundTotals returns every seat's running total after each round_end so far (the state's own slices:
// do not change them).
func (s *State) RoundTotals() [][]int { return s.roundTotals }

// Tricks is the number of tricks the trick mechanic has played.
func (s *State) Tricks() int { return s.tricks }

// Rule marks that the rule with this id fired (g:rule): coverage counts the games in which each did.
func (s *State) Rule(id string) {
	for i := range s.rules {
		if s.rules[i].ID == id {
			s.rules[i].N++
			return
		}
	}
	s.rules = append(s.rules, RuleHit{ID: id, N: 1})
}

// Rules returns the rule ids marked so far with their counts, in the order first marked.
func (s *State) Rules() []RuleHit { return s.rules }

// Log appends a custom event (nothing when the state keeps no history); size is what its fields take
// (an estimate in bytes), counted against MaxLoggedBytes.
func (s *State) Log(e Event, size int) error {
	// counted with or without a kept history, so a game fails the same either way
	if s.logged += size + 64; s.logged > MaxLoggedBytes {
		return fmt.Errorf("the game logged more than %d MiB of events", MaxLoggedBytes>>20)
	}
	s.log(e)
	return nil
}

func (s *State) log(e Event) {
	if s.history {
		s.events = append(s.events, e)
	}
}

// Score returns a seat's total; AddScore changes it.
func (s *State) Score(seat int) int       { return s.scores[seat] }
func (s *State) AddScore(seat int, d int) { s.scores[seat] += d }

// StatsSoFar returns the per-seat statistics recorded with AddStat, by name.
func (s *State) StatsSoFar() map[string][]float64 {
	out := make(map[string][]float64, len(s.stats))
	for _, e := range s.stats {
		out[e.name] = append([]float64(nil), s.statV[e.off:e.off+s.Players]...)
	}
	return out
}

// AddStat adds to a per-seat statistic.
func (s *State) AddStat(seat int, name string, d float64) error {
	for _, e := range s.stats {
		if e.name == name {
			s.statV[e.off+seat] += d
			return nil
		}
	}
	if len(s.stats) >= MaxStats {
		return fmt.Errorf("stat %q: a game records at most %d statistics", name, MaxStats)
	}
	off := len(s.statV)
	for i := 0; i < s.Players; i++ {
		s.statV = append(s.statV, 0)
	}
	s.statV[off+seat] += d
	s.stats = append(s.stats, statEntry{name: name, off: off})
	return nil
}

// Get / Set game-wide values. Setting a nil value deletes it.
func (s *State) Get(key string) (Value, bool)  { return s.getVar(-1, key) }
func (s *State) Set(key string, v Value) error { return s.setVar(-1, key, v) }

// SeatGet / SeatSet per-seat values.
func (s *State) SeatGet(seat int, key string) (Value, bool)  { return s.getVar(seat, key) }
func (s *State) SeatSet(seat int, key string, v Value) error { return s.setVar(seat, key, v) }

func (s *State) getVar(seat int, key string) (Value, bool) {
	for i := range s.vars {
		if e := &s.vars[i]; e.seat == seat && e.key == key {
			return e.val, true
		}
	}
	return Value{}, false
}

func (s *State) setVar(seat int, key string, v Value) error {
	if len(v.Str) > MaxValueBytes || len(key) > MaxValueBytes {
		return fmt.Errorf("value %q: strings stored in values are limited to %d KiB", key[:min(len(key), 32)], MaxValueBytes>>10)
	}
	for i := range s.vars {
		if e := &s.vars[i]; e.seat == seat && e.key == key {
			if v.IsNil() {
				last := len(s.vars) - 1
				s.vars[i] = s.vars[last]
				s.vars = s.vars[:last]
				return nil
			}
			e.val = v
			return nil
		}
	}
	if !v.IsNil() {
		if len(s.vars) >= MaxValues {
			return fmt.Errorf("value %q: a game holds at most %d values", key, MaxValues)
		}
		s.vars = append(s.vars, varEntry{seat: seat, key: key, val: v})
	}
	return nil
}

// Limits of one game's data, so no game can grow without end (docs/sandbox.md, "Running rules you did not
// write").
const (
	// DefaultMaxMoves caps a game whose limits.max_moves is 0 (unset); MaxMovesCeiling caps any game.
	DefaultMaxMoves = 20_000
	MaxMovesCeiling = 200_000
	// MaxValues is the most values (g:set, g:sset) a game holds at once; MaxValueBytes the longest
	// string stored in one; MaxStats the most statistic names.
	MaxValues     = 1024
	MaxValueBytes = 64 << 10
	MaxStats      = 256
	// MaxLoggedBytes caps the custom events (g:event) one game logs.
	MaxLoggedBytes = 32 << 20
)

// MoveCap is the move limit of a game whose limits.max_moves is n.
func MoveCap(n int) int {
	if n <= 0 {
		return DefaultMaxMoves
	}
	return min(n, MaxMovesCeiling)
}
