package cli

import (
	"io"
	"testing"

	"github.com/stretchr/testify/assert"
)

// Every command that prints data takes --json (gh and kubectl as models). The others print a document
// (rules: the game's RULES.md), write files (new), hold a game on the terminal (play, host) or print
// a shell script (completion); a new command must take --json or be added here with its reason.
func TestEveryCommandThatPrintsDataTakesJSON(t *testing.T) {
	noData := map[string]bool{"rules": true, "new": true, "play": true, "host": true, "completion": true, "help": true}
	root := NewRoot(&IO{Out: io.Discard, Err: io.Discard})
	for _, c := range root.Commands() {
		if noData[c.Name()] {
			continue
		}
		assert.NotNil(t, c.Flags().Lookup("json"), "%s prints data but has no --json", c.Name())
	}
}
