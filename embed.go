// Package ruleslab holds the bundled games (variants/ and scripts/) embedded in every binary, so an
// installed ruleslab works from any folder. The command is in cmd/ruleslab; the engine in core/.
package ruleslab

import "embed"

// Bundled is the bundled games' files: variants/<game>/ (YAML, scenarios and the RULES.md that rule
// coverage reads) and scripts/ (Lua).
//
//go:embed variants scripts/*/*.lua
var Bundled embed.FS

// ExampleBots is the example external bots (scripts/bots/example_bot.*, protocol of docs/protocol.md),
// so that `ruleslab bots example` writes them outside a checkout.
//
//go:embed scripts/bots/example_bot.*
var ExampleBots embed.FS
