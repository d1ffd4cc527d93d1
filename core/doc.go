// Package core is the game-independent engine of ruleslab.
//
// A game is data: its components, zones and parameters come from YAML (package config) and its rules
// from Lua hooks (package scripting), reached through the Rules interface. The core owns the state (zones,
// values, scores, the pending decision and the event log), the seeded per-purpose random streams, the fast Go mechanics that
// several games share (the trick), per-seat observations derived from zone visibility alone, the bots,
// the match runner and the statistics.
//
// The loop never calls a bot from inside a hook: hooks only ask for the next decision (State.Ask or
// State.StartTrick); the runner asks the seat's bot or human and feeds the answer back with State.Apply.
package core
