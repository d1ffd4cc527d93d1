package cli

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A usage error points to the help of the command that was run, and exits 2; an unknown command to
// ruleslab's own.
func TestUsageErrorNamesTheSubcommand(t *testing.T) {
	for _, c := range []struct {
		args []string
		hint string
	}{
		{[]string{"sim", "mimic-taking", "--gmaes", "3"}, "Run 'ruleslab sim --help' for usage.\n"},
		{[]string{"compare", "mimic-taking", "--variant", "nope"}, "Run 'ruleslab compare --help' for usage.\n"},
		{[]string{"new", "dir"}, "Run 'ruleslab new --help' for usage.\n"},
		{[]string{"simm", "mimic-taking"}, "Run 'ruleslab --help' for usage.\n"},
		// cobra's completion command printed its help and exited 0 for an unknown or missing shell
		{[]string{"completion", "fihs"}, "ruleslab: completion: no shell \"fihs\" (shells: bash, fish, powershell, zsh)\nRun 'ruleslab completion --help' for usage.\n"},
		{[]string{"completion"}, "ruleslab: completion needs a SHELL: bash, fish, powershell, zsh\n"},
	} {
		_, errb, code := runCLI(t, c.args...)
		assert.Equal(t, ExitUsage, code, "%v: %s", c.args, errb)
		assert.Contains(t, errb, c.hint, "%v", c.args)
	}
}
