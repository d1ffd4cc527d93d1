package lab

import (
	"context"
	"encoding/json"

	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/core/stats"
)

// tournamentWorker plays game i with the i-th seating of the schedule on the deal of its pass.
type tournamentWorker struct {
	w        *EngineWorker
	names    []string
	schedule [][]int
	seed     uint64
}

func (t *tournamentWorker) Play(index int, _ uint64) core.Result {
	seating := t.schedule[index%len(t.schedule)]
	seats := make([]string, len(seating))
	for i, b := range seating {
		seats[i] = t.names[b]
	}
	t.w.Seats = seats
	return t.w.Play(index, core.GameSeed(t.seed, index/len(t.schedule)))
}

func (t *tournamentWorker) Close() { t.w.Close() }

// play plays one tournament of bots, seeded with seed, and tells the Played sink.
func (t *tournament) play(ctx context.Context, bots []string, seed uint64, name ...func(*TournamentRun)) (*TournamentRun, error) {
	schedule, err := stats.Schedule(len(bots), t.players)
	if err != nil {
		return nil, Usagef("%v", err)
	}
	o := t.o
	games := (o.Games + len(schedule) - 1) / len(schedule) * len(schedule)
	if o.Planned != nil {
		o.Planned(games, len(schedule))
	}
	progress := progressOr(o.Progress)
	progress.Start(games, t.p.Game.Name())
	tally := stats.NewTournament(bots)
	run := &TournamentRun{Games: games}
	batch := Batch{Games: games, Seed: seed, Workers: o.Workers,
		NewWorker: func() (Worker, error) {
			w, err := NewEngineWorker(t.bots, t.players, nil, t.logw != nil)
			if err != nil {
				return nil, err
			}
			return &tournamentWorker{w: w, names: bots, schedule: schedule, seed: seed}, nil
		}}
	done, runErr := batch.Run(ctx, func(r core.Result) {
		tally.Add(r)
		if r.Error != "" && run.FirstErr == "" {
			run.FirstErr = r.Error
		}
		t.log(r)
		progress.Add()
	})
	progress.Finish()
	run.Done = done
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

// log writes the game to --log.
func (t *tournament) log(r core.Result) {
	if t.logw == nil {
		return
	}
	data, _ := json.Marshal(LogRecord{Game: t.o.Game, Variant: t.o.Variant, Result: r})
	t.logw.WriteLine(data)
}
