package lab

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"sort"
	"time"

	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/core/bots"
	"github.com/ruleslab/ruleslab/core/search"
	"github.com/ruleslab/ruleslab/scripting"
)

// BenchOptions are the options of a bench: a game's speed on one core (and on Workers).
type BenchOptions struct {
	Game    string
	Variant string
	Games   int
	Players int
	Seats   string
	Workers int // above 1: also play the games on this many workers and report the speed-up
}

// BenchReport is what bench measured.
type BenchReport struct {
	Game          string   `json:"game"`
	Players       int      `json:"players"`
	Seats         []string `json:"seats"`
	Games         int      `json:"games"`
	Moves         int      `json:"moves"`
	MicrosPerMove float64  `json:"us_per_move"`
	// CPUMicrosPerMove is the CPU time of the thread that played the games per move (0 when the system
	// does not tell): on a loaded machine, closer than the wall time to what a move costs on an idle core
	CPUMicrosPerMove float64      `json:"cpu_us_per_move,omitempty"`
	AllocsPerMove    float64      `json:"allocs_per_move"`
	BytesPerMove     float64      `json:"bytes_per_move"`
	GamesPerSec      float64      `json:"games_per_second"`
	Hooks            []HookReport `json:"hooks"`
	// VersusRandom is the time per move with the seats over that with random seats in every seat (the
	// rules' own cost), each the fastest of VersusRounds runs of VersusGames games in turn, as CPU time
	// where the system tells it; RandomMicrosPerMove is the latter. Measured only when a seat is not random.
	VersusRandom        float64        `json:"versus_random,omitempty"`
	RandomMicrosPerMove float64        `json:"random_us_per_move,omitempty"`
	VersusRounds        int            `json:"versus_rounds,omitempty"`
	VersusGames         int            `json:"versus_games,omitempty"`
	Resample            ResampleReport `json:"clone_resample"`
	Search              SearchReport   `json:"ismcts"`
	Workers             int            `json:"workers,omitempty"`
	// WorkersRounds is how many runs on one worker and on Workers the speed-up takes the fastest of,
	// each of WorkersGames games (at least Games: enough to last a second on one worker)
	WorkersRounds int     `json:"workers_rounds,omitempty"`
	WorkersGames  int     `json:"workers_games,omitempty"`
	WorkersSpeed  float64 `json:"workers_games_per_second,omitempty"`
	Speedup       float64 `json:"speedup,omitempty"`
	// WorkersCPU is the process's CPU time for the games on Workers over that on one worker (0 when
	// the system does not tell): near 1, the workers cost no more together and a speed-up short of
	// Workers is the machine's (other programs, shared caches)
	WorkersCPU float64 `json:"workers_cpu_ratio,omitempty"`
	// Failures holds the game that failed (bench stops there: its figures would be wrong), so a
	// script reading --json learns which game and why
	Failures *Failures `json:"failures,omitempty"`
}

// HookReport is one hook's measured cost.
type HookReport struct {
	Hook         string  `json:"hook"`
	CallsPerGame float64 `json:"calls_per_game"`
	MicrosPerCal float64 `json:"us_per_call"`
	// WorkPerCall is the units of work a call spent (scripting.HookCost.Work): for the same games, the
	// same on any machine under any load
	WorkPerCall float64 `json:"work_per_call"`
	Share       float64 `json:"share"`
}

// SearchReport is the speed of the default search bot (the game's `ismcts` defaults) on one core.
type SearchReport struct {
	Iterations    int     `json:"iterations"`
	IterationsSec float64 `json:"iterations_per_second"`
	// per second of the thread's CPU time (0 when the system does not tell)
	CPUIterationsSec float64 `json:"cpu_iterations_per_second,omitempty"`
}

// ResampleReport is the cost of one Clone + Resample of a mid-game state (CPU time where the system
// gives it).
type ResampleReport struct {
	Micros float64 `json:"us"`
	Allocs float64 `json:"allocs"`
}

