package cli

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestEveryCommandHasExamples: each command's --help has an Examples section, and every example line
// names a real command with flags it accepts and, where it names a bundled game (and variant), one
// that loads.
func TestEveryCommandHasExamples(t *testing.T) {
	t.Setenv("RULESLAB_HOME", "")
	var out bytes.Buffer
	root := NewRoot(&IO{Out: &out, Err: &out})
	for _, c := range root.Commands() {
		if c.Name() == "help" {
			continue
		}
		require.NotEmpty(t, c.Example, "%s --help has no Examples section", c.Name())
		own := 0 // example lines of this command (others may prepare its input)
		for _, line := range strings.Split(c.Example, "\n") {
			command, _, _ := strings.Cut(line, " > ") // a redirection is no argument
			fields := strings.Fields(command)
			if len(fields) < 2 || fields[0] != "ruleslab" || strings.HasPrefix(fields[1], "-") {
				continue
			}
			fresh := NewRoot(&IO{Out: &out, Err: &out})
			cmd, rest, err := fresh.Find(fields[1:])
			require.NoError(t, err, "example %q", line)
			if cmd.Name() == c.Name() || cmd.Parent().Name() == c.Name() { // completion zsh is completion's
				own++
			}
			require.NoError(t, cmd.ParseFlags(rest), "example %q", line)
			args := cmd.Flags().Args()
			if f := cmd.Flags().Lookup("from"); f != nil {
				args = []string{f.Value.String()} // new DIR --from GAME: the game is the flag's
			}
			if len(args) == 0 || strings.Contains(args[0], ".") {
				continue // no game, or a file the user would have
			}
			variant := ""
			if f := cmd.Flags().Lookup("variant"); f != nil && f.Value.Type() == "string" {
				variant = f.Value.String()
			}
			if strings.HasSuffix(variant, ".yaml") {
				variant = ""
			}
			_, _, err = loadGame(args[0], variant, 0)
			require.NoError(t, err, "example %q", line)
		}
		if c.Name() != "version" {
			require.NotZero(t, own, "%s --help has no example of itself", c.Name())
		}
	}
}
