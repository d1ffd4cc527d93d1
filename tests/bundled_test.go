package tests

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/ruleslab/ruleslab/cmd/cli"
	"github.com/ruleslab/ruleslab/core/config"
)

// bundledTarget is one bundled game or variant at one player count.
type bundledTarget struct {
	game, variant string
	players       int
}

func (b bundledTarget) name() string {
	n := b.game
	if b.variant != "" {
		n += "/" + b.variant
	}
	return fmt.Sprintf("%s/%dp", n, b.players)
}

// bundledTargets lists every bundled game and variant at every player count it allows.
func bundledTargets(t testing.TB) []bundledTarget {
	t.Helper()
	t.Setenv("RULESLAB_HOME", repoRoot(t))
	games, err := config.BundledGames()
	require.NoError(t, err)
	var out []bundledTarget
	for _, b := range games {
		for _, v := range append([]string{""}, b.Variants...) {
			cfg, err := config.Resolve(b.ID, v)
			require.NoError(t, err)
			for p := cfg.Players.Min; p <= cfg.Players.Max; p++ {
				out = append(out, bundledTarget{b.ID, v, p})
			}
		}
	}
	return out
}

func execCLI(t testing.TB, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := cli.Execute(&cli.IO{In: bytes.NewReader(nil), Out: &out, Err: &errb}, args)
	return out.String(), errb.String(), code
}

// TestLogsAreIdenticalForAnyWorkerCount: the same seed gives a byte-identical --log with 1 and 2
// workers, for every bundled game, variant and player count, and replay verifies every logged game.
// -short plays 3 games (one worker plays two) at each game and variant's default player count only.
func TestLogsAreIdenticalForAnyWorkerCount(t *testing.T) {
	targets, games := bundledTargets(t), 8
	if testing.Short() {
		targets, games = defaultTargets(t), 3
	}
	for _, target := range targets {
		t.Run(target.name(), func(t *testing.T) {
			dir := t.TempDir()
			var logs [2][]byte
			for i, workers := range []string{"1", "2"} {
				path := filepath.Join(dir, "w"+workers+".jsonl")
				args := []string{"sim", target.game, "--games", fmt.Sprint(games), "--seed", "99", "--workers", workers,
					"--players", fmt.Sprint(target.players), "--seats", "random,greedy", "--log", path}
				if target.variant != "" {
					args = append(args, "--variant", target.variant)
				}
				_, stderr, code := execCLI(t, args...)
				require.Equal(t, 0, code, stderr)
				data, err := os.ReadFile(path)
				require.NoError(t, err)
				logs[i] = data
			}
			require.Equal(t, string(logs[0]), string(logs[1]), "logs differ between 1 and 2 workers")
			out, stderr, code := execCLI(t, "replay", filepath.Join(dir, "w1.jsonl"))
			require.Equal(t, 0, code, stderr)
			require.Contains(t, out, fmt.Sprintf("%d games replayed, all events identical", games))
		})
	}
}
