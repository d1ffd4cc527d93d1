package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/ruleslab/ruleslab/core/lab"
	"github.com/ruleslab/ruleslab/core/textsafe"
	"github.com/ruleslab/ruleslab/scripting"
)

// Exit codes: the one table of them (docs list the same).
const (
	ExitOK    = 0
	ExitError = 1 // bad input, illegal move, a failed game, an output that could not be written
	ExitUsage = 2 // bad flags or arguments
	// ExitInterrupted: Ctrl-C (SIGINT), SIGTERM or SIGHUP stopped the command; what finished was
	// reported and saved. The same code for the three signals (128+SIGINT, as shells report Ctrl-C).
	ExitInterrupted = 130
)

// IO is where a command reads and writes: data on Out, progress and diagnostics on Err.
type IO struct {
	In         io.Reader
	Out, Err   io.Writer
	ErrIsTerm  bool
	InIsTerm   bool
	OutIsTerm  bool
	Interrupts <-chan os.Signal // nil: no interrupt handling
	command    string           // the command line Execute runs (CommandLine)
	args       []string         // its arguments (a results file records them)
	merge      []string         // the results files `merge` summarises: batch commands read them instead of playing
	// stopped: a signal stopped the command's batch (runBatch); it exits ExitInterrupted
	stopped bool
	// exit ends the process where a signal cannot reach the code that waits (a read from a person):
	// os.Exit from Main; nil in-process (tests), where nothing blocks on a terminal
	exit func(code int)
}

// System returns the process's standard streams.
func System() *IO {
	return &IO{In: os.Stdin, Out: os.Stdout, Err: os.Stderr,
		ErrIsTerm: term.IsTerminal(int(os.Stderr.Fd())),
		InIsTerm:  term.IsTerminal(int(os.Stdin.Fd())),
		OutIsTerm: term.IsTerminal(int(os.Stdout.Fd()))}
}

// UsageError is a problem with flags or arguments (exit code 2); the lab reports its own so.
type UsageError = lab.UsageError

func usagef(format string, args ...any) error { return lab.Usagef(format, args...) }

// SilentError carries an exit code for an error already reported.
type SilentError struct{ Code int }

func (e *SilentError) Error() string { return fmt.Sprintf("exit %d", e.Code) }

// NewRoot builds the command tree.
func NewRoot(io *IO) *cobra.Command {
	root := &cobra.Command{
		Use:           "ruleslab",
		Short:         "A sandbox for tabletop rules: play, simulate and check games written as YAML + Lua",
		SilenceUsage:  true,
		SilenceErrors: true,
		Version:       Version(),
	}
	root.SetVersionTemplate("ruleslab {{.Version}}\n")
	var debug bool
	root.PersistentFlags().BoolVar(&debug, "debug", false, "print g:log output of Lua hooks to stderr")
	root.PersistentPreRun = func(*cobra.Command, []string) { scripting.SetDebug(debug) }
	root.SetOut(io.Out)
	root.SetErr(io.Err)
	root.SetIn(io.In)
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error { return &UsageError{Msg: err.Error()} })
	root.AddCommand(NewCmdGames(io, nil), NewCmdShow(io, nil), NewCmdValidate(io, nil), NewCmdRun(io, nil), NewCmdPlay(io, nil),
		NewCmdSim(io, nil), NewCmdMerge(io, nil), NewCmdCompare(io, nil), NewCmdSweep(io, nil), NewCmdTournament(io, nil), NewCmdFuzz(io, nil),
		NewCmdReplay(io, nil), NewCmdBench(io, nil), NewCmdSource(io, nil), NewCmdRules(io, nil), NewCmdHooks(io, nil), NewCmdNew(io, nil),
		NewCmdBots(io, nil), NewCmdHost(io, nil), NewCmdVersion(io, nil))
	addCompletions(root)
	strictCompletion(root)
	addExamples(root)
	return root
}

// Main runs the command line and returns the exit code.
func Main(io *IO) int {
	io.exit = os.Exit
	return Execute(io, os.Args[1:])
}

// Execute runs the command line with args and returns the exit code; errors are one short line on Err.
func Execute(io *IO, args []string) (code int) {
	defer func() {
		if p := recover(); p != nil {
			fmt.Fprintf(io.Err, "ruleslab: internal error: %v\n", p)
			code = ExitError
		}
	}()
	root := NewRoot(io)
	root.SetArgs(args)
	io.command = quoteCommandLine(args)
	io.args = args
	ran, err := root.ExecuteC()
	if io.stopped {
		return interruptedExit(io, err)
	}
	if err == nil {
		return ExitOK
	}
	return reportError(io, err, ran)
}

// reportError prints the error of the command that ran on Err and returns the exit code: a usage
// error with the way to that command's help, several problems (a game's files checked together) one a
// line then how many, anything else as one line.
func reportError(io *IO, err error, ran *cobra.Command) int {
	var silent *SilentError
	if errors.As(err, &silent) {
		return silent.Code
	}
	var usage *UsageError
	if errors.As(err, &usage) || isCobraUsage(err) {
		fmt.Fprintf(io.Err, "ruleslab: %s\n", textsafe.Escape(err.Error()))
		path := "ruleslab"
		if ran != nil {
			path = ran.CommandPath()
		}
		fmt.Fprintf(io.Err, "Run '%s --help' for usage.\n", path)
		return ExitUsage
	}
	if parts := errorParts(err); len(parts) > 1 {
		printProblems(io.Err, problemsOf("", err))
		fmt.Fprintf(io.Err, "ruleslab: %d problems\n", len(parts))
		return ExitError
	}
	fmt.Fprintf(io.Err, "ruleslab: %s\n", textsafe.Escape(err.Error()))
	return ExitError
}

// interruptedExit is the exit of a command a signal stopped: its error, if not already reported, is
// printed; the code is ExitInterrupted whatever the error.
func interruptedExit(io *IO, err error) int {
	var silent *SilentError
	if err != nil && !errors.As(err, &silent) {
		fmt.Fprintf(io.Err, "ruleslab: %s\n", textsafe.Escape(err.Error()))
	}
	return ExitInterrupted
}

func isCobraUsage(err error) bool {
	msg := err.Error()
	for _, p := range []string{"unknown command", "accepts ", "requires at least", "unknown flag", "unknown shorthand", "invalid argument"} {
		if strings.Contains(msg, p) {
			return true
		}
	}
	return false
}

// runOr is the run function of a command's parsed options: runF when given (tests pass one that only
// looks at the options), else run.
func runOr[O any](runF, run func(*O) error) func(*O) error {
	if runF != nil {
		return runF
	}
	return run
}

// exactArgs is cobra.ExactArgs as a usage error.
func exactArgs(n int, what string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) != n {
			return usagef("%s needs %s", cmd.Name(), what)
		}
		return nil
	}
}
