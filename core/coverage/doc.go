// Package coverage is ruleslab's rule coverage: over a batch of games, how often each of the engine's
// hooks ran and each rule id was marked (g:rule), and which rules never fired.
//
// It owns the counter that batch workers share (Counter, CountedWorker), the report it makes (Report: hooks,
// rule ids with their status, the lists of rules that did not fire) and its text form (Print), the
// scan of a game's scripts for the ids they mark, and the reading of the game's rules doc: the
// RULES.md beside its YAML and, for a house rule, the one of the bundled game it extends (for a
// bundled game read from the files embedded in the binary when there is no ruleslab folder).
package coverage
