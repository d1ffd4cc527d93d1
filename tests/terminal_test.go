package tests

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestNoTerminalQueriesOnStderr: a command whose output goes to a file, run on a terminal, writes
// nothing to that terminal but what it reports: no escape sequence, even without NO_COLOR. The
// default logger of charmbracelet/log before v0.4 (a dependency of the SSH host's wish) asked the
// terminal on stderr for its colours when the program started: OSC 10 and 11 queries on every command,
// each waiting up to 5 s for an answer that a terminal which does not answer them (a pseudo-terminal
// of a hook runner, script(1)) never gives. Run under util-linux script(1), whose terminal answers
// nothing; skipped without it.
func TestNoTerminalQueriesOnStderr(t *testing.T) {
	script, err := exec.LookPath("script")
	if err != nil || runtime.GOOS != "linux" {
		t.Skip("needs util-linux script(1)")
	}
	bin := buildBinary(t)
	out := filepath.Join(t.TempDir(), "games.txt")
	cmd := exec.Command(script, "-qec", bin+" games > "+out, "/dev/null")
	cmd.Env = append(os.Environ(), "TERM=xterm-256color", "NO_COLOR=")
	terminal, err := cmd.Output()
	require.NoError(t, err, "%q", terminal)
	assert.NotContains(t, string(terminal), "\x1b", "escape sequences written to the terminal")
	games, err := os.ReadFile(out)
	require.NoError(t, err)
	assert.Contains(t, string(games), "mimic-taking")
}
