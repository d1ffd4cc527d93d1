package tests

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"go.yaml.in/yaml/v3"

	"github.com/ruleslab/ruleslab/core/config"
)

// TestFuzzBundledGames: `ruleslab fuzz` finds no violation in a few games of every bundled game and
// variant (the full 10,000 per game is a manual run, see docs/playtesting.md). -short fuzzes one game of each.
func TestFuzzBundledGames(t *testing.T) {
	games, err := config.BundledGames()
	require.NoError(t, err)
	for _, g := range games {
		for _, v := range append([]string{""}, g.Variants...) {
			n := "3"
			if g.ID == "simino" || testing.Short() {
				n = "1"
			}
			args := []string{"fuzz", g.ID, "--games", n, "--workers", "2", "--scenario", filepath.Join(t.TempDir(), "f.yaml")}
			if v != "" {
				args = append(args, "--variant", v)
			}
			r := execute(args...)
			require.Equal(t, 0, r.code, "%s %s: %s%s", g.ID, v, r.out, r.err)
			require.Contains(t, r.out, "no violation")
		}
	}
}

// TestFuzzFindsPlantedBug: with a test-only variant that loses a card (a binary built with -tags
// fuzzplant), fuzz reports the conservation failure, shrinks it to a scenario of a few moves that
// `run --check` reproduces, and that plain `run` plays without noticing.
func TestFuzzFindsPlantedBug(t *testing.T) {
	t.Parallel()
	bin := buildBinary(t, "-tags", "fuzzplant")
	work := t.TempDir()
	lossy, err := filepath.Abs("testdata/fuzz/lossy.yaml")
	require.NoError(t, err)
	r := runBinary(t, bin, work, "fuzz", lossy, "--games", "40", "--shrink-time", "3s", "--scenario", "lost.yaml")
	require.Equal(t, 1, r.code, r.out+r.err)
	require.Contains(t, r.out, "conservation: ")
	require.Contains(t, r.out, "is in no zone")
	require.Contains(t, r.out, "reproduce it with: ruleslab run --check lost.yaml")
	data, err := os.ReadFile(filepath.Join(work, "lost.yaml"))
	require.NoError(t, err)
	var sc struct {
		Game    string   `yaml:"game"`
		Players int      `yaml:"players"`
		Moves   []string `yaml:"moves"`
	}
	require.NoError(t, yaml.Unmarshal(data, &sc))
	require.Equal(t, 3, sc.Players, "shrunk to the fewest players")
	require.LessOrEqual(t, len(sc.Moves), 8, "shrunk to a few moves: %v", sc.Moves)
	check := runBinary(t, bin, work, "run", "--check", "lost.yaml")
	require.Equal(t, 1, check.code)
	require.Contains(t, check.err, "conservation: ")
	require.True(t, strings.HasPrefix(check.err, "ruleslab: lost.yaml:"), check.err)
	plain := runBinary(t, bin, work, "run", "lost.yaml")
	require.Equal(t, 0, plain.code, plain.err)

	// --json: the same run as one object, the exit code and the scenario unchanged
	j := runBinary(t, bin, work, "fuzz", lossy, "--games", "40", "--shrink-time", "3s", "--scenario", "lost-json.yaml", "--json")
	require.Equal(t, 1, j.code, j.out+j.err)
	var got struct {
		Checked int `json:"checked"`
		Failed  int `json:"failed"`
		First   struct {
			Error string `json:"error"`
		} `json:"first"`
		Shrunk struct {
			Players   int    `json:"players"`
			Violation string `json:"violation"`
		} `json:"shrunk"`
		Scenario string `json:"scenario"`
	}
	require.NoError(t, json.Unmarshal([]byte(j.out), &got), j.out)
	require.Positive(t, got.Failed)
	require.Contains(t, got.First.Error, "is in no zone")
	require.Equal(t, 3, got.Shrunk.Players)
	require.Contains(t, got.Shrunk.Violation, "conservation: ")
	require.Equal(t, "lost-json.yaml", got.Scenario)
	require.FileExists(t, filepath.Join(work, "lost-json.yaml"))
}
