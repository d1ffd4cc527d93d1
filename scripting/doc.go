// Package scripting hosts the Lua side of ruleslab: a sandboxed gopher-lua state per worker, scripts
// compiled once and shared, the hook registry that implements core.Rules, the `g` API that hooks use to
// read and change the Go-held state, and bots written in Lua. docs/authoring.md documents the contract for authors.
package scripting
