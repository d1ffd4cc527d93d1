// Package bots is the one registry of ruleslab's bots: it reads every bot spec that a command, a
// scenario or a search names (random, a game's scripted bots, `lua:PATH` scripts, `cmd:COMMAND`
// external programs, `ismcts[:OPTIONS]` searches), checks it when the command line is read, lists the
// names for completion, and makes each seat's bot on a worker's engine.
//
// It owns the external-process bots (the JSON-lines protocol of docs/protocol.md) and builds the search
// bot (package search) with the game's Lua hooks as its evaluation, plausibility and rollout policies.
// Lua bots themselves run in the Lua host (package scripting).
package bots
