package lab

import (
	"fmt"
	"sort"
	"strings"

	"github.com/ruleslab/ruleslab/core/stats"
)

// Merge summarises the results files of a sharded sim as the whole batch: every shard must be given,
// complete. Nothing is played: it tallies the records in game order, as sim does.
func Merge(files []string) (*BatchOutcome, error) {
	var readers []*ResultsReader
	defer func() {
		for _, r := range readers {
			r.Close()
		}
	}()
	for _, path := range files {
		rr, err := OpenResults(path)
		if err != nil {
			return nil, err
		}
		readers = append(readers, rr)
	}
	byShard, err := shardsOf(readers)
	if err != nil {
		return nil, err
	}
	hdr := byShard[0].Header
	n := hdr.Shards
	// Game i is in shard i mod n, whose file lists its games in order: reading the files in turn gives
	// every game in order, as sim tallies them, holding one record at a time.
	tally := stats.NewTally(hdr.Players, hdr.Seats, hdr.Stats)
	hdr.Shard, hdr.Shards = 0, 1
	out := &BatchOutcome{Header: hdr}
	read := make([]int, n)
	for i := 0; i < hdr.Games; i++ {
		rr := byShard[i%n]
		rec, ok, err := rr.Next()
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, incomplete(rr, read[i%n])
		}
		if rec.Index != i {
			return nil, fmt.Errorf("%s:%d: game %d where game %d was expected", rr.Path, rr.Line, rec.Index, i)
		}
		read[i%n]++
		r := rec.Result(hdr.Players, hdr.Seats)
		tally.Add(r)
		out.Note(r)
	}
	for _, rr := range byShard {
		if _, ok, err := rr.Next(); err != nil || ok {
			return nil, fmt.Errorf("%s:%d: more games than its shard has", rr.Path, rr.Line)
		}
		if rr.Partial {
			return nil, incomplete(rr, rr.Header.Batch().Count())
		}
	}
	out.Summary = tally.Summary()
	out.Summary.Game, out.Summary.Variant, out.Summary.Seed = hdr.ID, hdr.Named, hdr.Seed
	return out, nil
}

// shardsOf checks the files are the shards of one batch, each once, and returns them by shard.
func shardsOf(readers []*ResultsReader) ([]*ResultsReader, error) {
	sort.SliceStable(readers, func(i, j int) bool { return readers[i].Header.Shard < readers[j].Header.Shard })
	first := readers[0]
	hdr := first.Header
	n := hdr.Shards
	for _, rr := range readers[1:] {
		h := rr.Header
		h.Shard = hdr.Shard
		if diff := DiffHeaders(h, hdr); len(diff) > 0 {
			return nil, fmt.Errorf("%s and %s are not shards of one batch: %s", rr.Path, first.Path, strings.Join(diff, "; "))
		}
	}
	byShard := make([]*ResultsReader, n)
	for _, rr := range readers {
		if prev := byShard[rr.Header.Shard]; prev != nil {
			return nil, fmt.Errorf("%s and %s are both shard %s", prev.Path, rr.Path, rr.Header.ShardName())
		}
		byShard[rr.Header.Shard] = rr
	}
	var missing []string
	for i, rr := range byShard {
		if rr == nil {
			missing = append(missing, fmt.Sprintf("%d/%d", i, n))
		}
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("shard %s missing: give the results file of every shard of the batch", strings.Join(missing, ", "))
	}
	return byShard, nil
}

func incomplete(rr *ResultsReader, got int) error {
	return fmt.Errorf("%s: shard %s is incomplete (%d of its %d games); finish it with: %s --shard %s --out %s --resume",
		rr.Path, rr.Header.ShardName(), got, rr.Header.Batch().Count(), rr.Header.Command(), rr.Header.ShardName(), ShellQuote(rr.Path))
}
