package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// simHouse runs `sim house.yaml` on a few games with greedy and random bots, plus args.
func simHouse(t *testing.T, args ...string) (string, string) {
	t.Helper()
	stdout, stderr, code := execute(t, append([]string{"sim", "house.yaml", "--games", "60", "--seats", "greedy,random"}, args...)...)
	require.Equal(t, 0, code, stderr)
	return stdout, stderr
}

// versusBaseIntro is the line that starts the comparison under the house rule's table.
const versusBaseIntro = "\nhouse.yaml compared with what it extends (mimic-taking), as computed by: " +
	"ruleslab compare mimic-taking --variant base --variant house.yaml --players 4 --seats greedy,random,greedy,random --seed 1 --games 60\n"

// `sim house.yaml` prints, under the house rule's table, its paired differences from what it extends,
// the resolved ones first; byte for byte the same for any number of workers. --no-base prints the
// table alone.
func TestSimVariantVersusBase(t *testing.T) {
	pkg, err := os.Getwd()
	require.NoError(t, err)
	inHouseFolder(t)
	one, _ := simHouse(t, "--workers", "1")
	two, _ := simHouse(t, "--workers", "2")
	assert.Equal(t, one, two, "--workers 1 and 2 differ")

	table, rest, ok := strings.Cut(one, versusBaseIntro)
	require.True(t, ok, one)
	require.Contains(t, rest, "MEASURE")
	resolved := strings.Index(rest, "\nmean score over seats ")
	unresolved := strings.Index(rest, "\nwin rate, seat 0 ")
	assert.True(t, resolved >= 0 && unresolved > resolved, "a resolved difference is listed before an unresolved one:\n%s", rest)

	alone, stderr := simHouse(t, "--no-base")
	assert.Equal(t, table, alone)
	assert.NotContains(t, stderr, "not compared")

	// a game that is no variant is not compared
	stdout, _, code := execute(t, "sim", "mimic-taking", "--games", "4", "--variant", "base")
	require.Equal(t, 0, code)
	assert.NotContains(t, stdout, "compared with")

	t.Chdir(pkg) // the golden files are the package's
	golden(t, "sim-house-versus-base.txt", one)
}

// --json carries the comparison as versus_base: exactly what compare computes on the same games (its
// measures, with their values and paired differences), and which differences are resolved.
func TestSimVariantVersusBaseJSON(t *testing.T) {
	inHouseFolder(t)
	one, _ := simHouse(t, "--json", "--workers", "1")
	two, _ := simHouse(t, "--json", "--workers", "2")
	assert.Equal(t, one, two, "--workers 1 and 2 differ")
	sim := decodeJSON(t, one)
	for _, key := range []string{"game", "variant", "players", "seed", "games", "seats", "length"} {
		assert.Contains(t, sim, key, "a field of sim --json is gone")
	}
	require.Contains(t, sim, "versus_base")
	base := decodeJSON(t, string(sim["versus_base"]))
	assert.JSONEq(t, `"mimic-taking"`, string(base["extends"]))
	assert.JSONEq(t, `"variants/mimic-taking/mimic-taking.yaml"`, string(base["base_file"]))
	assert.JSONEq(t, `["base", "house.yaml"]`, string(base["variants"]))
	var resolved []string
	require.NoError(t, json.Unmarshal(base["resolved"], &resolved))
	assert.Contains(t, resolved, "score.mean")
	assert.NotContains(t, resolved, "no_winner")

	var command string
	require.NoError(t, json.Unmarshal(base["command"], &command))
	args := strings.Fields(strings.TrimPrefix(command, "ruleslab "))
	stdout, stderr, code := execute(t, append(args, "--json")...)
	require.Equal(t, 0, code, stderr)
	compared := decodeJSON(t, stdout)
	assert.JSONEq(t, string(compared["measures"]), string(base["measures"]))
	assert.JSONEq(t, string(compared["pairs"]), string(base["pairs"]))

	// --no-base: no versus_base, and the other fields unchanged
	alone, _ := simHouse(t, "--json", "--no-base")
	without := decodeJSON(t, alone)
	assert.NotContains(t, without, "versus_base")
	delete(sim, "versus_base")
	a, _ := json.Marshal(sim)
	b, _ := json.Marshal(without)
	assert.JSONEq(t, string(b), string(a))
}

// A shard is not compared (a note on stderr says why); a resumed sim prints what one run prints.
func TestSimVariantVersusBaseShardAndResume(t *testing.T) {
	inHouseFolder(t)
	stdout, stderr := simHouse(t, "--shard", "0/2", "--out", "shard.jsonl")
	assert.NotContains(t, stdout, "compared with")
	assert.Contains(t, stderr, "note: not compared with what it extends: --shard plays part of the batch")
	// the shards merged print what one machine prints without the comparison, and say why
	simHouse(t, "--shard", "1/2", "--out", "shard1.jsonl")
	merged, mergeErr, code := execute(t, "merge", "shard.jsonl", "shard1.jsonl")
	require.Equal(t, 0, code, mergeErr)
	alone, _ := simHouse(t, "--no-base")
	assert.Equal(t, alone, merged)
	assert.Contains(t, mergeErr, "note: not compared with what it extends: merge summarises the shards' results files")

	full, _ := simHouse(t, "--out", "full.jsonl")
	data, err := os.ReadFile("full.jsonl")
	require.NoError(t, err)
	lines := bytes.SplitAfter(data, []byte("\n"))
	require.NoError(t, os.WriteFile("part.jsonl", bytes.Join(lines[:25], nil), 0o644)) // the header and 24 games
	resumed, _ := simHouse(t, "--out", "part.jsonl", "--resume")
	assert.Equal(t, full, resumed)
	assert.Contains(t, resumed, versusBaseIntro)
}

// A variant the base cannot be played like (another player count) is not compared, and says why.
func TestSimVariantBaseOtherPlayers(t *testing.T) {
	inHouseFolder(t)
	stdout, stderr, code := execute(t, "sim", "simino", "--variant", "solitaire", "--games", "3")
	require.Equal(t, 0, code, stderr)
	assert.NotContains(t, stdout, "compared with")
	assert.Contains(t, stderr, "note: not compared with what it extends: simino.yaml plays with 2..4 players, not 1")
}

// --report adds the comparison with the base as a section, with compare's table.
func TestSimVariantVersusBaseReport(t *testing.T) {
	inHouseFolder(t)
	simHouse(t, "--games", "10", "--report", "report.md")
	data, err := os.ReadFile("report.md")
	require.NoError(t, err)
	page := string(data)
	assert.Contains(t, page, "Versus the base")
	assert.Contains(t, page, "house.yaml compared with what it extends (mimic-taking)")
	assert.Contains(t, page, "house - base (paired 95% CI)", "a variant file goes by its stem")
	assert.Contains(t, page, "| house | house.yaml |")
}
