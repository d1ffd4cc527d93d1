package lab

import (
	"fmt"
	"sort"
	"strings"
)

// merge hands every record of the shards named in Merge to emit in index order, as one run of the
// whole batch would: every shard must be given once, complete, and of this very batch (the same
// command line, rules and version as the header this run would write). Unit i is in shard i mod N,
// whose file lists its units in order, so reading the files in turn holds one record at a time.
func (u *units[R]) merge(emit func(R)) (int, error) {
	var readers []*ResultsReader
	defer func() {
		for _, r := range readers {
			r.Close()
		}
	}()
	for _, path := range u.opts.Merge {
		rr, err := OpenResults(path)
		if err != nil {
			return 0, err
		}
		readers = append(readers, rr)
	}
	byShard, err := shardsOf(readers)
	if err != nil {
		return 0, err
	}
	if err := u.sameBatch(byShard[0]); err != nil {
		return 0, err
	}
	n := len(byShard)
	read := make([]int, n)
	for i := 0; i < u.hdr.Games; i++ {
		rr := byShard[i%n]
		var rec R
		ok, err := rr.Next(&rec)
		if err != nil {
			return 0, err
		}
		if !ok {
			return 0, incomplete(rr, read[i%n])
		}
		if err := u.expect(rr, rec, rr.Header.Batch(), read[i%n]); err != nil {
			return 0, err
		}
		read[i%n]++
		emit(rec)
		if u.over != nil && u.over() {
			return i + 1, nil
		}
	}
	return u.hdr.Games, finished(byShard)
}

// sameBatch checks the shards are of the batch this command runs (its rules and version as loaded here).
func (u *units[R]) sameBatch(rr *ResultsReader) error {
	h := rr.Header
	h.Shard, h.Shards = u.hdr.Shard, u.hdr.Shards
	if diff := diffHeaders(h, u.hdr, "here"); len(diff) > 0 {
		return fmt.Errorf("%s:1: cannot merge: the batch differs from the one its command runs here: %s", rr.Path, joinDiff(diff))
	}
	return nil
}

// finished checks that no shard has more records than its games or ends in a partial line.
func finished(byShard []*ResultsReader) error {
	for _, rr := range byShard {
		var extra map[string]any
		if ok, err := rr.Next(&extra); err != nil || ok {
			return fmt.Errorf("%s:%d: more games than its shard %s has (%d)", rr.Path, rr.Line, rr.Header.ShardName(), rr.Header.Batch().Count())
		}
		if rr.Partial {
			return incomplete(rr, rr.Header.Batch().Count())
		}
	}
	return nil
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
		if diff := diffHeaders(h, hdr, first.Path); len(diff) > 0 {
			return nil, fmt.Errorf("%s and %s are not shards of one batch: %s", rr.Path, first.Path, joinDiff(diff))
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
		rr.Path, rr.Header.ShardName(), got, rr.Header.Batch().Count(), rr.Header.CommandLine(), rr.Header.ShardName(), ShellQuote(rr.Path))
}

// MergeHeader reads the header of the first of the results files to merge: it tells which command
// to run over them (Kind and Args).
func MergeHeader(files []string) (Header, error) {
	rr, err := OpenResults(files[0])
	if err != nil {
		return Header{}, err
	}
	defer rr.Close()
	return rr.Header, nil
}
