package cli

import (
	"fmt"
	"runtime"
	"runtime/debug"

	"github.com/spf13/cobra"
)

// Version returns the module version and the commit the binary was built from: "v1.2.0 (commit
// 0123abcd, 2026-11-24)", or "(devel)" with the commit for a build from a checkout.
func Version() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	v := info.Main.Version
	if v == "" {
		v = "(devel)"
	}
	var rev, when, dirty string
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			when = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				dirty = ", modified"
			}
		}
	}
	if rev == "" {
		return v
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if len(when) >= 10 {
		when = ", " + when[:10]
	}
	return fmt.Sprintf("%s (commit %s%s%s)", v, rev, when, dirty)
}

// VersionOptions are the options of `ruleslab version`.
type VersionOptions struct {
	IO   *IO
	JSON bool
}

// NewCmdVersion builds `ruleslab version`; runF runs the parsed options (nil: runVersion).
func NewCmdVersion(io *IO, runF func(*VersionOptions) error) *cobra.Command {
	opts := &VersionOptions{IO: io}
	cmd := &cobra.Command{
		Use:     "version",
		Short:   "Print the version and commit of this binary",
		Example: "  ruleslab version\n  ruleslab --version\n  ruleslab version --json",
		Args:    exactArgs(0, "no arguments"),
		RunE:    func(*cobra.Command, []string) error { return runOr(runF, runVersion)(opts) },
	}
	cmd.Flags().BoolVar(&opts.JSON, "json", false, `print {"version", "go"}`)
	return cmd
}

func runVersion(opts *VersionOptions) error {
	if opts.JSON {
		return writeJSON(opts.IO.Out, map[string]string{"version": Version(), "go": runtime.Version()})
	}
	fmt.Fprintf(opts.IO.Out, "ruleslab %s\n", Version())
	return nil
}
