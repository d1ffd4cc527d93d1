package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/ruleslab/ruleslab/core/config"
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

// writeReport writes a command's --report with the text of the variant files it played (GAME when it
// is a variant file, each --variant file), and says on stderr where it went.
func writeReport(io *IO, r *report.Report, path, game string, variants ...string) error {
	r.Files = variantSources(game, variants)
	if err := r.WriteFile(path); err != nil {
		return err
	}
	fmt.Fprintf(io.Err, "report written to %s\n", textsafe.Escape(path))
	return nil
}

// variantSources are the variant YAML files and override Lua files of GAME and its variants, each
// once, in the order they load. A variant that does not load has been reported by the command
// already: it adds nothing here.
func variantSources(game string, variants []string) []report.SourceText {
	if len(variants) == 0 {
		variants = []string{""}
	}
	var out []report.SourceText
	seen := map[string]bool{}
	for _, v := range variants {
		path, err := config.ResolvePath(game, v)
		if err != nil {
			continue
		}
		g, err := config.Load(path)
		if err != nil {
			continue
		}
		files, err := config.Sources(g, true)
		if err != nil {
			continue
		}
		for _, f := range files {
			if seen[f.Path] || (f.Part != "variant" && f.Part != "override") {
				continue
			}
			seen[f.Path] = true
			if text, err := config.ReadFile(f.Path, config.MaxFileBytes); err == nil {
				out = append(out, report.SourceText{Path: shownPath(f.Path), Part: f.Part, Text: string(text)})
			}
		}
	}
	return out
}

// shownPath is a file's path as a report shows it: relative to the current folder when it lies below
// it, as messages show it otherwise.
func shownPath(p string) string {
	if wd, err := os.Getwd(); err == nil && !config.IsEmbedded(p) {
		if rel, err := filepath.Rel(wd, p); err == nil && !strings.HasPrefix(rel, "..") {
			return rel
		}
	}
	return config.Shown(p)
}