// Bench plays whole games on one core and measures the time and allocations per move, per hook and per
// determinisation, and with Workers the speed-up over one worker. A cancelled ctx stops it with an
// *Interrupted: a measure cut short would mislead.
func Bench(ctx context.Context, o *BenchOptions) (*BenchReport, error) {
	p, players, err := LoadGame(o.Game, o.Variant, o.Players)
	if err != nil {
		return nil, err
	}
	reg := bots.For(p, bots.ExtOptions{})
	seats, err := Seats(reg, o.Seats)
	if err != nil {
		return nil, err
	}
	players = SeatedPlayers(p, o.Players, players, len(seats))
	seats = CycleSeats(seats, players)
	defer TuneGC()()
	w, err := NewEngineWorker(reg, players, seats, false)
	if err != nil {
		return nil, err
	}
	defer w.Close()
	defer context.AfterFunc(ctx, w.Interrupt)()
	rep := &BenchReport{Game: p.Game.Name(), Players: players, Seats: seats, Games: o.Games}
	if err := rep.measure(w, o.Games); err != nil {
		if ctx.Err() == nil && rep.Failures != nil {
			return rep, err
		}
		return nil, benchError(ctx, err)
	}
	if err := rep.measureVersusRandom(ctx, reg, w); err != nil {
		if ctx.Err() == nil && rep.Failures != nil {
			return rep, err
		}
		return nil, benchError(ctx, err)
	}
	if rep.Resample, err = benchResample(w, players); err != nil {
		return nil, err
	}
	if rep.Search, err = benchSearch(reg, w, players); err != nil {
		return nil, err
	}
	if o.Workers > 1 {
		if err := rep.measureWorkers(ctx, reg, o.Workers, seats); err != nil {
			return nil, benchError(ctx, err)
		}
	}
	return rep, nil
}

// workerRounds is how many times bench plays the games on one worker and on N, alternating: a shared
// machine's other programs only ever slow a run, so the fastest run of each is the nearest to what
// the workers cost, and a neighbour's burst during one run cannot decide the speed-up.
const workerRounds = 3

// minWorkersRun is the least time a run on one worker lasts: shorter, the workers' start (engines
// loaded, caches cold) and the last game's wait weigh on the speed-up, so bench plays more games than
// --games when the game is short.
const minWorkersRun = time.Second

// workersGames is how many games each run plays: the bench's games, or enough to last minWorkersRun on
// one worker at the speed measured on one core.
func (rep *BenchReport) workersGames() int {
	if rep.GamesPerSec <= 0 {
		return rep.Games
	}
	return max(rep.Games, int(math.Ceil(minWorkersRun.Seconds()*rep.GamesPerSec)))
}

// measureWorkers plays the games as sim does on one worker and then on workers, workerRounds times
// in turn, each run timed the same way (its workers made, their engines loaded and their caches
// cold), and reports the speed-up of the fastest run of each. The one-core figures above come from a
// worker that has warmed up: against them, the cold workers' start would count as a loss of scaling.
// The process's CPU time per game, least of each too, tells the two causes of a lost speed-up apart:
// the workers' own (they cost more CPU together) or the machine's (it lent less than a core each).
func (rep *BenchReport) measureWorkers(ctx context.Context, reg *bots.Registry, workers int, seats []string) error {
	games := rep.workersGames()
	one, many := &workersRun{}, &workersRun{}
	for range workerRounds {
		if err := one.play(ctx, rep, reg, games, 1, seats); err != nil {
			return err
		}
		if err := many.play(ctx, rep, reg, games, workers, seats); err != nil {
			return err
		}
	}
	rep.Workers, rep.WorkersRounds, rep.WorkersGames = workers, workerRounds, games
	rep.WorkersSpeed, rep.Speedup = float64(games)/many.wall.Seconds(), one.wall.Seconds()/many.wall.Seconds()
	if one.cpu > 0 && many.cpu > 0 {
		rep.WorkersCPU = many.cpu.Seconds() / one.cpu.Seconds()
	}
	return nil
}

