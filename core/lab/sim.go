package lab

import (
	"context"
	"encoding/json"
	"fmt"
	"os"

	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/core/bots"
	"github.com/ruleslab/ruleslab/core/coverage"
	"github.com/ruleslab/ruleslab/core/stats"
	"github.com/ruleslab/ruleslab/scripting"
)

// SimOptions are the options of a sim: a batch of games with bots, tallied per seat.
type SimOptions struct {
	Game    string // a bundled id or a YAML path
	Variant string
	Players int    // 0: the game's default
	Seats   string // bots by seat, checked and cycled to fill every seat
	Games   int
	Seed    uint64
	Workers int
	Shard   int // play the games whose index mod Shards is Shard
	Shards  int // 0 or 1: the whole batch
	Index   int // play only this game (-1: all)
	Out     string
	Resume  bool // continue Out
	Log     string
	Report  string // written by the caller after the batch; checked with the other outputs before it
	Ext     bots.ExtOptions

	Progress Progress // nil: none
	// Coverage, if set, counts what every game exercises (hooks run, rules fired).
	Coverage *coverage.Counter
	// OnGame, if set, is handed every game as it was played, in game order.
	OnGame func(core.Result)
	// VersusBase: when the game is a variant, also play what it extends and compare (see sim_base.go).
	VersusBase bool
}

// SimResult is a sim's outcome.
type SimResult struct {
	BatchOutcome
	Program *scripting.Program
	// SaveErr is a game that could not be saved or a failed write of --log or --out: the summary
	// stands, and the command fails.
	SaveErr error
	// Base is the comparison with what the variant extends (VersusBase); BaseSkipped says why there is
	// none when the game is a variant.
	Base        *BaseComparison
	BaseSkipped string
}

// simRun is a sim in progress.
type simRun struct {
	o       *SimOptions
	p       *scripting.Program
	bots    *bots.Registry
	players int
	seats   []string
	hdr     Header
	tally   *stats.Tally
	res     *SimResult
	logw    *LineWriter
	outw    *LineWriter
	closers []*os.File
	kept    []core.Result // the games played, for VersusBase
}

// Sim plays the batch and returns its summary; an interrupted batch (ctx cancelled) reports the games
// finished.
func Sim(ctx context.Context, o *SimOptions) (*SimResult, error) {
	p, players, err := LoadGame(o.Game, o.Variant, o.Players)
	if err != nil {
		return nil, err
	}
	defer TuneGC()()
	reg := bots.For(p, o.Ext)
	seats, err := Seats(reg, o.Seats)
	if err != nil {
		return nil, err
	}
	if err := CheckOutputs(GameInputs(p, seats), map[string]string{"--out": o.Out, "--log": o.Log, "--report": o.Report}); err != nil {
		return nil, err
	}
	s := &simRun{o: o, p: p, bots: reg, players: players, seats: CycleSeats(seats, players)}
	defer s.close()
	cfg := p.Game.Config
	s.hdr = Header{Format: ResultsFormat, Game: o.Game, Variant: o.Variant, ID: cfg.ID, Named: cfg.Variant,
		Players: players, Seats: s.seats, Seed: o.Seed, Games: o.Games, Shard: o.Shard, Shards: max(o.Shards, 1), Stats: cfg.Stats}
	s.tally = stats.NewTally(players, s.seats, cfg.Stats)
	s.res = &SimResult{Program: p, BatchOutcome: BatchOutcome{Header: s.hdr, Out: o.Out}}
	batch := s.hdr.Batch()
	if o.Index >= 0 {
		batch.Start, batch.Step = o.Index, o.Games
	}
	batch.Workers = o.Workers
	total := batch.Count()
	resumed, err := s.open(&batch)
	if err != nil {
		return nil, err
	}
	done, runErr := s.run(ctx, batch)
	s.res.Summary = s.tally.Summary()
	s.res.Summary.Game, s.res.Summary.Variant, s.res.Summary.Seed = cfg.ID, cfg.Variant, o.Seed
	if runErr != nil {
		s.res.Interrupted, s.res.Done, s.res.Total = true, resumed+done, total
		s.res.Resume = o.Out != ""
	} else if o.VersusBase {
		s.res.Base, s.res.BaseSkipped = s.versusBase(ctx, resumed)
	}
	return s.res, nil
}

