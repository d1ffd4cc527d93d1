package cli

import (
	"fmt"
	"sort"
	"strings"

	"github.com/ruleslab/ruleslab/core/stats"
	"github.com/spf13/cobra"
)

// MergeOptions are the options of `ruleslab merge`.
type MergeOptions struct {
	IO    *IO
	Files []string
	JSON  bool
}

func newMergeCmd(io *IO) *cobra.Command {
	opts := &MergeOptions{IO: io}
	cmd := &cobra.Command{
		Use:   "merge FILE...",
		Short: "Summarise the results files of a sharded sim (--shard I/N --out FILE) as the whole batch",
		Long: `Summarise the results files of a sharded sim (sim --shard I/N --out FILE, one file per shard) and
print exactly what the same sim without --shard prints on one machine: the text summary, or with --json
the JSON. Nothing is played: the files hold every game's result. Every shard of the batch must be
given, complete (an interrupted shard is finished with the same command and --resume). One results
file of a whole batch (sim --out FILE) is summarised as is.`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usagef("merge needs the results FILE of every shard")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Files = args
			return runMerge(opts)
		},
	}
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print the summary as JSON")
	return cmd
}

func runMerge(opts *MergeOptions) error {
	var readers []*resultsReader
	defer func() {
		for _, r := range readers {
			r.Close()
		}
	}()
	for _, path := range opts.Files {
		rr, err := openResults(path)
		if err != nil {
			return err
		}
		readers = append(readers, rr)
	}
	sort.SliceStable(readers, func(i, j int) bool { return readers[i].Header.Shard < readers[j].Header.Shard })
	first := readers[0]
	hdr := first.Header
	n := hdr.Shards
	for _, rr := range readers[1:] {
		h := rr.Header
		h.Shard = hdr.Shard
		if diff := diffHeaders(h, hdr); len(diff) > 0 {
			return fmt.Errorf("%s and %s are not shards of one batch: %s", rr.Path, first.Path, strings.Join(diff, "; "))
		}
	}
	byShard := make([]*resultsReader, n)
	for _, rr := range readers {
		if prev := byShard[rr.Header.Shard]; prev != nil {
			return fmt.Errorf("%s and %s are both shard %s", prev.Path, rr.Path, rr.Header.shardName())
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
		return fmt.Errorf("shard %s missing: give the results file of every shard of the batch", strings.Join(missing, ", "))
	}

	// Game i is in shard i mod n, whose file lists its games in order: reading the files in turn gives
	// every game in order, as sim tallies them, holding one record at a time.
	tally := stats.NewTally(hdr.Players, hdr.Seats, hdr.Stats)
	hdr.Shard, hdr.Shards = 0, 1
	rep := batchReport{Header: hdr, JSON: opts.JSON, FirstFailed: -1}
	read := make([]int, n)
	for i := 0; i < hdr.Games; i++ {
		rr := byShard[i%n]
		rec, ok, err := rr.Next()
		if err != nil {
			return err
		}
		if !ok {
			return incomplete(rr, read[i%n])
		}
		if rec.Index != i {
			return fmt.Errorf("%s:%d: game %d where game %d was expected", rr.Path, rr.line, rec.Index, i)
		}
		read[i%n]++
		r := rec.result(hdr.Players, hdr.Seats)
		tally.Add(r)
		rep.noteFailure(r)
	}
	for _, rr := range byShard {
		if _, ok, err := rr.Next(); err != nil || ok {
			return fmt.Errorf("%s:%d: more games than its shard has", rr.Path, rr.line)
		}
		if rr.Partial {
			return incomplete(rr, rr.Header.batch().Count())
		}
	}
	rep.Sum = tally.Summary()
	return rep.print(opts.IO)
}

func incomplete(rr *resultsReader, got int) error {
	return fmt.Errorf("%s: shard %s is incomplete (%d of its %d games); finish it with: %s --shard %s --out %s --resume",
		rr.Path, rr.Header.shardName(), got, rr.Header.batch().Count(), rr.Header.command(), rr.Header.shardName(), shellQuote(rr.Path))
}
