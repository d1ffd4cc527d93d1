package lab

import (
	"context"
	"fmt"
	"strings"

	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/core/stats"
	"github.com/ruleslab/ruleslab/scripting"
)

// PairRecord is compare's unit in a results file: game Index under every variant, in order.
type PairRecord struct {
	Index int      `json:"index"`
	Games []Record `json:"games"`
}

// pairedGame is game i played under every variant.
type pairedGame struct {
	index       int
	games       []core.Result
	interrupted bool
}

func (g pairedGame) record() PairRecord {
	rec := PairRecord{Index: g.index}
	for _, r := range g.games {
		rec.Games = append(rec.Games, measuredRecord(r))
	}
	return rec
}

// pairedWorker plays game i under every variant, on one engine per variant.
type pairedWorker struct {
	ws   []*EngineWorker
	runs []*VariantRun
}

// pairedInterrupted reports whether a paired game was interrupted, as the batch runner asks.
func pairedInterrupted(g pairedGame) bool { return g.interrupted }

func (p *pairedWorker) Play(i int, seed uint64) pairedGame {
	g := pairedGame{index: i}
	for k, w := range p.ws {
		var r core.Result
		if cov := p.runs[k].cov; cov != nil {
			r = cov.Play(w, i, seed)
		} else {
			r = w.Play(i, seed)
		}
		g.games = append(g.games, r)
		if r.Interrupted {
			g.interrupted = true
			break
		}
	}
	return g
}

// Interrupt implements Interrupter.
func (p *pairedWorker) Interrupt() {
	for _, w := range p.ws {
		w.Interrupt()
	}
}

func (p *pairedWorker) Close() {
	for _, w := range p.ws {
		w.Close()
	}
}

// newPairedWorker creates a worker with an engine for every variant.
func (c *CompareResult) newPairedWorker() (*pairedWorker, error) {
	p := &pairedWorker{runs: c.Runs}
	for _, v := range c.Runs {
		w, err := NewEngineWorker(v.Bots, c.Players, v.Seats, false)
		if err != nil {
			p.Close()
			return nil, err
		}
		if v.cov != nil {
			v.cov.Prepare(w)
		}
		p.ws = append(p.ws, w)
	}
	return p, nil
}

// pairedWorkers is newPairedWorker as the batch runner takes it.
func (c *CompareResult) pairedWorkers() (UnitWorker[pairedGame], error) {
	w, err := c.newPairedWorker()
	if err != nil {
		return nil, err
	}
	return w, nil
}

// units is the comparison's results file.
func (c *CompareResult) units(o *CompareOptions) (*units[PairRecord], error) {
	var progs []*scripting.Program
	for _, v := range c.Runs {
		progs = append(progs, v.P)
	}
	rules, err := RulesFingerprint(progs...)
	if err != nil {
		return nil, err
	}
	hdr := Header{Format: ResultsFormat, Kind: "compare", Args: o.Args, Command: o.ResultsOptions.Command, Version: o.Version, Rules: rules,
		Game: o.Game, Variant: c.variantsLabel(), ID: c.Game, Players: c.Players, Seats: c.Seats, Seed: o.Seed, Games: o.Games,
		Shard: o.Shard, Shards: o.shards()}
	return &units[PairRecord]{hdr: hdr, opts: o.ResultsOptions, progress: o.Progress,
		index: func(rec PairRecord) int { return rec.Index }, check: c.checkRecord, over: func() bool { return c.resolved }}, nil
}

// checkRecord checks a paired game read back: a game per variant, each of this batch's seed and players.
func (c *CompareResult) checkRecord(rec PairRecord) error {
	if len(rec.Games) != len(c.Runs) {
		return fmt.Errorf("game %d has %d variants' results, not %d", rec.Index, len(rec.Games), len(c.Runs))
	}
	for _, g := range rec.Games {
		if g.Index != rec.Index {
			return fmt.Errorf("game %d holds a result of game %d", rec.Index, g.Index)
		}
		if err := g.check(core.GameSeed(c.Seed, rec.Index), c.Players); err != nil {
			return err
		}
	}
	return nil
}

