package core

import (
	"context"
	"sync"
)

// Worker plays games; each worker owns its Lua state, so workers run in parallel safely.
type Worker interface {
	Play(index int, seed uint64) Result
	Close()
}

// Interrupter is a worker that can stop the game it is playing from another goroutine (its Play then
// returns a Result marked Interrupted).
type Interrupter interface {
	Interrupt()
}

// Batch describes a batch run.
type Batch struct {
	Games   int
	Seed    uint64
	Workers int
	// NewWorker creates one worker per goroutine.
	NewWorker func() (Worker, error)
}

// GameSeed is the seed of game i of a batch seeded with seed.
func GameSeed(seed uint64, i int) uint64 { return Mix(seed, uint64(i)) }

// Run plays the batch and hands every result to emit in game order, whatever the number of workers,
// so logs and statistics are byte-identical for any worker count. When ctx is cancelled, the games in
// progress are stopped (workers that are Interrupters) and the games already finished in order are
// still emitted, up to the first one that did not finish; it returns how many were.
func (b Batch) Run(ctx context.Context, emit func(Result)) (int, error) {
	workers := b.Workers
	if workers < 1 {
		workers = 1
	}
	if workers > b.Games && b.Games > 0 {
		workers = b.Games
	}
	ws := make([]Worker, workers)
	for i := range ws {
		w, err := b.NewWorker()
		if err != nil {
			for _, o := range ws[:i] {
				o.Close()
			}
			return 0, err
		}
		ws[i] = w
	}
	jobs := make(chan int)
	results := make(chan Result, workers*2)
	var wg sync.WaitGroup
	for _, w := range ws {
		wg.Add(1)
		go func(w Worker) {
			defer wg.Done()
			defer w.Close()
			for i := range jobs {
				results <- w.Play(i, GameSeed(b.Seed, i))
			}
		}(w)
	}
	go func() {
		defer close(jobs)
		for i := 0; i < b.Games; i++ {
			select {
			case jobs <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	finished := make(chan struct{})
	go func() { wg.Wait(); close(results); close(finished) }()
	go func() {
		select {
		case <-ctx.Done():
			for _, w := range ws {
				if i, ok := w.(Interrupter); ok {
					i.Interrupt()
				}
			}
		case <-finished:
		}
	}()

	pending := map[int]Result{}
	next := 0
	stopped := false
	for r := range results {
		if stopped {
			continue
		}
		pending[r.Index] = r
		for {
			p, ok := pending[next]
			if !ok {
				break
			}
			if p.Interrupted {
				stopped = true
				break
			}
			delete(pending, next)
			emit(p)
			next++
		}
	}
	return next, ctx.Err()
}
