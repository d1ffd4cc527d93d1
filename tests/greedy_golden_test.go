package tests

import (
	"bufio"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestGreedyGolden pins the bundled greedy bots' choices: each case plays a batch with greedy seats
// and compares the summary, and a digest of every move of every game, with
// testdata/golden/greedy/<case>.txt. A change that makes a greedy bot cheaper must leave it; a
// change of strategy updates it (go test ./tests/ -run TestGreedyGolden -update).
func TestGreedyGolden(t *testing.T) {
	root := repoRoot(t)
	t.Setenv("RULESLAB_HOME", root)
	t.Chdir(root)
	params := filepath.Join("tests", "testdata", "greedy")
	for name, args := range map[string][]string{
		"jiji":                 {"sim", "jiji", "--games", "40", "--seats", "greedy", "--seed", "5"},
		"jiji-distance-3":      {"sim", "jiji", "--variant", "rule-cards-distance", "--players", "3", "--games", "40", "--seats", "greedy,greedy,random", "--seed", "9", "--no-base"},
		"mimic-taking":         {"sim", "mimic-taking", "--games", "30", "--seats", "greedy", "--seed", "5"},
		"mimic-taking-face-3":  {"sim", "mimic-taking", "--variant", "face-up", "--players", "3", "--games", "30", "--seats", "greedy,random", "--seed", "9", "--no-base"},
		"mimic-taking-params":  {"sim", "mimic-taking", "--variant", filepath.Join(params, "mimic-taking-params.yaml"), "--games", "30", "--seats", "greedy", "--seed", "5", "--no-base"},
		"mito":                 {"sim", "mito", "--games", "30", "--seats", "greedy", "--seed", "5"},
		"mito-multi-round":     {"sim", "mito", "--variant", "multi-round", "--players", "3", "--games", "20", "--seats", "greedy,random", "--seed", "9", "--no-base"},
		"mito-params":          {"sim", "mito", "--variant", filepath.Join(params, "mito-params.yaml"), "--players", "5", "--games", "30", "--seats", "greedy", "--seed", "5", "--no-base"},
		"simino":               {"sim", "simino", "--games", "10", "--seats", "greedy", "--seed", "5"},
		"simino-whites-blacks": {"sim", "simino", "--variant", "whites-blacks", "--players", "4", "--games", "10", "--seats", "greedy,random", "--seed", "9", "--no-base"},
		"simino-solitaire":     {"sim", "simino", "--variant", "solitaire", "--games", "20", "--seats", "greedy", "--seed", "5", "--no-base"},
		"simino-params":        {"sim", "simino", "--variant", filepath.Join(params, "simino-params.yaml"), "--games", "5", "--seats", "greedy", "--seed", "5", "--no-base"},
		"zoomies":              {"sim", "zoomies", "--games", "40", "--seats", "greedy", "--seed", "5"},
		"zoomies-params":       {"sim", "zoomies", "--variant", filepath.Join(params, "zoomies-params.yaml"), "--games", "40", "--seats", "greedy,random", "--seed", "5", "--no-base"},
	} {
		t.Run(name, func(t *testing.T) {
			log := filepath.Join(t.TempDir(), "games.jsonl")
			out, stderr, code := execCLI(t, append(args, "--log", log)...)
			require.Equal(t, 0, code, stderr)
			out += "moves: " + movesDigest(t, log) + "\n"
			matchGolden(t, filepath.Join(root, "tests", "testdata", "golden", "greedy", name+".txt"), out, "TestGreedyGolden")
		})
	}
}

// movesDigest is the SHA-256 of every game's moves in a --log file, a game per line with its moves
// separated by commas: it changes with any one choice.
func movesDigest(t *testing.T, path string) string {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	h := sha256.New()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	games := 0
	for sc.Scan() {
		var g struct {
			Moves []string `json:"moves"`
		}
		require.NoError(t, json.Unmarshal(sc.Bytes(), &g))
		fmt.Fprintln(h, strings.Join(g.Moves, ","))
		games++
	}
	require.NoError(t, sc.Err())
	return fmt.Sprintf("%d games, sha-256 %x", games, h.Sum(nil))
}
