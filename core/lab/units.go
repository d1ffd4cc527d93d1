package lab

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"
)

// ResultsOptions are the results-file options every batch command shares (sim, tournament, compare,
// sweep, fuzz).
type ResultsOptions struct {
	Out    string // write each unit's result to this file as it finishes
	Resume bool   // continue Out
	Shard  int    // play the units whose index mod Shards is Shard
	Shards int    // 0 or 1: the whole batch
	// Merge, if set, are the results files of every shard of the batch: nothing is played, their
	// records are tallied in index order.
	Merge []string
	// Args, Command and Version go into the header (see Header).
	Args    []string
	Command string
	Version string
}

func (o ResultsOptions) shards() int { return max(o.Shards, 1) }

// units is the results file of a batch in progress, over records of type R (one per unit of work): it
// replays the records an earlier run saved (--resume) or the shards' (merge), and saves each unit played
// as a line of --out as it finishes. It is the one results-file mechanism of every batch command.
type units[R any] struct {
	hdr   Header
	opts  ResultsOptions
	index func(R) int
	// check tells what is wrong with a record read back (another seed, player count, a winner out of
	// range); nil: nothing.
	check func(R) error
	out   *LineWriter
	// before is flushed before out (a --log, so the log never has fewer units than the results file).
	before   *LineWriter
	file     *os.File
	progress Progress
	// over, if set, tells the batch has ended before its last unit (compare's sequential test resolved,
	// a ladder's rung in which every game failed): merge reads no further.
	over func() bool
	err  error // the first unit that could not be saved, or a failed write
}

// open replays the saved records to emit (merge: every record of the shards; --resume: those of Out)
// and opens Out; it returns the units left to play (none when merging) and how many were replayed.
func (u *units[R]) open(b Batch, emit func(R)) (Batch, int, error) {
	if n := u.opts.shards(); n > u.hdr.Games {
		return b, 0, Usagef("--shard %d/%d: more shards than the %d games", u.opts.Shard, n, u.hdr.Games)
	}
	if u.opts.Out != "" || len(u.opts.Merge) > 0 {
		rules, err := withSeatBots(u.hdr.Rules, u.hdr.Seats)
		if err != nil {
			return b, 0, err
		}
		u.hdr.Rules = rules
	}
	if len(u.opts.Merge) > 0 {
		n, err := u.merge(emit)
		b.Games = 0
		return b, n, err
	}
	done := 0
	if u.opts.Resume {
		var err error
		if done, err = u.resume(b, emit); err != nil {
			return b, 0, err
		}
		b.Start = b.Index(done)
	}
	if u.opts.Out != "" {
		if err := u.create(); err != nil {
			return b, 0, err
		}
	}
	return b, done, nil
}

// create creates Out with its header, or opens it to append when resuming; an error names --out.
func (u *units[R]) create() error {
	if err := u.createOut(); err != nil {
		return fmt.Errorf("--out %s: %w", u.opts.Out, err)
	}
	return nil
}

func (u *units[R]) createOut() error {
	if u.opts.Resume {
		f, err := os.OpenFile(u.opts.Out, os.O_WRONLY|os.O_APPEND, 0)
		u.file = f
		return err
	}
	f, err := os.Create(u.opts.Out)
	if err != nil {
		return err
	}
	u.file = f
	data, _ := json.Marshal(u.hdr)
	_, err = f.Write(append(sealLine(data), '\n'))
	return err
}

// resume hands the records an earlier run of the same command saved in Out to emit, in order, drops a
// partial last line, and returns how many there were.
func (u *units[R]) resume(b Batch, emit func(R)) (int, error) {
	path := u.opts.Out
	rr, err := OpenResults(path)
	if err != nil {
		return 0, err
	}
	defer rr.Close()
	if diff := DiffHeaders(rr.Header, u.hdr); len(diff) > 0 {
		return 0, fmt.Errorf("%s was written by another command, cannot resume: %s", path, joinDiff(diff))
	}
	k := 0
	for {
		var rec R
		ok, err := rr.Next(&rec)
		if err != nil {
			return 0, err
		}
		if !ok {
			break
		}
		if err := u.expect(rr, rec, b, k); err != nil {
			return 0, err
		}
		emit(rec)
		k++
	}
	if rr.Partial {
		if err := os.Truncate(path, rr.Offset); err != nil {
			return 0, err
		}
	}
	return k, nil
}

// expect checks that rec is unit k of batch b, as read from rr.
func (u *units[R]) expect(rr *ResultsReader, rec R, b Batch, k int) error {
	i := u.index(rec)
	switch {
	case k >= b.Count():
		return fmt.Errorf("%s:%d: more games than its shard %s has (%d)", rr.Path, rr.Line, rr.Header.ShardName(), b.Count())
	case i >= 0 && i < b.Index(k):
		return fmt.Errorf("%s:%d: game %d again: it would be counted twice", rr.Path, rr.Line, i)
	case i != b.Index(k):
		return fmt.Errorf("%s:%d: game %d where game %d was expected", rr.Path, rr.Line, i, b.Index(k))
	}
	if u.check == nil {
		return nil
	}
	if err := u.check(rec); err != nil {
		return fmt.Errorf("%s:%d: %v", rr.Path, rr.Line, err)
	}
	return nil
}

// save writes a unit played to Out.
func (u *units[R]) save(rec R) {
	if u.file == nil {
		return
	}
	if u.out == nil {
		u.out = NewLineWriter(u.file)
		u.out.before = u.before
	}
	data, err := json.Marshal(rec)
	if err != nil {
		if u.err == nil {
			u.err = fmt.Errorf("game %d: cannot save its result: %v", u.index(rec), err)
		}
		return
	}
	u.out.WriteLine(sealLine(data))
}

// played saves a unit played, hands it to emit and counts it.
func (u *units[R]) played(emit func(R)) func(R) {
	progress := progressOr(u.progress)
	return func(rec R) {
		u.save(rec)
		emit(rec)
		progress.Add()
	}
}

// flush writes what is buffered and returns the first error saving the results.
func (u *units[R]) flush() error {
	if u.out != nil {
		if err := u.out.Flush(); err != nil && u.err == nil {
			u.err = fmt.Errorf("--out %s: %v", u.opts.Out, err)
		}
	}
	return u.err
}

// close flushes and closes Out.
func (u *units[R]) close() error {
	err := u.flush()
	if u.file != nil {
		if cerr := u.file.Close(); cerr != nil && err == nil {
			err = fmt.Errorf("--out %s: %v", u.opts.Out, cerr)
		}
		u.file = nil
	}
	return err
}

// run plays the units of b left to play with play (which hands each unit's record over in index order),
// saving and emitting each, with progress; it returns how many it played.
func (u *units[R]) run(ctx context.Context, b Batch, name string, play func(context.Context, Batch, func(R)) (int, error), emit func(R)) (int, error) {
	if b.Count() == 0 {
		return 0, nil
	}
	progress := progressOr(u.progress)
	progress.Start(b.Count(), name)
	done, err := play(ctx, b, u.played(emit))
	progress.Finish()
	return done, err
}

func joinDiff(diff []string) string { return strings.Join(diff, "; ") }
