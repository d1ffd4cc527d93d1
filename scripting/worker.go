package scripting

import (
	"fmt"

	"github.com/ruleslab/ruleslab/core"
)

// Worker plays whole games with bots on its own host and engine; it implements core.Worker. Give each
// goroutine its own worker.
type Worker struct {
	P       *Program
	H       *Host
	E       *Engine
	Players int
	Seats   []string
	Events  bool // keep each game's events in its Result (for --log)
	index   int  // the game being played
}

// NewWorker creates a worker with a fresh host and engine.
func (p *Program) NewWorker(players int, seats []string, events bool) (*Worker, error) {
	h := NewHost()
	e, err := p.NewEngine(h)
	if err != nil {
		h.Close()
		return nil, err
	}
	return &Worker{P: p, H: h, E: e, Players: players, Seats: seats, Events: events}, nil
}

// Close frees the worker's host.
func (w *Worker) Close() { w.H.Close() }

// Play implements core.Worker: a failed game returns a Result with Error set.
func (w *Worker) Play(index int, seed uint64) core.Result {
	defer w.H.Pin()()
	r := core.Result{Index: index, Seed: seed, Players: w.Players, Seats: w.Seats}
	w.index = index
	s, err := w.play(seed)
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
		if w.Events {
			r.Events = append([]core.Event(nil), s.Events()...)
		}
		if err == nil {
			r.SeatStats, r.GameStats, err = w.E.GameStats(s)
		}
	}
	if err != nil {
		r.Error = fmt.Sprintf("game %d (seed %d): %v", index, seed, err)
		r.Interrupted = w.H.Interrupted()
	}
	return r
}

// Interrupt implements core.Interrupter: the running hook and every later one stop.
func (w *Worker) Interrupt() { w.H.Interrupt() }

func (w *Worker) play(seed uint64) (s *core.State, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("internal error: %v", p)
		}
	}()
	// a batch that writes no log and whose bots read no events (random bots) keeps no history
	opts := core.Options{NoHistory: !w.Events && !botsReadEvents(w.Seats)}
	s, err = w.E.NewState(w.Players, seed, opts)
	if err != nil {
		return nil, err
	}
	w.E.GameIndex = w.index
	bots, err := w.E.NewBots(w.Seats, seed)
	defer EndBots(bots, s)
	if err != nil {
		return s, err
	}
	return s, core.PlayOut(s, w.E, bots, w.Seats)
}

// GameStats is what a finished game reports for sim: the stats hook's numbers, plus every per-seat
// statistic recorded with g:stat that the hook did not return.
func (r *Engine) GameStats(s *core.State) (map[string][]float64, map[string]float64, error) {
	seat, game, err := r.Stats(s)
	if err != nil {
		return nil, nil, err
	}
	for k, v := range s.StatsSoFar() {
		if seat == nil {
			seat = map[string][]float64{}
		}
		if _, set := seat[k]; !set {
			seat[k] = v
		}
	}
	return seat, game, nil
}

// botsReadEvents reports whether any of these bots may read the event log (all but random).
func botsReadEvents(seats []string) bool {
	for _, name := range seats {
		if name != "random" {
			return true
		}
	}
	return false
}

// EndBots tells the bots of a game that it is over (external bots get the outcome and their processes
// stop). Call it once per game, also when the game failed; s may be nil.
func EndBots(bots []core.Bot, s *core.State) {
	for _, b := range bots {
		if e, ok := b.(interface{ End(*core.State) }); ok {
			e.End(s)
		}
	}
}
