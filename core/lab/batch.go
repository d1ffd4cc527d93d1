package lab

import (
	"context"
	"sync"

	"github.com/ruleslab/ruleslab/core"
)

// Worker plays games; each worker owns its Lua state, so workers run in parallel safely.
type Worker interface {
	Play(index int, seed uint64) core.Result
	Close()
}

// Interrupter is a worker that can stop the game it is playing from another goroutine (its Play then
// returns a core.Result marked Interrupted).
type Interrupter interface {
	Interrupt()
}

// Batch describes a batch run: the games Start, Start+Step, Start+2·Step, ... below Games (all of them
// by default). A shard of N plays the games ≡ I (mod N) (Start I, Step N); a resumed run starts after
// the games it already has. Game i's seed depends only on Seed and i, so every slice of a batch plays
// exactly the games the whole batch would.
type Batch struct {
	Games   int
	Start   int // the first game's index (default 0)
	Step    int // the distance between the games played (default 1)
	Seed    uint64
	Workers int
	// NewWorker creates one worker per goroutine.
	NewWorker func() (Worker, error)
}

func (b Batch) step() int { return max(b.Step, 1) }

// Count is the number of games the batch plays.
func (b Batch) Count() int {
	if b.Start >= b.Games || b.Start < 0 {
		return 0
	}
	return (b.Games - b.Start + b.step() - 1) / b.step()
}

// Index is the index of the batch's k-th game (from 0).
func (b Batch) Index(k int) int { return b.Start + k*b.step() }

// Run plays the batch and hands every result to emit in game order, whatever the number of workers,
// so logs and statistics are byte-identical for any worker count. When ctx is cancelled, the games in
// progress are stopped (workers that are Interrupters) and the games already finished in order are
// still emitted, up to the first one that did not finish; it returns how many were. At most a few games
// per worker are ahead of the next one to emit, so memory stays bounded however long the batch.
func (b Batch) Run(ctx context.Context, emit func(core.Result)) (int, error) {
	newWorker := func() (UnitWorker[core.Result], error) { return b.NewWorker() }
	return runUnits(ctx, b, newWorker, func(r core.Result) (int, bool) { return r.Index, r.Interrupted }, emit)
}

// UnitWorker plays units of work of any kind (a game, compare's paired game) as Worker plays games.
type UnitWorker[T any] interface {
	Play(index int, seed uint64) T
	Close()
}

// runUnits is Batch.Run over units of type T; meta tells a unit's index and whether it was interrupted.
func runUnits[T any](ctx context.Context, b Batch, newWorker func() (UnitWorker[T], error), meta func(T) (int, bool), emit func(T)) (int, error) {
	count := b.Count()
	if count == 0 {
		return 0, ctx.Err()
	}
	ws, err := workers(min(max(b.Workers, 1), count), newWorker)
	if err != nil {
		return 0, err
	}
	jobs := make(chan int)
	results := make(chan T, len(ws)*2)
	// window bounds the units started but not yet emitted.
	window := make(chan struct{}, len(ws)*16)
	var wg sync.WaitGroup
	for _, w := range ws {
		wg.Add(1)
		go func(w UnitWorker[T]) {
			defer wg.Done()
			defer w.Close()
			for i := range jobs {
				results <- w.Play(i, core.GameSeed(b.Seed, i))
			}
		}(w)
	}
	go b.feed(ctx, count, jobs, window)
	finished := make(chan struct{})
	go func() { wg.Wait(); close(results); close(finished) }()
	go interruptOnCancel(ctx, ws, finished)
	return emitInOrder(b, results, window, meta, emit), ctx.Err()
}

// workers creates n workers, or none if one fails.
func workers[T any](n int, newWorker func() (UnitWorker[T], error)) ([]UnitWorker[T], error) {
	ws := make([]UnitWorker[T], n)
	for i := range ws {
		w, err := newWorker()
		if err != nil {
			for _, o := range ws[:i] {
				o.Close()
			}
			return nil, err
		}
		ws[i] = w
	}
	return ws, nil
}

// feed hands out the units' indices, each once a place in the window is free, until ctx is cancelled.
func (b Batch) feed(ctx context.Context, count int, jobs chan<- int, window chan<- struct{}) {
	defer close(jobs)
	for k := 0; k < count; k++ {
		select {
		case window <- struct{}{}:
		case <-ctx.Done():
			return
		}
		select {
		case jobs <- b.Index(k):
		case <-ctx.Done():
			return
		}
	}
}

// interruptOnCancel stops the units in progress when ctx is cancelled before the batch finished.
func interruptOnCancel[T any](ctx context.Context, ws []UnitWorker[T], finished <-chan struct{}) {
	select {
	case <-ctx.Done():
		for _, w := range ws {
			if i, ok := any(w).(Interrupter); ok {
				i.Interrupt()
			}
		}
	case <-finished:
	}
}

// emitInOrder hands the units to emit in index order, up to the first interrupted one, and returns
// how many it emitted.
func emitInOrder[T any](b Batch, results <-chan T, window <-chan struct{}, meta func(T) (int, bool), emit func(T)) int {
	pending := map[int]T{}
	next := 0
	stopped := false
	for r := range results {
		if stopped {
			continue
		}
		i, _ := meta(r)
		pending[i] = r
		for {
			p, ok := pending[b.Index(next)]
			if !ok {
				break
			}
			if _, interrupted := meta(p); interrupted {
				stopped = true
				break
			}
			delete(pending, b.Index(next))
			emit(p)
			<-window
			next++
		}
	}
	return next
}
