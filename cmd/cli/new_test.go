package cli

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestNewOptions(t *testing.T) {
	o := parseCmd(t, NewCmdNew, "house", "--from", "simino", "--variant", "whites")
	assert.Equal(t, NewOptions{IO: o.IO, Dir: "house", From: "simino", Variant: "whites"}, *o)
	require.Error(t, argsError(t, NewCmdNew))
	require.Error(t, argsError(t, NewCmdNew, "a", "b"))
}

// `new` writes the folder and says what to run next; the folder validates and plays; it refuses a
// folder that holds anything, and a missing --from, without writing.
func TestNewWritesAFolderThatPlays(t *testing.T) {
	t.Chdir(t.TempDir())
	out, errb, code := runCLI(t, "new", "my-rule", "--from", "zoomies")
	require.Equal(t, ExitOK, code, errb)
	for _, f := range []string{"my-rule/my-rule.yaml", "my-rule/my-rule.lua", "my-rule/scenarios/example.yaml"} {
		assert.Contains(t, out, "wrote "+f+"\n")
		assert.FileExists(t, f)
	}
	assert.Contains(t, out, "ruleslab sim my-rule/my-rule.yaml --games 2000")
	_, errb, code = runCLI(t, "validate", "my-rule/my-rule.yaml", "my-rule/scenarios/example.yaml")
	require.Equal(t, ExitOK, code, errb)

	before, err := os.ReadFile("my-rule/my-rule.yaml")
	require.NoError(t, err)
	_, errb, code = runCLI(t, "new", "my-rule", "--from", "mimic-taking")
	assert.Equal(t, ExitError, code)
	assert.Contains(t, errb, "my-rule already exists and is not empty: give a new folder (nothing was written)")
	after, err := os.ReadFile("my-rule/my-rule.yaml")
	require.NoError(t, err)
	assert.Equal(t, string(before), string(after))

	_, errb, code = runCLI(t, "new", "other")
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errb, "--from GAME is required")
	assert.NoDirExists(t, filepath.Join("other"))
}
