package lab

import (
	"context"
	"fmt"

	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/core/bots"
	"github.com/ruleslab/ruleslab/scripting"
)

// A sweep's unit of work is one game of one grid point: unit u is game u mod G of point u / G (G the
// games per point), seeded like game u mod G of every other point, so neighbouring points differ by
// their settings and not by the deal.

// sweepWorker plays the units of a sweep; it keeps the engine of the point it last played (a worker
// meets the points in order), so it holds one engine however large the grid.
type sweepWorker struct {
	res   *SweepResult
	progs []*scripting.Program
	games int
	point int
	w     *EngineWorker
	ext   bots.ExtOptions
}

func (s *sweepWorker) Play(u int, _ uint64) core.Result {
	point, game := u/s.games, u%s.games
	if s.w == nil || s.point != point {
		s.Close()
		w, err := NewEngineWorker(bots.For(s.progs[point], s.ext), s.res.Players, s.res.Seats, false)
		if err != nil {
			return core.Result{Index: u, Seed: core.GameSeed(s.res.Seed, game), Error: fmt.Sprintf("point %d: %v", point+1, err)}
		}
		s.w, s.point = w, point
	}
	r := s.w.Play(game, core.GameSeed(s.res.Seed, game))
	r.Index = u
	return r
}

// Interrupt implements Interrupter.
func (s *sweepWorker) Interrupt() {
	if s.w != nil {
		s.w.Interrupt()
	}
}

func (s *sweepWorker) Close() {
	if s.w != nil {
		s.w.Close()
		s.w = nil
	}
}

// play plays (or reads back) every unit of the grid, saving each to --out, and tallies the points.
func (res *SweepResult) play(ctx context.Context, o *SweepOptions, progs []*scripting.Program) error {
	rules, err := RulesFingerprint(progs...)
	if err != nil {
		return err
	}
	hdr := Header{Format: ResultsFormat, Kind: "sweep", Args: o.Args, Command: o.ResultsOptions.Command, Version: o.Version,
		Rules: rules, Game: o.Game, Variant: o.Variant, ID: res.Game, Named: res.Variant, Players: res.Players, Seats: res.Seats,
		Seed: o.Seed, Games: o.Games * len(res.Points), Shard: o.Shard, Shards: o.shards()}
	u := &units[Record]{hdr: hdr, opts: o.ResultsOptions, index: recordIndex, progress: o.Progress,
		check: func(rec Record) error { return rec.check(core.GameSeed(o.Seed, rec.Index%o.Games), res.Players) }}
	defer u.close()
	batch := hdr.Batch()
	batch.Workers = o.Workers
	rest, resumed, err := u.open(batch, res.add)
	if err != nil {
		return err
	}
	done, err := u.run(ctx, rest, progs[0].Game.Name(), func(ctx context.Context, b Batch, emit func(Record)) (int, error) {
		b.NewWorker = func() (Worker, error) {
			return &sweepWorker{res: res, progs: progs, games: o.Games, point: -1, ext: o.Ext}, nil
		}
		return b.Run(ctx, func(r core.Result) { emit(measuredRecord(r)) })
	}, res.add)
	if err != nil {
		msg := fmt.Sprintf("interrupted at point %d of %d", rest.Index(done)/o.Games+1, len(res.Points))
		if o.Out != "" {
			msg += fmt.Sprintf("; the %d games played are saved in %s: run the same command with --resume to play the others", resumed+done, o.Out)
		}
		return &Interrupted{Msg: msg}
	}
	return u.close()
}

// add tallies a unit, played or read back, at its point.
func (res *SweepResult) add(rec Record) {
	point := rec.Index / res.Games
	pt := res.Points[point]
	if rec.Error != "" {
		pt.Failed++
		res.Failed++
		if pt.Error == "" {
			pt.Error = rec.Error
		}
		if res.FirstErr == "" {
			res.FirstErr = rec.Error
		}
		return
	}
	pt.Games++
	res.sums.Add(point, rec.Result(res.Players, res.Seats))
}
