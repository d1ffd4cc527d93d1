package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// One table of exit codes for every command: a mistyped game or variant (a name, or a game file that
// does not exist) is a usage error, 2, in every command that takes GAME.
func TestExitCodesAgreeAcrossCommands(t *testing.T) {
	t.Chdir(t.TempDir())
	for _, cmd := range []string{"sim", "show", "compare", "bench", "sweep", "tournament", "fuzz", "source", "rules", "hooks", "play"} {
		_, errb, code := runCLI(t, cmd, "nosuchgame.yaml")
		assert.Equal(t, ExitUsage, code, "%s with a missing game file: %s", cmd, errb)
		_, errb, code = runCLI(t, cmd, "mimic-taking", "--variant", "nope")
		assert.Equal(t, ExitUsage, code, "%s with an unknown variant: %s", cmd, errb)
	}
	_, _, code := runCLI(t, "validate", "mimic-taking", "--variant", "nope")
	assert.Equal(t, ExitUsage, code, "validate with an unknown variant")
	// validate's PATHs are inputs to check: one that does not exist is a problem of that file
	_, _, code = runCLI(t, "validate", "nosuchfile.yaml")
	assert.Equal(t, ExitError, code)
}

// README's sentence on exit codes names the codes of the one table.
func TestReadmeListsTheExitCodes(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	require.NoError(t, err)
	readme := strings.Join(strings.Fields(string(data)), " ")
	for _, code := range []int{ExitOK, ExitError, ExitUsage, ExitInterrupted} {
		assert.Contains(t, readme, fmt.Sprintf(" %d ", code), "README's exit codes lack %d", code)
	}
	assert.Contains(t, readme, "Exit codes: 0 ok, 1 bad input or a failed game, 2 bad flags, 130 stopped by")
}