// open resumes the results file (moving the batch past its games) and opens --log and --out; it
// returns how many games the results file already had.
func (s *simRun) open(batch *Batch) (int, error) {
	o := s.o
	resumed := 0
	if o.Resume {
		var err error
		if resumed, err = Resume(o.Out, s.hdr, s.add); err != nil {
			return 0, err
		}
		batch.Start = batch.Index(resumed)
	}
	if o.Log != "" {
		f, err := s.openLog(resumed)
		if err != nil {
			return 0, err
		}
		s.closers = append(s.closers, f)
		s.logw = NewLineWriter(f)
	}
	if o.Out != "" {
		f, err := openOut(o.Out, o.Resume, s.hdr)
		if err != nil {
			return 0, err
		}
		s.closers = append(s.closers, f)
		s.outw = NewLineWriter(f)
		s.outw.before = s.logw
	}
	return resumed, nil
}

func (s *simRun) openLog(resumed int) (*os.File, error) {
	if s.o.Resume {
		return TrimLog(s.o.Log, s.hdr.Batch(), resumed)
	}
	return os.Create(s.o.Log)
}

// close flushes and closes the files.
func (s *simRun) close() {
	for _, w := range []*LineWriter{s.logw, s.outw} {
		if w != nil {
			w.Flush()
		}
	}
	for i := len(s.closers) - 1; i >= 0; i-- {
		s.closers[i].Close()
	}
}

func (s *simRun) add(r core.Result) {
	s.tally.Add(r)
	s.res.Note(r)
}

// run plays the batch, logging, tallying and saving every game in order.
func (s *simRun) run(ctx context.Context, batch Batch) (int, error) {
	progress := progressOr(s.o.Progress)
	progress.Start(batch.Count(), s.p.Game.Name())
	batch.NewWorker = func() (Worker, error) {
		w, err := NewEngineWorker(s.bots, s.players, s.seats, s.logw != nil)
		if err != nil || s.o.Coverage == nil {
			return w, err
		}
		return s.o.Coverage.Worker(w), nil
	}
	done, err := batch.Run(ctx, func(r core.Result) {
		if s.o.OnGame != nil {
			s.o.OnGame(r)
		}
		r = s.log(r)
		s.add(r)
		s.keep(r)
		s.save(r)
		progress.Add()
	})
	progress.Finish()
	for _, w := range []*LineWriter{s.logw, s.outw} {
		if w != nil && s.res.SaveErr == nil {
			s.res.SaveErr = w.Flush()
		}
	}
	return done, err
}

// log writes the game to --log; a game that cannot be logged is logged (and counted) as failed, never
// as a broken line.
func (s *simRun) log(r core.Result) core.Result {
	if s.logw == nil {
		return r
	}
	data, err := json.Marshal(LogRecord{Game: s.o.Game, Variant: s.o.Variant, Result: r})
	if err != nil {
		r = core.Result{Index: r.Index, Seed: r.Seed, Players: r.Players, Seats: r.Seats,
			Error: fmt.Sprintf("game %d (seed %d): cannot be logged: %v", r.Index, r.Seed, err)}
		data, _ = json.Marshal(LogRecord{Game: s.o.Game, Variant: s.o.Variant, Result: r})
	}
	s.logw.WriteLine(data)
	return r
}

// save writes the game's record to --out.
func (s *simRun) save(r core.Result) {
	if s.outw == nil {
		return
	}
	data, err := json.Marshal(RecordOf(r))
	if err != nil && s.res.SaveErr == nil {
		s.res.SaveErr = fmt.Errorf("game %d: cannot save its result: %v", r.Index, err)
	}
	if err == nil {
		s.outw.WriteLine(data)
	}
}

// openOut creates the results file and writes its header, or opens it for appending when resuming.
func openOut(path string, resume bool, hdr Header) (*os.File, error) {
	if resume {
		return os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	}
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	data, _ := json.Marshal(hdr)
	if _, err := f.Write(append(data, '\n')); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}
