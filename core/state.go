package core

import (
	"fmt"
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
	voidBuf  []uint64 // an array of the state's own for voids while they are nil (cloneInto, noteVoid)

	vars     []varEntry // game values (seat -1) and per-seat values
	varIndex varIndex   // where values lie in vars (findVar)
	scores   []int
	stats    []statEntry // per-seat statistics; vals index statVals
	statV    []float64
	boards   []*Board

	rng streams // the per-purpose random streams (random.go)

	pending  decision
	trick    Trick
	legal    []string  // the pending decision's moves (shared with the hook's list, or built for a trick)
	legalIdx []CardIdx // for trick decisions: the card of each legal move
	legalBuf []string  // the state's own buffers for trick and built decisions (never shared with a clone)
	idxBuf   []CardIdx

	history bool // keep events and moves (logs, replays, bots that read events)
	playout bool // a search's playout: events, rule marks and statistics are read by no one
	logged  int  // bytes of custom events logged (MaxLoggedBytes)
	events  []Event
	moves   []string
	nmoves  int
	over    bool
	winners []int // nil until the game ends; in the state's own array (setWinners)
	winBuf  []int
	round   int
	// the running totals after each round_end, and the tricks the trick mechanic played (compare's game
	// length and lead changes)
	roundTotals [][]int
	tricks      int
	// rule ids marked by the hooks (g:rule) and how often, for coverage
	rules []RuleHit
}

var lineages atomic.Uint64

func nextLineage() uint64 { return lineages.Add(1) }

// StateOptions tune a new state.
type StateOptions struct {
	// Fixed holds a scenario's `setup:` values.
	Fixed map[string]any
	// NoHistory drops the event log and the move list: for batches that write no log and whose bots read
	// no events. Rules never read the history, so the game plays the same.
	NoHistory bool
	// HistoryHint is how many events and moves the game will likely keep (a worker's last game's): its
	// history starts with room for them, so a long log is not grown by doubling, copy after copy.
	HistoryHint History
	// Recycle is a finished game's state whose event log and move list the new state takes over,
	// emptied, rather than allocating its own (a worker's last game's: its Result holds copies). No one
	// may read Recycle's history afterwards, nor a clone's made from it.
	Recycle *State
}

// History counts a game's kept events and moves.
type History struct{ Events, Moves int }

// NewState creates a game with every component in the start zone and runs the rules' setup.
func NewState(g *Game, rules Rules, players int, seed uint64, opts StateOptions) (*State, error) {
	cfg := g.Config
	if players < cfg.Players.Min || players > cfg.Players.Max {
		return nil, fmt.Errorf("%s plays with %d..%d players, not %d", g.Name(), cfg.Players.Min, cfg.Players.Max, players)
	}
	if players > 63 {
		return nil, fmt.Errorf("at most 63 players")
	}
	s := &State{Game: g, Players: players, Seed: seed, Fixed: opts.Fixed, history: !opts.NoHistory, lineage: nextLineage()}
	if s.history {
		s.events, s.moves = historyBuffers(opts)
	}
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

// KeptHistory counts the events and moves the state keeps (none without a history).
func (s *State) KeptHistory() History { return History{Events: len(s.events), Moves: len(s.moves)} }

// MoveCount is the number of moves applied so far (kept with or without history).
func (s *State) MoveCount() int { return s.nmoves }

// historyBuffers are a new game's empty event log and move list: the recycled state's, cleared (they
// hold the last game's maps and lists, which the collector may then free), else room for the hint's.
func historyBuffers(opts StateOptions) ([]Event, []string) {
	if r := opts.Recycle; r != nil && r.events != nil && r.moves != nil {
		events, moves := r.events[:cap(r.events)], r.moves[:cap(r.moves)]
		clear(events)
		clear(moves)
		r.events, r.moves = nil, nil
		return events[:0], moves[:0]
	}
	if hint := opts.HistoryHint; hint.Events > 0 {
		// a little more than the last game's: games vary in length
		return make([]Event, 0, hint.Events+hint.Events/8), make([]string, 0, hint.Moves+hint.Moves/8)
	}
	return nil, nil
}

// KeepsHistory reports whether the state records its events and moves.
func (s *State) KeepsHistory() bool { return s.history }

// DropHistory stops recording events and moves (a search bot's rollouts need none).
func (s *State) DropHistory() {
	s.history = false
	s.events, s.moves = nil, nil
}

// StartPlayout makes the state a search's playout: it keeps no history, and the rules' events, rule
// marks (coverage) and statistics, which nobody reads there, are skipped (the hooks' g:event, g:rule
// and g:stat return at once). Moves, values, scores and the outcome are the same.
func (s *State) StartPlayout() {
	s.DropHistory()
	s.playout = true
}

// Playout reports whether the state is a search's playout (StartPlayout).
func (s *State) Playout() bool { return s.playout }

// Lineage identifies this line of play; a clone gets a new one.
func (s *State) Lineage() uint64 { return s.lineage }