// workersRun keeps the least wall and CPU time of a batch's runs on one number of workers.
type workersRun struct{ wall, cpu time.Duration }

// play runs games once on n workers, as sim does, and keeps its times if least.
func (r *workersRun) play(ctx context.Context, rep *BenchReport, reg *bots.Registry, games, n int, seats []string) error {
	batch := Batch{Games: games, Seed: 1, Workers: n, NewWorker: func() (Worker, error) {
		return NewEngineWorker(reg, rep.Players, seats, false)
	}}
	cpu0, start := processCPU(), time.Now()
	if _, err := batch.Run(ctx, func(core.Result) {}); err != nil {
		return err
	}
	wall, cpu := time.Since(start), processCPU()-cpu0
	if r.wall == 0 || wall < r.wall {
		r.wall = wall
	}
	if cpu0 >= 0 && (r.cpu == 0 || cpu < r.cpu) {
		r.cpu = cpu
	}
	return nil
}

// benchError is err, or an *Interrupted when ctx was cancelled.
func benchError(ctx context.Context, err error) error {
	if ctx.Err() != nil {
		return &Interrupted{Msg: "interrupted: bench reports only whole measures"}
	}
	return err
}

// failed records the game r that failed and returns its error.
func (rep *BenchReport) failed(r core.Result) error {
	rep.Failures = &Failures{}
	rep.Failures.Note(r)
	return fmt.Errorf("%s", r.Error)
}

// measure plays the games on w after a warm-up game, timing the moves and the hooks.
func (rep *BenchReport) measure(w *EngineWorker, games int) error {
	// one warm-up game, so the measure excludes first-use costs
	if r := w.Play(0, core.GameSeed(1, 0)); r.Error != "" {
		return rep.failed(r)
	}
	w.H.Profile = map[string]*scripting.HookCost{}
	defer func() { w.H.Profile = nil }()
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	runtime.LockOSThread() // the thread whose CPU time is read
	defer runtime.UnlockOSThread()
	cpu0 := scripting.ThreadCPU()
	start := time.Now()
	moves, err := rep.playGames(w, games)
	if err != nil {
		return err
	}
	elapsed := time.Since(start)
	if cpu0 >= 0 {
		rep.CPUMicrosPerMove = float64((scripting.ThreadCPU() - cpu0).Nanoseconds()) / float64(moves) / 1000
	}
	runtime.ReadMemStats(&after)
	rep.Moves = moves
	rep.MicrosPerMove = float64(elapsed.Nanoseconds()) / float64(moves) / 1000
	rep.AllocsPerMove = float64(after.Mallocs-before.Mallocs) / float64(moves)
	rep.BytesPerMove = float64(after.TotalAlloc-before.TotalAlloc) / float64(moves)
	rep.GamesPerSec = float64(games) / elapsed.Seconds()
	names := make([]string, 0, len(w.H.Profile))
	for n := range w.H.Profile {
		names = append(names, n)
	}
	sort.Slice(names, func(i, j int) bool { return w.H.Profile[names[i]].Time > w.H.Profile[names[j]].Time })
	for _, n := range names {
		c := w.H.Profile[n]
		rep.Hooks = append(rep.Hooks, HookReport{Hook: n, CallsPerGame: float64(c.Calls) / float64(games),
			MicrosPerCal: float64(c.Time.Nanoseconds()) / float64(c.Calls) / 1000, WorkPerCall: float64(c.Work) / float64(c.Calls),
			Share: float64(c.Time) / float64(elapsed)})
	}
	return nil
}

