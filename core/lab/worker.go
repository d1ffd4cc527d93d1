package lab

import (
	"fmt"

	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/core/bots"
	"github.com/ruleslab/ruleslab/scripting"
)

// EngineWorker plays whole games with bots on its own Lua host and engine; it implements core.Worker. Give
// each goroutine its own worker.
type EngineWorker struct {
	Bots    *bots.Registry
	H       *scripting.Host
	E       *scripting.Engine
	Players int
	Seats   []string
	Events  bool // keep each game's events in its Result (for --log)
	index   int  // the game being played
	last    core.History
	// the last game's state, whose history the next game takes over (core.StateOptions.Recycle): the
	// game's Result holds copies of its moves and events
	lastState *core.State
	// the bots of the last game and their seats' specs: a Lua bot of a seat whose spec is the same is
	// restarted for the next game in its own memory (bots.Reseat)
	lastBots  []core.Bot
	lastSeats []string
}

// NewEngineWorker creates a worker with a fresh host and engine for the registry's game; seats are checked
// bot specs.
func NewEngineWorker(reg *bots.Registry, players int, seats []string, events bool) (*EngineWorker, error) {
	h := scripting.NewHost()
	e, err := reg.Program().NewEngine(h)
	if err != nil {
		h.Close()
		return nil, err
	}
	return &EngineWorker{Bots: reg, H: h, E: e, Players: players, Seats: seats, Events: events}, nil
}

// Host is the worker's Lua host (coverage counts its hook calls).
func (w *EngineWorker) Host() *scripting.Host { return w.H }

// Close frees the worker's host.
func (w *EngineWorker) Close() { w.H.Close() }

// Play implements core.Worker: a failed game returns a Result with Error set.
func (w *EngineWorker) Play(index int, seed uint64) core.Result {
	defer w.H.Pin()()
	w.index = index
	s, err := w.play(seed)
	r := GameResult(w.E, s, index, seed, w.Players, w.Seats, w.Events, err)
	if r.Error != "" { // the game's or its statistics' (the stats hook runs after the last move)
		r.Interrupted = w.H.Interrupted()
	}
	return r
}

// GameResult is the Result of game index played on s (nil when it could not start) with the engine
// e: its moves, totals, winners, rules and statistics, its events when events is set, and err as its
// error. `host` logs its games with it, as sim does.
func GameResult(e *scripting.Engine, s *core.State, index int, seed uint64, players int, seats []string, events bool, err error) core.Result {
	r := core.Result{Index: index, Seed: seed, Players: players, Seats: seats}
	if s != nil {
		if s.KeepsHistory() {
			r.Moves = append([]string(nil), s.Moves()...)
		}
		r.MoveCount = s.MoveCount()
		r.Totals = append([]int(nil), s.Totals()...)
		r.Winners = append([]int{}, s.Winners()...)
		r.Tricks = s.Tricks()
		r.RoundTotals = append([][]int(nil), s.RoundTotals()...)
		r.Rules = append([]core.RuleHit(nil), s.Rules()...)
		if events {
			r.Events = append([]core.Event(nil), s.Events()...)
		}
		if err == nil {
			r.SeatStats, r.GameStats, err = e.GameStats(s)
		}
	}
	if err != nil {
		r.Error = fmt.Sprintf("game %d (seed %d): %v", index, seed, err)
	}
	return r
}

// Interrupt implements core.Interrupter: the running hook and every later one stop.
func (w *EngineWorker) Interrupt() { w.H.Interrupt() }

func (w *EngineWorker) play(seed uint64) (s *core.State, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("internal error: %v", p)
		}
	}()
	// a batch that writes no log and whose bots read no events (random bots) keeps no history
	opts := core.StateOptions{NoHistory: !w.Events && !botsReadEvents(w.Seats), HistoryHint: w.last, Recycle: w.lastState}
	s, err = w.E.NewState(w.Players, seed, opts)
	if err != nil {
		return nil, err
	}
	defer func() { w.last, w.lastState = s.KeptHistory(), s }()
	w.E.GameIndex = w.index
	players, err := w.seat(seed)
	defer bots.End(players, s)
	if err != nil {
		return s, err
	}
	return s, core.PlayOut(s, w.E, players, w.Seats)
}

// seat makes the bots of a game: a seat whose spec is the last game's gets that game's bot restarted
// when it can be (a Lua bot, whose memory is reused), else a new one.
func (w *EngineWorker) seat(seed uint64) ([]core.Bot, error) {
	prev := make([]core.Bot, len(w.Seats))
	for i := range prev {
		if i < len(w.lastBots) && w.lastSeats[i] == w.Seats[i] {
			prev[i] = w.lastBots[i]
		}
	}
	players, err := w.Bots.Reseat(w.E, w.Seats, seed, prev)
	w.lastBots, w.lastSeats = players, append(w.lastSeats[:0], w.Seats...)
	return players, err
}

// botsReadEvents reports whether any of these bots may read the event log (all but random).
func botsReadEvents(seats []string) bool {
	for _, name := range seats {
		if name != bots.Random {
			return true
		}
	}
	return false
}