// play plays the paired games left, a look of the sequential test at a time; an interrupted comparison
// keeps the games every variant finished.
func (c *CompareResult) play(ctx context.Context, u *units[PairRecord], rest Batch, o *CompareOptions) error {
	name := c.Runs[0].P.Game.Name()
	playUnits := func(ctx context.Context, b Batch, emit func(PairRecord)) (int, error) {
		return runUnits(ctx, b, c.pairedWorkers, pairedInterrupted, func(g pairedGame) { emit(g.record()) })
	}
	for next := rest.Start; next < rest.Games && !c.resolved; {
		b := rest
		b.Start = next
		if c.Sequential != nil {
			b.Games = min((next/c.every+1)*c.every, rest.Games)
		}
		if _, err := u.run(ctx, b, name, playUnits, c.add); err != nil {
			if ctx.Err() != nil {
				c.Interrupted = true
				return nil
			}
			return err
		}
		next = b.Games
	}
	return nil
}

// add counts a paired game, played or read back, and takes the sequential test's look when one is due.
func (c *CompareResult) add(rec PairRecord) {
	if c.resolved {
		return // past the look that resolved the test (saved by an earlier run's workers)
	}
	rs := make([]core.Result, len(rec.Games))
	ok := true
	for k, g := range rec.Games {
		v := c.Runs[k]
		rs[k] = g.Result(c.Players, v.Seats)
		if g.Error == "" {
			v.Finished++
			continue
		}
		ok = false
		v.Failed++
		c.Failed[k]++
		v.NoteError(rec.Index, g.Error)
		c.noteFailures()
	}
	c.Played++
	if ok {
		c.pair(rs)
	}
	if c.Sequential != nil && (c.Played%c.every == 0 || c.Played == c.Planned) {
		c.look()
	}
}

// pair adds a game every variant finished to the comparison.
func (c *CompareResult) pair(rs []core.Result) {
	c.sums.AddPaired(rs)
	c.Pairs++
	for k, r := range rs {
		v := c.Runs[k]
		for _, t := range r.Totals {
			v.Scores[t]++
		}
		v.Lengths[r.Length()]++
	}
}

// look takes one look of the sequential test and stops the comparison if it resolved.
func (c *CompareResult) look() {
	m, ok := c.measure(c.until)
	if !ok {
		c.err = c.noSuchMeasure()
		c.resolved = true
		return
	}
	q := c.Sequential
	q.Taken++
	q.Last = nil
	all := true
	for k := range c.Runs[1:] {
		iv, ok := c.seq.LookMoments(c.sums.Diff(m.Name, k+1), m.Kind)
		q.Last = append(q.Last, iv)
		all = all && ok
	}
	q.Games = c.Played
	q.Resolved = all
	c.resolved = all
}

func (c *CompareResult) noSuchMeasure() error {
	return Usagef("--until-significant %s: no such measure (measures: %s)", c.until, strings.Join(c.measureNames(), ", "))
}

func (c *CompareResult) measure(name string) (stats.Measure, bool) {
	for _, m := range c.sums.Measures() {
		if m.Name == name {
			return m, true
		}
	}
	return stats.Measure{}, false
}

// summarise fills Measures from the running sums.
func (c *CompareResult) summarise() {
	c.Measures = nil
	for _, m := range c.sums.Measures() {
		cm := CompareMeasure{Name: m.Name, Label: m.Label, Kind: m.Kind}
		for k := range c.Runs {
			mo := c.sums.Of(m.Name, k)
			cm.Values = append(cm.Values, mo.Summarise(m.Kind))
		}
		for k, v := range c.Runs[1:] {
			d := CompareDiff{Variant: v.Name, Paired: stats.PairedMoments(c.sums.Diff(m.Name, k+1), m.Kind, stats.Confidence),
				Unpaired: stats.UnpairedMoments(c.sums.Of(m.Name, 0), c.sums.Of(m.Name, k+1), m.Kind)}
			if d.Paired.Defined() && d.Unpaired.Defined() && d.Paired.High > d.Paired.Low {
				r := (d.Unpaired.High - d.Unpaired.Low) / (d.Paired.High - d.Paired.Low)
				d.Ratio = &r
			}
			cm.Diffs = append(cm.Diffs, d)
		}
		c.Measures = append(c.Measures, cm)
	}
}

// noteFailures lists every variant's failures in the JSON once a game failed.
func (c *CompareResult) noteFailures() {
	if c.Failures != nil {
		return
	}
	c.Failures = make([]*Failures, len(c.Runs))
	for k, v := range c.Runs {
		c.Failures[k] = &v.Failures
	}
}
