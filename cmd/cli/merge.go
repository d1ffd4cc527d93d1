package cli

import (
	"github.com/spf13/cobra"

	"github.com/ruleslab/ruleslab/core/lab"
)

// MergeOptions are the options of `ruleslab merge`.
type MergeOptions struct {
	IO     *IO
	Files  []string
	Output outputFlags
}

// NewCmdMerge builds `ruleslab merge`; runF runs the parsed options (nil: runMerge).
func NewCmdMerge(io *IO, runF func(*MergeOptions) error) *cobra.Command {
	opts := &MergeOptions{IO: io}
	cmd := &cobra.Command{
		Use:   "merge FILE...",
		Short: "Summarise the results files of a sharded batch (--shard I/N --out FILE) as the whole batch",
		Long: `Summarise the results files of a sharded batch (sim, tournament, compare, sweep or fuzz with
--shard I/N --out FILE, one file per shard) and print exactly what the same command without --shard
prints on one machine: the text, or with --json, --csv or --report what those print. The files' headers
name the batch (its command line, rules and version); nothing is played. Every shard of the batch must
be given, complete (an interrupted shard is finished with the same command and --resume), and the
game's files must be the ones the shards played. One results file of a whole batch is summarised as is.`,
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
	opts.Output.register(cmd.Flags(), "print what the command prints with --json", "print what the command prints with --csv", true)
	return cmd
}

// runMerge runs the batch's command, as its header records it, over the files instead of playing: the
// command prints what it prints on one machine.
func runMerge(opts *MergeOptions) error {
	if err := opts.Output.validate(); err != nil {
		return err
	}
	// the command merge runs checks its outputs against the game's files; the shards are merge's own
	if err := lab.CheckOutputs(opts.Files, map[string]string{"--report": opts.Output.Report}); err != nil {
		return err
	}
	hdr, err := lab.MergeHeader(opts.Files)
	if err != nil {
		return err
	}
	if len(hdr.Args) == 0 {
		return usagef("%s: the header names no command to merge", opts.Files[0])
	}
	args := append([]string{}, hdr.Args...)
	var extra []string
	if opts.Output.JSON {
		extra = append(extra, "--json")
	}
	if opts.Output.CSV {
		extra = append(extra, "--csv")
	}
	if opts.Output.Report != "" {
		extra = append(extra, "--report", opts.Output.Report)
	}
	sub := *opts.IO
	sub.merge = opts.Files
	sub.command = hdr.CommandLine()
	for _, e := range extra {
		sub.command += " " + lab.ShellQuote(e)
	}
	root := NewRoot(&sub)
	root.SetArgs(append(args, extra...))
	return root.Execute()
}
