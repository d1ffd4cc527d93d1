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
	ResultsOptions
	Index  int // play only this game (-1: all)
	Log    string
	Report string // written by the caller after the batch; checked with the other outputs before it
	Ext    bots.ExtOptions

	Progress Progress // nil: none
	// Coverage, if set, counts what every game exercises (hooks run, rules fired).
	Coverage *coverage.Counter
	// OnGame, if set, is handed every game in game order, as played or read back from a results file
	// (--resume, merge): what a record holds (totals, winners, length, statistics).
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
	tally   *stats.Tally
	res     *SimResult
	u       *units[Record]
	logw    *LineWriter
	logf    *os.File
	base    *BaseComparison // VersusBase: the comparison with what the variant extends, nil if none
}

// Sim plays the batch and returns its summary; an interrupted batch (ctx cancelled) reports the games
// finished. With Merge, it summarises the shards' results files instead.
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
	players = SeatedPlayers(p, o.Players, players, len(seats))
	s := &simRun{o: o, p: p, bots: reg, players: players, seats: CycleSeats(seats, players)}
	hdr, err := s.header()
	if err != nil {
		return nil, err
	}
	s.u = &units[Record]{hdr: hdr, opts: o.ResultsOptions, index: recordIndex, progress: o.Progress,
		check: func(rec Record) error { return rec.check(core.GameSeed(o.Seed, rec.Index), players) }}
	defer s.close()
	cfg := p.Game.Config
	s.tally = stats.NewTally(players, s.seats, cfg.Stats)
	s.res = &SimResult{Program: p, BatchOutcome: BatchOutcome{Header: hdr, Out: o.Out}}
	batch := hdr.Batch()
	if o.Index >= 0 {
		batch.Start, batch.Step = o.Index, o.Games
	}
	batch.Workers = o.Workers
	total := batch.Count()
	if o.VersusBase {
		s.base, s.res.BaseSkipped = s.prepareBase()
	}
	rest, resumed, err := s.u.open(batch, s.add)
	if err == nil {
		err = s.openLog(batch, resumed)
	}
	if err != nil {
		return nil, err
	}
	done, runErr := s.run(ctx, rest, resumed)
	s.res.SaveErr = s.flush()
	s.res.Summary = s.tally.Summary()
	s.res.Summary.Game, s.res.Summary.Variant, s.res.Summary.Seed = cfg.ID, cfg.Variant, o.Seed
	if runErr != nil {
		s.res.Interrupted, s.res.Done, s.res.Total = true, resumed+done, total
		s.res.Resume = o.Out != ""
		s.res.BaseSkipped = ""
	} else if s.base != nil {
		s.base.finish()
		s.res.Base = s.base
	}
	return s.res, nil
}

// run plays the games left (after the resumed ones, which the comparison with the base plays again
// first) and returns how many it played.
func (s *simRun) run(ctx context.Context, rest Batch, resumed int) (int, error) {
	if s.base != nil && resumed > 0 {
		if err := s.playResumed(ctx, resumed); err != nil {
			return 0, err
		}
	}
	return s.u.run(ctx, rest, s.p.Game.Name(), s.play, s.add)
}

// header is the header of the sim's results file.
func (s *simRun) header() (Header, error) {
	o, cfg := s.o, s.p.Game.Config
	rules, err := RulesFingerprint(s.p)
	return Header{Format: ResultsFormat, Kind: "sim", Args: o.Args, Command: o.Command, Version: o.Version, Rules: rules,
		Game: o.Game, Variant: o.Variant, ID: cfg.ID, Named: cfg.Variant, Players: s.players, Seats: s.seats, Seed: o.Seed,
		Games: o.Games, Shard: o.Shard, Shards: o.shards(), Stats: cfg.Stats}, err
}

// openLog opens --log, trimmed to the games resumed.
func (s *simRun) openLog(batch Batch, resumed int) error {
	if s.o.Log == "" {
		return nil
	}
	f, w, err := openLog(s.o.Log, s.o.Resume, batch.Index, resumed)
	if err != nil {
		return err
	}
	s.logf, s.logw = f, w
	s.u.before = w
	return nil
}

// flush writes the buffered lines of --log and --out and returns the first error saving them.
func (s *simRun) flush() error {
	var err error
	if s.logw != nil {
		if err = s.logw.Flush(); err != nil {
			err = fmt.Errorf("--log %s: %v", s.o.Log, err)
		}
	}
	if uerr := s.u.flush(); err == nil {
		err = uerr
	}
	return err
}

// close closes the files.
func (s *simRun) close() {
	s.u.close()
	if s.logf != nil {
		s.logf.Close()
	}
}

func recordIndex(rec Record) int { return rec.Index }

// add tallies a game, played or read back.
func (s *simRun) add(rec Record) {
	r := rec.Result(s.players, s.seats)
	if s.o.OnGame != nil {
		s.o.OnGame(r)
	}
	s.tally.Add(r)
	s.res.Note(r)
}

// play plays the games of batch, logging each and handing its record over in game order; paired with
// the base's when the sim compares with it.
func (s *simRun) play(ctx context.Context, batch Batch, emit func(Record)) (int, error) {
	if s.base != nil {
		return s.playPaired(ctx, batch, emit)
	}
	batch.NewWorker = func() (Worker, error) {
		w, err := NewEngineWorker(s.bots, s.players, s.seats, s.logw != nil)
		if err != nil || s.o.Coverage == nil {
			return w, err
		}
		return s.o.Coverage.Worker(w), nil
	}
	return batch.Run(ctx, func(r core.Result) {
		emit(RecordOf(s.log(r)))
	})
}

// log writes the game to --log; a game that cannot be logged is logged (and counted) as failed, never
// as a broken line.
func (s *simRun) log(r core.Result) core.Result {
	if s.logw == nil {
		return r
	}
	return writeLog(s.logw, s.o.Game, s.o.Variant, r)
}

// writeLog writes a game's log line and returns the game (as failed if it could not be logged).
func writeLog(w *LineWriter, game, variant string, r core.Result) core.Result {
	data, err := json.Marshal(LogRecord{Game: game, Variant: variant, Result: r})
	if err != nil {
		r = core.Result{Index: r.Index, Seed: r.Seed, Players: r.Players, Seats: r.Seats,
			Error: fmt.Sprintf("game %d (seed %d): cannot be logged: %v", r.Index, r.Seed, err)}
		data, _ = json.Marshal(LogRecord{Game: game, Variant: variant, Result: r})
	}
	w.WriteLine(data)
	return r
}
