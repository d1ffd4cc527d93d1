package lab

import (
	"context"
	"sync"
	"sync/atomic"

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
	return runUnits(ctx, b, newWorker, func(r core.Result) bool { return r.Interrupted }, emit)
}

// UnitWorker plays units of work of any kind (a game, compare's paired game) as Worker plays games.
type UnitWorker[T any] interface {
	Play(index int, seed uint64) T
	Close()
}

// runUnits is Batch.Run over units of type T; interrupted tells whether a unit was interrupted.
// Each worker takes the next unit itself and, when the unit it finished is the next one to emit, emits
// it and the finished units after it: no goroutine stands between the workers and emit, because one
// that must be woken for every unit waits for a free core while every core plays, and the workers then
// wait for it (a tenth of two workers' time was lost so in short games).
func runUnits[T any](ctx context.Context, b Batch, newWorker func() (UnitWorker[T], error), interrupted func(T) bool, emit func(T)) (int, error) {
	count := b.Count()
	if count == 0 {
		return 0, ctx.Err()
	}
	ws, err := workers(min(max(b.Workers, 1), count), newWorker)
	if err != nil {
		return 0, err
	}
	order := newEmitOrder(len(ws)*16, interrupted, emit)
	var taken atomic.Int64 // how many units the workers took
	var wg sync.WaitGroup
	for _, w := range ws {
		wg.Add(1)
		go func(w UnitWorker[T]) {
			defer wg.Done()
			defer w.Close()
			for order.reserve(ctx) {
				k := int(taken.Add(1) - 1)
				if k >= count {
					return
				}
				i := b.Index(k)
				order.finish(k, w.Play(i, core.GameSeed(b.Seed, i)))
			}
		}(w)
	}
	finished := make(chan struct{})
	go interruptOnCancel(ctx, ws, finished)
	wg.Wait()
	close(finished)
	return order.emitted(), ctx.Err()
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

// emitOrder hands finished units to emit in the batch's order (the k-th unit after the (k-1)-th), up
// to the first interrupted one. Its window bounds the units taken but not yet emitted, so memory stays
// bounded however far one worker's short units run ahead of another's long one.
type emitOrder[T any] struct {
	window      chan struct{}
	interrupted func(T) bool
	emit        func(T)
	mu          sync.Mutex
	pending     map[int]T // finished units by their place k in the batch, not yet emitted
	next        int       // the place of the next unit to emit
	stopped     bool      // an interrupted unit was reached: nothing more is emitted
}

func newEmitOrder[T any](window int, interrupted func(T) bool, emit func(T)) *emitOrder[T] {
	return &emitOrder[T]{window: make(chan struct{}, window), interrupted: interrupted, emit: emit, pending: map[int]T{}}
}

// reserve waits for a place in the window for one more unit; false once ctx is cancelled.
func (o *emitOrder[T]) reserve(ctx context.Context) bool {
	if ctx.Err() != nil {
		return false
	}
	select {
	case o.window <- struct{}{}:
		return true
	case <-ctx.Done():
		return false
	}
}

// finish records unit k's result and emits every unit that is now next in order.
func (o *emitOrder[T]) finish(k int, r T) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.stopped {
		return
	}
	o.pending[k] = r
	for {
		p, ok := o.pending[o.next]
		if !ok {
			return
		}
		if o.interrupted(p) {
			o.stopped = true
			return
		}
		delete(o.pending, o.next)
		o.emit(p)
		<-o.window
		o.next++
	}
}

// emitted is how many units were emitted; read once every worker is done.
func (o *emitOrder[T]) emitted() int {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.next
}
