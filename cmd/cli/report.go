package cli

import (
	"fmt"
	"strings"

	"github.com/ruleslab/ruleslab/core/report"
	"github.com/ruleslab/ruleslab/core/textsafe"
)

// The --report file of sim, compare, sweep and tournament is written by core/report; here is what it
// needs from the command line: the command being run and the version, and the usage error for a file
// name with no known format.

// reportStamp is what a report says about how it was made: the command line io runs, this version.
func reportStamp(io *IO) report.Stamp {
	return report.Stamp{Command: io.CommandLine(), Version: Version()}
}

// checkReportPath rejects a --report name with no known format before any game is played.
func checkReportPath(path string) error {
	if err := report.CheckPath(path); err != nil {
		return usagef("%v", err)
	}
	return nil
}

// afterSummary is the error of a command whose summary is printed (err, nil if it succeeded) and whose
// output that came after it failed to write (writeErr): that failure is reported on stderr, naming
// the file, and the command fails; the summary's own error, if any, stands.
func afterSummary(io *IO, err, writeErr error) error {
	if writeErr == nil {
		return err
	}
	fmt.Fprintf(io.Err, "ruleslab: %s\n", textsafe.Escape(writeErr.Error()))
	if err == nil {
		err = &SilentError{Code: ExitError}
	}
	return err
}

// CommandLine returns "ruleslab ARGS..." of the command Execute runs on io, each argument quoted if it
// needs it (reports and results files name it).
func (io *IO) CommandLine() string {
	if io.command == "" {
		return "github.com/ruleslab/ruleslab"
	}
	return io.command
}

// quoteCommandLine spells the command line of args as a shell would take it.
func quoteCommandLine(args []string) string {
	parts := []string{"ruleslab"}
	for _, a := range args {
		if a == "" || strings.ContainsAny(a, " \t\n'\"\\$`;&|<>*?()[]{}#~") {
			a = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
		parts = append(parts, a)
	}
	return strings.Join(parts, " ")
}
