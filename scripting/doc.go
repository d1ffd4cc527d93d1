// Package scripting hosts the Lua side of ruleslab: a sandboxed gopher-lua state per worker (Host),
// a game's scripts compiled once and shared (Program), the hook registry that implements core.Rules for
// any state of the game (Engine), the `g` API through which hooks read the state and change it (only
// through core.State's Handle), the read-only hooks a search uses (evaluate, sample_ok, rollout), and
// bots written in Lua (LuaBot). docs/authoring.md documents the contract for authors.
//
// Other kinds of bot and the registry that reads bot specs are package bots; the batch worker is
// package lab's.
package scripting
