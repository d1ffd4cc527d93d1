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
// so logs and statistics are byte-identical for any worker count. When ctx is cancelled, games already
// finished in order are still emitted; it returns how many were.
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
	go func() { wg.Wait(); close(results) }()

	pending := map[int]Result{}
	next := 0
	for r := range results {
		pending[r.Index] = r
		for {
			p, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			emit(p)
			next++
		}
	}
	return next, ctx.Err()
}
