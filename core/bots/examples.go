package bots

import (
	"fmt"
	"strings"

	"github.com/ruleslab/ruleslab"
)

// ExampleBot is an example external bot bundled in the binary (scripts/bots/example_bot.*).
type ExampleBot struct {
	Lang   string // what --lang names it by
	File   string // its file in scripts/bots/
	Runner string // the program that runs it: cmd:RUNNER FILE seats it
}

// ExampleBots are the bundled example bots, Python first (the default).
var ExampleBots = []ExampleBot{
	{Lang: "python", File: "example_bot.py", Runner: "python3"},
	{Lang: "node", File: "example_bot.js", Runner: "node"},
}

// ExampleLangs are the languages of the example bots.
func ExampleLangs() []string {
	langs := make([]string, len(ExampleBots))
	for i, e := range ExampleBots {
		langs[i] = e.Lang
	}
	return langs
}

// Example returns the example bot in lang.
func Example(lang string) (ExampleBot, error) {
	for _, e := range ExampleBots {
		if e.Lang == lang {
			return e, nil
		}
	}
	return ExampleBot{}, fmt.Errorf("no example bot in %q (languages: %s)", lang, strings.Join(ExampleLangs(), ", "))
}

// Source is the example bot's source, as bundled in the binary.
func (e ExampleBot) Source() ([]byte, error) {
	return ruleslab.ExampleBots.ReadFile("scripts/bots/" + e.File)
}
