package cli

import (
	"io"
	"testing"

	"github.com/spf13/cobra"
	"github.com/stretchr/testify/assert"
)

// Every command that prints data takes --json (gh and kubectl as models), subcommands included. The
// others print a document (rules: the game's RULES.md), write files (new), hold a game on the terminal
// (play, host) or print a program (completion's shell scripts, bots example's bot); a new command must
// take --json or be added here with its reason.
func TestEveryCommandThatPrintsDataTakesJSON(t *testing.T) {
	noData := map[string]bool{"ruleslab rules": true, "ruleslab new": true, "ruleslab play": true, "ruleslab host": true,
		"ruleslab completion": true, "ruleslab help": true, "ruleslab bots example": true}
	var walk func(c *cobra.Command)
	checked := 0
	walk = func(c *cobra.Command) {
		for _, sub := range c.Commands() {
			if noData[sub.CommandPath()] {
				continue
			}
			assert.NotNil(t, sub.Flags().Lookup("json"), "%s prints data but has no --json", sub.CommandPath())
			checked++
			walk(sub)
		}
	}
	walk(NewRoot(&IO{Out: io.Discard, Err: io.Discard}))
	assert.Greater(t, checked, 15)
}