// playGames plays games 0 to n-1 of the bench's seeds on w and returns their moves (a failed game
// stops it: see failed).
func (rep *BenchReport) playGames(w *EngineWorker, n int) (int, error) {
	moves := 0
	for i := 0; i < n; i++ {
		r := w.Play(i, core.GameSeed(1, i))
		if r.Error != "" {
			return moves, rep.failed(r)
		}
		moves += r.Length()
	}
	return moves, nil
}

// midGame is a state a third of the way into a random game (at least one move in, and at a decision
// of two moves or more when the game has one later), and the generator that played it.
func midGame(w *EngineWorker, players int) (*core.State, *rand.Rand, error) {
	s, err := w.E.NewState(players, core.GameSeed(2, 0), core.StateOptions{NoHistory: true})
	if err != nil {
		return nil, nil, err
	}
	full := s.Clone()
	rng := rand.New(rand.NewPCG(1, 2))
	n := 0
	for !full.Over() {
		if err := full.ApplyIndex(w.E, rng.IntN(len(full.Legal()))); err != nil {
			return nil, nil, err
		}
		n++
	}
	for i := 0; !s.Over() && (i < max(n/3, 1) || len(s.Legal()) < 2); i++ {
		if err := s.ApplyIndex(w.E, rng.IntN(len(s.Legal()))); err != nil {
			return nil, nil, err
		}
	}
	return s, rng, nil
}

// benchResample measures what a search bot pays per determinisation: a resample of a state a third of
// the way into a random game, for the seat to act, into the last sample's buffers as the search does.
func benchResample(w *EngineWorker, players int) (ResampleReport, error) {
	s, rng, err := midGame(w, players)
	if err != nil {
		return ResampleReport{}, err
	}
	seat := max(s.ToAct(), 0)
	const reps = 20000
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	cpu0 := scripting.ThreadCPU()
	start := time.Now()
	var sample *core.State
	for i := 0; i < reps; i++ {
		if sample, err = s.ResampleInto(sample, seat, rng, w.E); err != nil {
			return ResampleReport{}, err
		}
	}
	el := time.Since(start)
	if cpu0 >= 0 {
		el = scripting.ThreadCPU() - cpu0 // the thread's CPU time: see BenchReport.CPUMicrosPerMove
	}
	runtime.ReadMemStats(&after)
	return ResampleReport{Micros: float64(el.Nanoseconds()) / reps / 1000, Allocs: float64(after.Mallocs-before.Mallocs) / reps}, nil
}

// searchDecisions and searchIterations size the search measure: a few decisions of the game's default
// search, each cut to a number of iterations so the slowest game takes about a second.
const searchDecisions, searchIterations = 4, 50

// benchSearch measures the game's default search bot (`ismcts`, its YAML defaults) in iterations per
// second: searchDecisions searches of searchIterations from the mid-game decision.
func benchSearch(reg *bots.Registry, w *EngineWorker, players int) (SearchReport, error) {
	s, _, err := midGame(w, players)
	if err != nil {
		return SearchReport{}, err
	}
	if s.Over() {
		return SearchReport{}, nil
	}
	bot, err := reg.New(w.E, fmt.Sprintf("ismcts:iterations=%d", searchIterations), 1)
	if err != nil {
		return SearchReport{}, err
	}
	search, ok := bot.(interface {
		Analyse(core.View) (*search.Analysis, error)
	})
	if !ok {
		return SearchReport{}, fmt.Errorf("bench: ismcts is not a search bot")
	}
	v := s.ViewFor(s.ToAct())
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	cpu0 := scripting.ThreadCPU()
	start := time.Now()
	n := 0
	for i := 0; i < searchDecisions; i++ {
		a, err := search.Analyse(v)
		if err != nil {
			return SearchReport{}, err
		}
		n += a.Iterations + a.Failed
	}
	rep := SearchReport{Iterations: n, IterationsSec: float64(n) / time.Since(start).Seconds()}
	if cpu0 >= 0 {
		rep.CPUIterationsSec = float64(n) / (scripting.ThreadCPU() - cpu0).Seconds()
	}
	return rep, nil
}
