package lab

import (
	"context"

	"github.com/ruleslab/ruleslab/core/stats"
)

// A tournament's games are a fixed plan of rungs: one rung for a tournament, --rungs - 1 for a
// ladder (rung k plays budget 2^k N against 2^(k-1) N, seeded from --seed and k, whatever the rungs
// before gave). Every rung plays the same number of games, so the whole plan is one batch: unit j is
// game j mod games of rung j / games, saved in one results file, resumed and sharded like any batch.
// The one thing a rung takes from the one before is whether to be played at all: a ladder stops at a
// rung in which every game failed. The whole batch in index order (one machine, --resume, merge)
// applies that rule at the rung's end, so it reports exactly the rungs one machine reports; a shard
// plays and reports every rung of its games (it cannot know whether the other shards' games failed).

// rung is one tournament of the plan.
type rung struct {
	bots  []string
	seed  uint64
	plan  seatingPlan
	label func(*TournamentRun) // names a ladder's rung
	tally *stats.Tournament
	// done counts the rung's units counted so far (played or read back), finished those that did not
	// fail, failures those that did.
	done, finished int
	failures       Failures
}

// tournamentPlan is a tournament in progress over its rungs.
type tournamentPlan struct {
	ctx      context.Context // the batch's: cancelled, it stops the rating's bootstrap
	t        *tournament
	rungs    []*rung
	games    int // per rung
	seatings int
	cur      int // the rung being counted
	// planned and counted are the units of this batch (a shard's) and those counted so far.
	planned, counted int
	runs             []*TournamentRun
	// stopped: a rung ended the tournament, later units are not counted; stopRule: this run counts the
	// whole batch in index order (not a shard), so a rung whose every game failed ends it.
	stopped, stopRule bool
}

// at is the rung of unit j and the game's index in it.
func (p *tournamentPlan) at(j int) (*rung, int) { return p.rungs[j/p.games], j % p.games }

// total is the plan's number of units.
func (p *tournamentPlan) total() int { return len(p.rungs) * p.games }

// start tells the Planned sink of the rung being counted.
func (p *tournamentPlan) start() {
	if p.t.o.Planned != nil {
		p.t.o.Planned(p.games, p.seatings)
	}
}

// add counts a unit, played or read back; a unit of a later rung first ends the rungs before it.
func (p *tournamentPlan) add(rec Record) {
	p.advance(rec.Index / p.games)
	if p.stopped {
		return // past the rung that ended the tournament
	}
	r, i := p.at(rec.Index)
	res := rec.Result(p.t.players, r.plan.seats(i))
	r.tally.Add(res)
	r.done++
	p.counted++
	if res.Error == "" {
		r.finished++
	}
	r.failures.Note(res)
}

// over tells merging that nothing after the last unit counted is counted: the rung it completed ends
// the tournament.
func (p *tournamentPlan) over() bool {
	r := p.rungs[p.cur]
	return p.stopped || (p.stopRule && r.done == p.games && r.finished == 0)
}

// advance ends the rungs before rung k (each reported to the Played sink, unless one ends the
// tournament) and starts rung k.
func (p *tournamentPlan) advance(k int) {
	for !p.stopped && p.cur < k {
		run := p.end(false)
		if p.stopRule && run.Status >= Stopped {
			p.stopped = true
			break
		}
		if p.cur++; p.cur < len(p.rungs) {
			p.start()
		}
	}
}

// end reports the rung being counted as a run; interrupted tells the batch was stopped in it (or in
// its rating's bootstrap).
func (p *tournamentPlan) end(interrupted bool) *TournamentRun {
	o, r := p.t.o, p.rungs[p.cur]
	run := &TournamentRun{Games: p.games, Out: o.Out, Done: r.done, Failures: r.failures, Left: p.planned - p.counted}
	run.Report = r.tally.Report(p.ctx, r.seed, o.Boot)
	interrupted = interrupted || p.ctx.Err() != nil
	cfg := p.t.p.Game.Config
	run.Report.Game, run.Report.Variant, run.Report.Players, run.Report.Seed, run.Report.Seatings = cfg.ID, cfg.Variant, p.t.players, r.seed, p.seatings
	run.Status = tournamentStatus(run.Report, interrupted)
	if r.label != nil {
		r.label(run)
	}
	if o.Played != nil {
		o.Played(run)
	}
	p.runs = append(p.runs, run)
	return run
}

// finish ends the rungs left: the one the batch was interrupted in, or every rung not yet reported.
func (p *tournamentPlan) finish(interrupted bool) {
	switch {
	case p.stopped:
	case interrupted:
		p.end(true)
	default:
		p.advance(len(p.rungs) - 1)
		if !p.stopped {
			p.end(false)
		}
	}
}
