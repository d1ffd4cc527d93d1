// Package core is the game-independent engine of ruleslab, and only the engine.
//
// A game is data: its components, zones and parameters come from YAML (package config) and its rules
// from Lua hooks (package scripting), reached through the Rules interface. The core owns the state (zones,
// values, scores, the pending decision and the event log), the seeded per-purpose random streams, the
// fast Go mechanics that several games share (the trick, boards), per-seat observations derived from zone
// visibility alone and the read-only View a bot is shown, the Bot interface with the random bot, and the
// loop that plays a game out with bots (PlayOut).
//
// Rules hooks change a state through one seam, State.Handle; runners, bots and searches read it through
// State's methods and View. Statistics, search, batches, reports and terminals are clients of the
// engine, in packages of their own (stats, search, lab, report, tui).
//
// The loop never calls a bot from inside a hook: hooks only ask for the next decision (Handle.Ask or
// Handle.StartTrick); the runner asks the seat's bot or human and feeds the answer back with State.Apply.
package core
