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
	count := b.Count()
	if count == 0 {
		return 0, ctx.Err()
	}
	ws, err := b.workers(min(max(b.Workers, 1), count))
	if err != nil {
		return 0, err
	}
	jobs := make(chan int)
	results := make(chan core.Result, len(ws)*2)
	// window bounds the games started but not yet emitted.
	window := make(chan struct{}, len(ws)*16)
	var wg sync.WaitGroup
	for _, w := range ws {
		wg.Add(1)
		go func(w Worker) {
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
	return b.emitInOrder(results, window, emit), ctx.Err()
}

// workers creates n workers, or none if one fails.
func (b Batch) workers(n int) ([]Worker, error) {
	ws := make([]Worker, n)
	for i := range ws {
		w, err := b.NewWorker()
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

// feed hands out the games' indices, each once a place in the window is free, until ctx is cancelled.
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

// interruptOnCancel stops the games in progress when ctx is cancelled before the batch finished.
func interruptOnCancel(ctx context.Context, ws []Worker, finished <-chan struct{}) {
	select {
	case <-ctx.Done():
		for _, w := range ws {
			if i, ok := w.(Interrupter); ok {
				i.Interrupt()
			}
		}
	case <-finished:
	}
}

// emitInOrder hands the results to emit in game order, up to the first interrupted game, and returns
// how many it emitted.
func (b Batch) emitInOrder(results <-chan core.Result, window <-chan struct{}, emit func(core.Result)) int {
	pending := map[int]core.Result{}
	next := 0
	stopped := false
	for r := range results {
		if stopped {
			continue
		}
		pending[r.Index] = r
		for {
			p, ok := pending[b.Index(next)]
			if !ok {
				break
			}
			if p.Interrupted {
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
