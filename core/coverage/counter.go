package coverage

import (
	"sync"

	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/scripting"
)

// Counter counts, over a batch, the games in which each hook ran and each rule id was marked
// (g:rule), and how often. Workers run at once: the counts are shared under a lock.
type Counter struct {
	mu        sync.Mutex
	games     int
	hookGames map[string]int
	hookCalls map[string]int
	ruleGames map[string]int
	ruleHits  map[string]int
}

// New returns an empty counter.
func New() *Counter {
	return &Counter{hookGames: map[string]int{}, hookCalls: map[string]int{}, ruleGames: map[string]int{}, ruleHits: map[string]int{}}
}

// HostedWorker is a batch worker that plays on a Lua host of its own, whose hook calls can be counted.
type HostedWorker interface {
	Play(index int, seed uint64) core.Result
	Close()
	Host() *scripting.Host
}

// Prepare makes the worker's host count its hook calls.
func (c *Counter) Prepare(w HostedWorker) {
	if h := w.Host(); c != nil && h.Profile == nil {
		h.Profile = map[string]*scripting.HookCost{}
	}
}

// Play plays one game on w and counts what ran in it.
func (c *Counter) Play(w HostedWorker, i int, seed uint64) core.Result {
	c.Prepare(w)
	before := map[string]int{}
	for n, hc := range w.Host().Profile {
		before[n] = hc.Calls
	}
	r := w.Play(i, seed)
	if r.Error != "" {
		return r
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.games++
	for n, hc := range w.Host().Profile {
		if d := hc.Calls - before[n]; d > 0 {
			c.hookGames[n]++
			c.hookCalls[n] += d
		}
	}
	for _, h := range r.Rules {
		c.ruleGames[h.ID]++
		c.ruleHits[h.ID] += h.N
	}
	return r
}

// CountedWorker is a batch worker whose games are counted for coverage.
type CountedWorker struct {
	W HostedWorker
	C *Counter
}

// Worker wraps w so that its games are counted.
func (c *Counter) Worker(w HostedWorker) CountedWorker { return CountedWorker{W: w, C: c} }

// Play plays one game and counts it.
func (c CountedWorker) Play(i int, seed uint64) core.Result { return c.C.Play(c.W, i, seed) }

// Close closes the worker.
func (c CountedWorker) Close() { c.W.Close() }

// Interrupt stops the game the worker is playing (Ctrl-C or SIGTERM during a batch with coverage), as
// the batch does for a worker without coverage.
func (c CountedWorker) Interrupt() { c.W.Host().Interrupt() }
