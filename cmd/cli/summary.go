package cli

import (
	"fmt"
	"io"
	"strings"

	"github.com/ruleslab/ruleslab/core/coverage"
	"github.com/ruleslab/ruleslab/core/lab"
	"github.com/ruleslab/ruleslab/core/report"
	"github.com/ruleslab/ruleslab/core/stats"
)

// batchReport is what sim and merge print after a batch: the summary on stdout (text or JSON), and
// notes, failures and interruptions on stderr, with the exit code.
type batchReport struct {
	lab.BatchOutcome
	JSON     bool
	Coverage *coverage.Report
	// Base is sim's comparison of a variant with what it extends; BaseSkipped says why there is none.
	Base        *lab.BaseComparison
	BaseSkipped string
}

func (rep *batchReport) print(io *IO) error {
	sum := rep.Summary
	if sum.Games == 0 {
		// Nothing finished: a table of zeros would hide why; a script reading --json still gets an
		// object, with the failures
		if rep.JSON {
			if err := rep.printSummary(io.Out); err != nil {
				return err
			}
		}
		switch {
		case sum.Failed > 0:
			fmt.Fprintf(io.Err, "all %d games failed; nothing to report. The first: %s\n", sum.Failed, rep.First)
			rep.repro(io)
		default:
			fmt.Fprintf(io.Err, "interrupted before any game finished; nothing to report\n")
		}
		if rep.Interrupted && sum.Failed > 0 {
			rep.interrupted(io)
		}
		return &SilentError{Code: ExitError}
	}
	if err := rep.printSummary(io.Out); err != nil {
		return err
	}
	if len(sum.Undeclared) > 0 {
		fmt.Fprintf(io.Err, "note: reported as counts, not declared in the YAML `stats:`: %s\n", strings.Join(sum.Undeclared, ", "))
	}
	for _, p := range sum.Problems {
		fmt.Fprintf(io.Err, "%s\n", p)
	}
	if rep.Interrupted {
		rep.interrupted(io)
		return &SilentError{Code: ExitError}
	}
	if failed := rep.baseStatus(io); failed {
		return &SilentError{Code: ExitError}
	}
	if sum.Failed > 0 {
		rep.failures(io)
		return &SilentError{Code: ExitError}
	}
	if len(sum.Problems) > 0 {
		return &SilentError{Code: ExitError}
	}
	return nil
}

// printSummary prints the summary (and the coverage) as text or JSON.
func (rep *batchReport) printSummary(w io.Writer) error {
	base := rep.Base
	if base != nil && base.Pairs == 0 {
		base = nil // nothing compared: baseStatus says why
	}
	if !rep.JSON {
		report.SummaryText(w, rep.Summary)
		if base != nil {
			report.VersusBaseText(w, base)
		}
		if rep.Coverage != nil {
			coverage.Print(w, *rep.Coverage)
		}
		return nil
	}
	return report.JSON(w, struct {
		stats.Summary
		Failures   *lab.Failures       `json:"failures,omitempty"`
		Coverage   *coverage.Report    `json:"coverage,omitempty"`
		VersusBase *lab.BaseComparison `json:"versus_base,omitempty"`
	}{rep.Summary, rep.Failures.IfAny(), rep.Coverage, base})
}

func (rep *batchReport) repro(io *IO) {
	if rep.Count > 0 {
		fmt.Fprintf(io.Err, "reproduce it with: %s\n", rep.Header.ReproCommand(rep.FirstIndex))
	}
}

func (rep *batchReport) interrupted(io *IO) {
	fmt.Fprintf(io.Err, "interrupted: %d of %d games finished and reported\n", rep.Done, rep.Total)
	if rep.Resume {
		fmt.Fprintf(io.Err, "they are saved in %s: run the same command with --resume to play the other %d\n", rep.Out, rep.Total-rep.Done)
	}
}

func (rep *batchReport) failures(io *IO) {
	fmt.Fprintf(io.Err, "%d games failed; the first: %s\n", rep.Summary.Failed, rep.First)
	for _, f := range rep.List[1:] {
		fmt.Fprintf(io.Err, "  also: %s\n", f)
	}
	if rep.Count > len(rep.List) {
		fmt.Fprintf(io.Err, "  and %d more (each with its seed in --log)\n", rep.Count-len(rep.List))
	}
	rep.repro(io)
}

// The formats of the summaries, for the reports.
func writeJSON(w io.Writer, v any) error { return report.JSON(w, v) }
