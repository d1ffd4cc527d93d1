package cli

import (
	"github.com/ruleslab/ruleslab/core/lab"
	"github.com/spf13/cobra"
)

// MergeOptions are the options of `ruleslab merge`.
type MergeOptions struct {
	IO    *IO
	Files []string
	JSON  bool
}

// NewCmdMerge builds `ruleslab merge`; runF runs the parsed options (nil: runMerge).
func NewCmdMerge(io *IO, runF func(*MergeOptions) error) *cobra.Command {
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
		RunE: func(_ *cobra.Command, args []string) error {
			opts.Files = args
			return runOr(runF, runMerge)(opts)
		},
	}
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print the summary as JSON")
	return cmd
}

func runMerge(opts *MergeOptions) error {
	out, err := lab.Merge(opts.Files)
	if err != nil {
		return err
	}
	rep := batchReport{BatchOutcome: *out, JSON: opts.JSON}
	return rep.print(opts.IO)
}
