package cli

import (
	"strings"

	"github.com/spf13/pflag"

	"github.com/ruleslab/ruleslab/core/lab"
)

// resultsFlags are --out, --resume and --shard, which every batch command (sim, tournament, compare,
// sweep, fuzz) shares: a results file written as the units of work finish, resumable after an
// interruption, and shards that `merge` summarises as the whole batch (lab.ResultsOptions).
type resultsFlags struct {
	Out    string
	Resume bool
	Shard  string
	fs     *pflag.FlagSet
}

// register adds the flags; unit names a unit of work in the help ("game", "paired game").
func (r *resultsFlags) register(f *pflag.FlagSet, out string) {
	r.fs = f
	f.StringVar(&r.Out, out, "", "write each game's result to this file as it finishes (for --resume and merge)")
	f.BoolVar(&r.Resume, "resume", false, "continue the --"+out+" FILE of an interrupted run of the same command")
	f.StringVar(&r.Shard, "shard", "", "I/N: play only the games whose index mod N is I (0 <= I < N); merge the --"+out+" files")
}

// notRecorded are the flags that do not change a batch's results: a results file's header leaves them
// out of the command line it records (and merge gives the output flags of its own).
var notRecorded = map[string]bool{"out": true, "results": true, "resume": true, "shard": true, "workers": true,
	"log": true, "json": true, "csv": true, "report": true, "coverage": true, "debug": true}

// options checks the flags of a batch command on io (name GAME ..., of at least this many games) and returns the lab's results
// options. It is the one place where every batch command's outputs are checked before the first game
// is played: the output-path checks of the other outputs (--log, --report) belong here too.
func (r *resultsFlags) options(io *IO, name, game string, games int) (lab.ResultsOptions, error) {
	shard, shards, err := parseShard(r.Shard)
	if err != nil {
		return lab.ResultsOptions{}, err
	}
	out := "--out"
	if r.fs != nil && r.fs.Lookup("out") == nil {
		out = "--results"
	}
	if shards > games {
		return lab.ResultsOptions{}, usagef("--shard %s: more shards than the %d games", r.Shard, games)
	}
	if r.Resume && r.Out == "" {
		return lab.ResultsOptions{}, usagef("--resume continues the results file of %s FILE: give %s", out, out)
	}
	return lab.ResultsOptions{Out: r.Out, Resume: r.Resume, Shard: shard, Shards: shards, Merge: io.merge,
		Args: r.recordedArgs(name, game), Command: recordedCommand(io), Version: Version()}, nil
}

// recordedArgs is the command line that matters to the results, canonical: the command, GAME, then
// every flag given (but those of notRecorded) as --name=value in name order, a repeated flag once per
// value. Two runs of the same batch record the same, however their flags were spelled.
func (r *resultsFlags) recordedArgs(name, game string) []string {
	args := []string{name, game}
	if r.fs == nil {
		return args
	}
	r.fs.Visit(func(f *pflag.Flag) {
		if notRecorded[f.Name] {
			return
		}
		if sv, ok := f.Value.(pflag.SliceValue); ok {
			for _, v := range sv.GetSlice() {
				args = append(args, "--"+f.Name+"="+v)
			}
			return
		}
		args = append(args, "--"+f.Name+"="+f.Value.String())
	})
	return args
}

// recordedCommand is the command line io runs as typed, without the flags of notRecorded: what merge
// names as the command of the whole batch (adding its own output flags).
func recordedCommand(io *IO) string {
	if io.merge != nil || io.args == nil {
		return io.CommandLine()
	}
	var kept []string
	for i := 0; i < len(io.args); i++ {
		a := io.args[i]
		name, _, hasValue := strings.Cut(strings.TrimPrefix(a, "--"), "=")
		if !strings.HasPrefix(a, "--") || !notRecorded[name] {
			kept = append(kept, a)
			continue
		}
		if !hasValue && takesValue(name) && i+1 < len(io.args) {
			i++ // the flag's value
		}
	}
	return quoteCommandLine(kept)
}

// takesValue tells whether a flag of notRecorded is followed by a value.
func takesValue(name string) bool {
	switch name {
	case "resume", "json", "csv", "coverage", "debug":
		return false
	}
	return true
}
