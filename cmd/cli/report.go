package cli

import (
	"strings"

	"github.com/ruleslab/ruleslab/core/report"
)

// The --report file of sim, compare, sweep and tournament is written by core/report; here is what it
// needs from the command line: the command being run and the version, and the usage error for a file
// name with no known format.

// NewReport starts a report stamped with the command line being run and the version.
func NewReport(title string) *report.Report {
	return report.New(title, reportStamp())
}

// reportStamp is what a report says about how it was made: this command line, this version.
func reportStamp() report.Stamp {
	return report.Stamp{Command: CommandLine(), Version: Version()}
}

// checkReportPath rejects a --report name with no known format before any game is played.
func checkReportPath(path string) error {
	if err := report.CheckPath(path); err != nil {
		return usagef("%v", err)
	}
	return nil
}

// commandLine is the command line Execute is running, for reports.
var commandLine string

// CommandLine returns "ruleslab ARGS..." of the running command, each argument quoted if it needs it.
func CommandLine() string {
	if commandLine == "" {
		return "github.com/ruleslab/ruleslab"
	}
	return commandLine
}

func setCommandLine(args []string) {
	parts := []string{"ruleslab"}
	for _, a := range args {
		if a == "" || strings.ContainsAny(a, " \t\n'\"\\$`;&|<>*?()[]{}#~") {
			a = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
		parts = append(parts, a)
	}
	commandLine = strings.Join(parts, " ")
}
