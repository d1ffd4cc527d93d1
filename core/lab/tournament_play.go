package lab

import (
	"context"
	"fmt"

	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/core/stats"
)

// tournamentWorker plays unit j of a tournament's plan: game i of its rung with the i-th seating of
// the rung's schedule on the deal of its pass (the game knows its index in the rung, i; its result is
// unit j's).
type tournamentWorker struct {
	w    *EngineWorker
	plan *tournamentPlan
}

func (t *tournamentWorker) Play(j int, _ uint64) core.Result {
	r, i := t.plan.at(j)
	t.w.Seats = r.plan.seats(i)
	res := t.w.Play(i, r.plan.seed(i))
	res.Index = j
	return res
}

func (t *tournamentWorker) Close() { t.w.Close() }

// seatingPlan says who sits where in game i of a tournament, and on which deal: game i plays seating
// i mod S of the schedule on the deal of its pass, i / S, so each pass replays the same deals.
type seatingPlan struct {
	names    []string
	schedule [][]int
	seedOf   uint64
}

func (p seatingPlan) seats(i int) []string {
	seating := p.schedule[i%len(p.schedule)]
	seats := make([]string, len(seating))
	for k, b := range seating {
		seats[k] = p.names[b]
	}
	return seats
}

func (p seatingPlan) seed(i int) uint64 { return core.GameSeed(p.seedOf, i/len(p.schedule)) }

// tournamentGames is --games rounded up to whole passes over the seatings.
func tournamentGames(games, seatings int) int { return (games + seatings - 1) / seatings * seatings }

// newPlan is the plan of a tournament of these rungs (their bots, seeds and labels set), each
// playing --games rounded up to whole passes over its seatings.
func (t *tournament) newPlan(rungs []*rung) (*tournamentPlan, error) {
	p := &tournamentPlan{t: t, rungs: rungs, stopRule: t.o.shards() == 1}
	for _, r := range rungs {
		schedule, err := stats.Schedule(len(r.bots), t.players)
		if err != nil {
			return nil, Usagef("%v", err)
		}
		r.plan = seatingPlan{names: r.bots, schedule: schedule, seedOf: r.seed}
		r.tally = stats.NewTournament(r.bots)
		p.seatings = len(schedule)
	}
	p.games = tournamentGames(t.o.Games, p.seatings)
	return p, nil
}

// play plays the plan's units, a rung at a time, and reports each rung as it ends; the results file
// holds every unit of the plan (see tournament_plan.go).
func (t *tournament) play(ctx context.Context, p *tournamentPlan, bots []string) ([]*TournamentRun, error) {
	o := t.o
	hdr := t.header(bots, o.Seed, p.total())
	u := &units[Record]{hdr: hdr, opts: o.ResultsOptions, index: recordIndex, progress: o.Progress, over: p.over,
		check: func(rec Record) error { r, i := p.at(rec.Index); return rec.check(r.plan.seed(i), t.players) }}
	defer u.close()
	p.ctx = ctx
	p.start()
	batch := hdr.Batch()
	batch.Workers = o.Workers
	p.planned = batch.Count()
	rest, resumed, err := u.open(batch, p.add)
	if err == nil {
		err = t.openLog(batch, resumed, p)
	}
	if err != nil {
		return nil, err
	}
	interrupted := t.playRungs(ctx, u, rest, p)
	saveErr := t.flush(u)
	p.finish(interrupted)
	if last := p.runs[len(p.runs)-1]; saveErr != nil {
		last.SaveErr = saveErr
	}
	return p.runs, nil
}

// playRungs plays the units of rest a rung at a time, ending each rung (reported) before the next
// starts; it tells whether the batch was interrupted.
func (t *tournament) playRungs(ctx context.Context, u *units[Record], rest Batch, p *tournamentPlan) bool {
	for next := rest.Start; next < rest.Games; {
		k := next / p.games
		if p.advance(k); p.stopped {
			return false
		}
		b := rest
		b.Start, b.Games = next, min((k+1)*p.games, rest.Games)
		if _, err := u.run(ctx, b, t.p.Game.Name(), t.playUnits(p), p.add); err != nil || ctx.Err() != nil {
			return true
		}
		next = b.Index(b.Count())
	}
	return false
}

// playUnits plays the units of b, logging each game (with its index in its rung), and hands each
// unit's record over in order.
func (t *tournament) playUnits(p *tournamentPlan) func(context.Context, Batch, func(Record)) (int, error) {
	return func(ctx context.Context, b Batch, emit func(Record)) (int, error) {
		b.NewWorker = func() (Worker, error) {
			w, err := NewEngineWorker(t.bots, t.players, nil, t.logw != nil)
			if err != nil {
				return nil, err
			}
			return &tournamentWorker{w: w, plan: p}, nil
		}
		return b.Run(ctx, func(r core.Result) {
			j := r.Index
			_, r.Index = p.at(j)
			rec := RecordOf(t.log(r))
			rec.Index = j
			emit(rec)
		})
	}
}

// header is the header of a tournament's results file.
func (t *tournament) header(bots []string, seed uint64, games int) Header {
	o, cfg := t.o, t.p.Game.Config
	return Header{Format: ResultsFormat, Kind: "tournament", Args: o.Args, Command: o.Command, Version: o.Version, Rules: t.rules,
		Game: o.Game, Variant: o.Variant, ID: cfg.ID, Named: cfg.Variant, Players: t.players, Seats: bots, Seed: seed,
		Games: games, Shard: o.Shard, Shards: o.shards()}
}

// tournamentStatus tells how a tournament ended.
func tournamentStatus(rep stats.TournamentReport, interrupted bool) TournamentStatus {
	switch {
	case rep.Games == 0 && (rep.Failed > 0 || interrupted):
		return NothingDone
	case interrupted:
		return Stopped
	case rep.Failed > 0:
		return GamesFailed
	}
	return Complete
}

// openLog opens --log, trimmed to the games resumed (each logged with its index in its rung).
func (t *tournament) openLog(batch Batch, resumed int, p *tournamentPlan) error {
	if t.o.Log == "" || t.logw != nil {
		return nil
	}
	inRung := func(k int) int { _, i := p.at(batch.Index(k)); return i }
	f, w, err := openLog(t.o.Log, t.o.Resume, inRung, resumed)
	if err != nil {
		return err
	}
	t.logf, t.logw = f, w
	return nil
}

// log writes the game to --log.
func (t *tournament) log(r core.Result) core.Result {
	if t.logw == nil {
		return r
	}
	return writeLog(t.logw, t.o.Game, t.o.Variant, r)
}

// flush writes the buffered lines of --log and the results file and returns the first error.
func (t *tournament) flush(u *units[Record]) error {
	var err error
	if t.logw != nil {
		if err = t.logw.Flush(); err != nil {
			err = fmt.Errorf("--log %s: %v", t.o.Log, err)
		}
	}
	if uerr := u.flush(); err == nil {
		err = uerr
	}
	return err
}
