// Package cli implements the ruleslab commands. Each is a thin cobra shell, built by NewCmdX(io, runF),
// over an Options struct filled from flags (the batch flags and output flags are shared groups,
// registered and checked once): it checks the options, calls the lab (package lab) or the engine, and
// prints the result. Data goes to stdout and diagnostics to stderr; errors map to one table of exit
// codes. Tests pass a runF that captures the parsed options without running games.
package cli
