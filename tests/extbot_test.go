package tests

import (
	"encoding/json"
	"fmt"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/ruleslab/ruleslab/core/config"
)

// TestExternalBotPlaysEveryBundledGame: the example Python bot (scripts/bots/example_bot.py), speaking
// the protocol of docs/protocol.md, plays every seat of a full game of every bundled game and
// variant; and a mixed seating in a tournament. -short plays one game of each bundled game's base
// rules and no tournament (testdata/script/cli/ext-bot.txtar seats the bot in a tournament too).
func TestExternalBotPlaysEveryBundledGame(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not installed")
	}
	t.Setenv("RULESLAB_HOME", repoRoot(t))
	bot := "cmd:python3 " + filepath.Join(repoRoot(t), "scripts", "bots", "example_bot.py")
	games, err := config.BundledGames()
	require.NoError(t, err)
	require.NotEmpty(t, games)
	n := 2
	if testing.Short() {
		n = 1
	}
	for _, b := range games {
		for _, v := range append([]string{""}, b.Variants...) {
			if v != "" && testing.Short() {
				continue
			}
			name := b.ID
			if v != "" {
				name += "/" + v
			}
			t.Run(name, func(t *testing.T) {
				args := []string{"sim", b.ID, "--games", fmt.Sprint(n), "--workers", "2", "--seats", bot, "--json", "--move-time", "10s"}
				if v != "" {
					args = append(args, "--variant", v)
				}
				out, errOut, code := execCLI(t, args...)
				require.Equal(t, 0, code, "stderr: %s", errOut)
				var sum struct {
					Games  int `json:"games"`
					Failed int `json:"failed"`
				}
				require.NoError(t, json.Unmarshal([]byte(out), &sum), out)
				require.Equal(t, n, sum.Games, out)
				require.Equal(t, 0, sum.Failed, out)
			})
		}
	}
	t.Run("tournament", func(t *testing.T) {
		if testing.Short() {
			t.Skip("the full suite runs it")
		}
		_, errOut, code := execCLI(t, "tournament", games[0].ID, "--bots", bot+",random", "--games", "4", "--json")
		require.Equal(t, 0, code, "stderr: %s", errOut)
	})
}
