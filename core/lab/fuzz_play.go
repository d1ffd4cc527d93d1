package lab

import (
	"context"

	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/scripting"
)

// play plays (or reads back) the fuzzed games, saving each to --out, and counts the failures; the
// first failing game keeps its players, seats and seed, which shrinking replays.
func (res *FuzzResult) play(ctx context.Context, o *FuzzOptions, p *scripting.Program, plan fuzzPlan) error {
	rules, err := RulesFingerprint(p)
	if err != nil {
		return err
	}
	cfg := p.Game.Config
	hdr := Header{Format: ResultsFormat, Kind: "fuzz", Args: o.Args, Command: o.Command, Version: o.Version, Rules: rules,
		Game: o.Game, Variant: o.Variant, ID: cfg.ID, Named: cfg.Variant, Players: o.Players, Seats: plan.seatSets[0],
		Seed: o.Seed, Games: o.Games, Shard: o.Shard, Shards: o.shards()}
	u := &units[Record]{hdr: hdr, opts: o.ResultsOptions, index: recordIndex, progress: o.Progress,
		check: func(rec Record) error {
			players, _ := plan.game(rec.Index)
			return rec.check(core.GameSeed(o.Seed, rec.Index), players)
		}}
	defer u.close()
	add := func(rec Record) {
		players, seats := plan.game(rec.Index)
		res.Moves += rec.Moves
		if rec.Error == "" {
			return
		}
		res.Failed++
		if res.First == nil {
			r := rec.Result(players, seats)
			res.First = &r
		}
	}
	batch := hdr.Batch()
	batch.Workers = o.Workers
	rest, resumed, err := u.open(batch, add)
	if err != nil {
		return err
	}
	done, runErr := u.run(ctx, rest, res.Name, func(ctx context.Context, b Batch, emit func(Record)) (int, error) {
		b.NewWorker = func() (Worker, error) { return newFuzzWorker(p, plan) }
		return b.Run(ctx, func(r core.Result) { emit(RecordOf(r)) })
	}, add)
	res.Done, res.Interrupted, res.Out = resumed+done, runErr != nil, o.Out
	if res.Interrupted {
		return nil
	}
	return u.close()
}
