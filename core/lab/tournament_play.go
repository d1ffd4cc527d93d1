package lab

import (
	"context"
	"fmt"

	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/core/stats"
)

// tournamentWorker plays game i with the i-th seating of the schedule on the deal of its pass.
type tournamentWorker struct {
	w    *EngineWorker
	plan seatingPlan
}

func (t *tournamentWorker) Play(index int, _ uint64) core.Result {
	t.w.Seats = t.plan.seats(index)
	return t.w.Play(index, t.plan.seed(index))
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

// play plays one tournament of bots, seeded with seed, and tells the Played sink.
func (t *tournament) play(ctx context.Context, bots []string, seed uint64, name ...func(*TournamentRun)) (*TournamentRun, error) {
	schedule, err := stats.Schedule(len(bots), t.players)
	if err != nil {
		return nil, Usagef("%v", err)
	}
	o := t.o
	plan := seatingPlan{names: bots, schedule: schedule, seedOf: seed}
	games := tournamentGames(o.Games, len(schedule))
	if o.Planned != nil {
		o.Planned(games, len(schedule))
	}
	tally := stats.NewTournament(bots)
	run := &TournamentRun{Games: games, Out: o.Out}
	hdr := t.header(bots, seed, games)
	u := &units[Record]{hdr: hdr, opts: o.ResultsOptions, index: recordIndex, progress: o.Progress,
		check: func(rec Record) error { return rec.check(plan.seed(rec.Index), t.players) }}
	defer u.close()
	add := func(rec Record) {
		r := rec.Result(t.players, plan.seats(rec.Index))
		tally.Add(r)
		if r.Error != "" && run.FirstErr == "" {
			run.FirstErr = r.Error
		}
	}
	batch := hdr.Batch()
	batch.Workers = o.Workers
	rest, resumed, err := u.open(batch, add)
	if err == nil {
		err = t.openLog(batch, resumed)
	}
	if err != nil {
		return nil, err
	}
	done, runErr := u.run(ctx, rest, t.p.Game.Name(), func(ctx context.Context, b Batch, emit func(Record)) (int, error) {
		b.NewWorker = func() (Worker, error) {
			w, err := NewEngineWorker(t.bots, t.players, nil, t.logw != nil)
			if err != nil {
				return nil, err
			}
			return &tournamentWorker{w: w, plan: plan}, nil
		}
		return b.Run(ctx, func(r core.Result) { emit(RecordOf(t.log(r))) })
	}, add)
	run.SaveErr = t.flush(u)
	run.Done = resumed + done
	run.Report = tally.Report(ctx, seed, o.Boot)
	cfg := t.p.Game.Config
	run.Report.Game, run.Report.Variant, run.Report.Players, run.Report.Seed, run.Report.Seatings = cfg.ID, cfg.Variant, t.players, seed, len(schedule)
	run.Status = tournamentStatus(run.Report, runErr != nil || ctx.Err() != nil)
	for _, f := range name {
		f(run)
	}
	if o.Played != nil {
		o.Played(run)
	}
	return run, nil
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

// openLog opens --log the first time a tournament (or the first rung) plays: trimmed to the games
// resumed.
func (t *tournament) openLog(batch Batch, resumed int) error {
	if t.o.Log == "" || t.logw != nil {
		return nil
	}
	f, w, err := openLog(t.o.Log, t.o.Resume, batch, resumed)
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
