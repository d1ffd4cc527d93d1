package scripting

import (
	"fmt"

	"ruleslab/core"
)

// NewState starts a game of p on host h.
func (p *Program) NewState(h *Host, players int, seed uint64, fixed map[string]any) (*core.State, error) {
	rules, err := p.NewRules(h)
	if err != nil {
		return nil, err
	}
	return core.NewState(p.Game, rules, players, seed, fixed)
}

// NewBots creates the bots of a game: seats[i] names seat i's bot; each gets a seed of its own.
func (p *Program) NewBots(h *Host, seats []string, seed uint64) ([]core.Bot, error) {
	bots := make([]core.Bot, len(seats))
	for i, name := range seats {
		b, err := p.NewBot(h, name, core.Mix(seed^0xb0b, uint64(i)))
		if err != nil {
			return nil, err
		}
		bots[i] = b
	}
	return bots, nil
}

// Worker plays whole games with bots on its own host; it implements core.Worker.
type Worker struct {
	P       *Program
	H       *Host
	Players int
	Seats   []string
	Events  bool // keep each game's events in its Result (for --log)
}

// NewWorker creates a worker with a fresh host.
func (p *Program) NewWorker(players int, seats []string, events bool) *Worker {
	return &Worker{P: p, H: NewHost(), Players: players, Seats: seats, Events: events}
}

// Close frees the worker's host.
func (w *Worker) Close() { w.H.Close() }

// Play implements core.Worker: a failed game returns a Result with Error set.
func (w *Worker) Play(index int, seed uint64) core.Result {
	r := core.Result{Index: index, Seed: seed, Players: w.Players, Seats: w.Seats}
	s, err := w.play(seed)
	if s != nil {
		r.Moves = append([]string(nil), s.Moves()...)
		r.Totals = append([]int(nil), s.Totals()...)
		r.Winners = append([]int{}, s.Winners()...)
		if w.Events {
			r.Events = append([]core.Event(nil), s.Events()...)
		}
		if err == nil {
			r.SeatStats, r.GameStats, err = s.Rules.Stats(s)
			for k, v := range s.StatsSoFar() {
				if r.SeatStats == nil {
					r.SeatStats = map[string][]float64{}
				}
				if _, set := r.SeatStats[k]; !set {
					r.SeatStats[k] = append([]float64(nil), v...)
				}
			}
		}
	}
	if err != nil {
		r.Error = fmt.Sprintf("game %d (seed %d): %v", index, seed, err)
	}
	return r
}

func (w *Worker) play(seed uint64) (s *core.State, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("internal error: %v", p)
		}
	}()
	s, err = w.P.NewState(w.H, w.Players, seed, nil)
	if err != nil {
		return nil, err
	}
	bots, err := w.P.NewBots(w.H, w.Seats, seed)
	if err != nil {
		return s, err
	}
	return s, core.PlayOut(s, bots, w.Seats)
}
