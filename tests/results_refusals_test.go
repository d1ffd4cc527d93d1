package tests

import (
	"encoding/json"
	"fmt"
	"hash/crc32"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// copyCountGame copies the count test game into a folder of its own (to edit its rules) and returns
// its YAML's path.
func copyCountGame(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for _, f := range []string{"count.yaml", "count.lua"} {
		data, err := os.ReadFile(filepath.Join("testdata/batch", f))
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dir, f), data, 0o644))
	}
	return filepath.Join(dir, "count.yaml")
}

// editLine rewrites line n (from 1) of a results file with edit, sealing it with a valid checksum, as
// a careful forger (or a buggy tool) would.
func editLine(t *testing.T, path string, n int, edit func(map[string]any)) {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	lines := strings.Split(string(data), "\n")
	line := lines[n-1]
	i := strings.LastIndex(line, `,"crc":"`)
	require.Positive(t, i, line)
	var m map[string]any
	dec := json.NewDecoder(strings.NewReader(line[:i] + "}"))
	dec.UseNumber() // seeds are 64-bit
	require.NoError(t, dec.Decode(&m))
	edit(m)
	body, err := json.Marshal(m)
	require.NoError(t, err)
	lines[n-1] = fmt.Sprintf(`%s,"crc":"%08x"}`, body[:len(body)-1], crc32.ChecksumIEEE(body))
	require.NoError(t, os.WriteFile(path, []byte(strings.Join(lines, "\n")), 0o644))
}

// replaceInFile replaces old (which must be there) by new in a file.
func replaceInFile(t *testing.T, path, old, new string) {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	require.Contains(t, string(data), old)
	require.NoError(t, os.WriteFile(path, []byte(strings.Replace(string(data), old, new, 1)), 0o644))
}

// Merge refuses, naming the file (and line), shards that are not one whole batch of the rules on disk,
// and records that were cut, altered, repeated or out of range; nothing is summarised.
func TestMergeRefusals(t *testing.T) {
	game := copyCountGame(t)
	base := []string{"sim", game, "--games", "30", "--seed", "6", "--players", "4", "--seats", "random"}
	fresh := func() []string { return shardFiles(t, t.TempDir(), 3, base) }
	other := func(args ...string) string {
		f := filepath.Join(t.TempDir(), "other.jsonl")
		r := execute(append(args, "--shard", "1/3", "--out", f)...)
		require.NotEqual(t, 2, r.code, r.err)
		return f
	}
	for _, c := range []struct {
		name  string
		files func() []string
		want  string
	}{
		{"another seed", func() []string {
			f := fresh()
			return []string{f[0], other("sim", game, "--games", "30", "--seed", "7", "--players", "4", "--seats", "random"), f[2]}
		}, "are not shards of one batch: command line --seed=7 (%s: --seed=6); seed 7 (%[1]s: 6)"},
		{"other bots", func() []string {
			f := fresh()
			return []string{f[0], other("sim", game, "--games", "30", "--seed", "6", "--players", "4", "--seats", "ismcts:iterations=2"), f[2]}
		}, "are not shards of one batch: command line --seats=ismcts:iterations=2 (%s: --seats=random)"},
		{"another command", func() []string {
			f := fresh()
			return []string{f[0], other("fuzz", game, "--games", "30", "--seed", "6", "--players", "4", "--seats", "random"), f[2]}
		}, "are not shards of one batch: command line fuzz (%s: sim)"},
		{"another version", func() []string {
			f := fresh()
			editLine(t, f[1], 1, func(m map[string]any) { m["version"] = "v0.9.0" })
			return f
		}, `are not shards of one batch: version "v0.9.0"`},
		{"a missing shard", func() []string { f := fresh(); return []string{f[0], f[2]} }, "shard 1/3 missing: give the results file of every shard of the batch"},
		{"a shard twice", func() []string { f := fresh(); return []string{f[0], f[1], f[2], f[1]} }, "are both shard 1/3"},
		{"a cut line", func() []string {
			f := fresh()
			data, _ := os.ReadFile(f[1])
			require.NoError(t, os.WriteFile(f[1], data[:len(data)-20], 0o644))
			return f
		}, "shard 1/3 is incomplete (9 of its 10 games); finish it with: ruleslab sim " + game + " --games 30 --seed 6 --players 4 --seats random --shard 1/3 --out"},
		{"an altered line", func() []string {
			f := fresh()
			replaceInFile(t, f[0], `"index":3,`, `"index":4,`)
			return f
		}, ":3: the line does not match its checksum: it was edited or damaged"},
		{"a line without its checksum", func() []string {
			f := fresh()
			replaceInFile(t, f[0], `,"crc":"`, `,"sum":"`)
			return f
		}, ":1: the line has no checksum: it was cut or edited"},
		{"a game counted twice", func() []string {
			f := fresh()
			editLine(t, f[0], 3, func(m map[string]any) { m["index"] = 0 })
			return f
		}, ":3: game 0 again: it would be counted twice"},
		{"another index", func() []string {
			f := fresh()
			editLine(t, f[0], 3, func(m map[string]any) { m["index"] = 9 })
			return f
		}, ":3: game 9 where game 3 was expected"},
		{"a winner out of range", func() []string {
			f := fresh()
			editLine(t, f[0], 2, func(m map[string]any) { m["winners"] = []int{7} })
			return f
		}, ":2: game 0 names winner 7 of 4 players (seats 0..3)"},
		{"a record of another seed", func() []string {
			f := fresh()
			editLine(t, f[0], 2, func(m map[string]any) { m["seed"] = 12345 })
			return f
		}, ":2: game 0 has seed 12345, not this batch's"},
		{"another player count", func() []string {
			f := fresh()
			editLine(t, f[0], 2, func(m map[string]any) { m["totals"] = []int{1, 2, 3} })
			return f
		}, ":2: game 0 has 3 totals for 4 players"},
		{"a negative move count", func() []string {
			f := fresh()
			editLine(t, f[0], 2, func(m map[string]any) { m["moves"] = -5 })
			return f
		}, ":2: game 0 has -5 moves"},
	} {
		t.Run(c.name, func(t *testing.T) {
			files := c.files()
			r := execute(append([]string{"merge"}, files...)...)
			require.Equal(t, 1, r.code, r.err)
			require.Empty(t, r.out)
			want := c.want
			if strings.Contains(want, "%") {
				want = fmt.Sprintf(want, files[0])
			}
			require.Contains(t, r.err, want)
		})
	}
}

// Shards played before and after an edit of the rules are not merged, nor are shards whose rules were
// edited since; --resume refuses a results file of the rules before an edit.
func TestResultsRefuseEditedRules(t *testing.T) {
	game := copyCountGame(t)
	base := []string{"sim", game, "--games", "30", "--seed", "6", "--players", "4", "--seats", "random"}
	dir := t.TempDir()
	files := shardFiles(t, dir, 3, base)
	require.Equal(t, 0, execute(append([]string{"merge"}, files...)...).code)
	replaceInFile(t, strings.TrimSuffix(game, ".yaml")+".lua", `math.random(500) == 1`, `math.random(400) == 1`)

	r := execute(append([]string{"merge"}, files...)...)
	require.Equal(t, 1, r.code)
	require.Contains(t, r.err, files[0]+":1: cannot merge: the batch differs from the one its command runs here: rules ")

	after := filepath.Join(t.TempDir(), "after.jsonl")
	execute(append(append([]string{}, base...), "--shard", "1/3", "--out", after)...)
	r = execute("merge", files[0], after, files[2])
	require.Equal(t, 1, r.code)
	require.Contains(t, r.err, after+" and "+files[0]+" are not shards of one batch: rules ")

	r = execute(append(append([]string{}, base...), "--shard", "0/3", "--out", files[0], "--resume")...)
	require.Equal(t, 1, r.code)
	require.Contains(t, r.err, files[0]+" was written by another command, cannot resume: rules ")
}

// A lua: bot seated from the command line is part of what a results file records: after an edit of its
// script, --resume and merge refuse the games its earlier code played (a tournament's too).
func TestResultsRefuseEditedSeatBot(t *testing.T) {
	dir := t.TempDir()
	bot := filepath.Join(dir, "bot.lua")
	require.NoError(t, os.WriteFile(bot, []byte("function choose(obs, legal) return legal[1] end\n"), 0o644))
	sim := []string{"sim", "mimic-taking", "--games", "6", "--seats", "lua:" + bot + ",random"}
	tournament := []string{"tournament", "mimic-taking", "--games", "6", "--bots", "lua:" + bot + ",random"}
	simShards, tournamentShards := shardFiles(t, dir, 2, sim), shardFiles(t, t.TempDir(), 2, tournament)
	require.Equal(t, 0, execute(append([]string{"merge"}, simShards...)...).code)
	require.NoError(t, os.WriteFile(bot, []byte("function choose(obs, legal) return legal[#legal] end\n"), 0o644))

	for _, files := range [][]string{simShards, tournamentShards} {
		r := execute(append([]string{"merge"}, files...)...)
		require.Equal(t, 1, r.code, r.out)
		require.Contains(t, r.err, files[0]+":1: cannot merge: the batch differs from the one its command runs here: rules ")
	}
	r := execute(append(append([]string{}, sim...), "--shard", "0/2", "--out", simShards[0], "--resume")...)
	require.Equal(t, 1, r.code, r.out)
	require.Contains(t, r.err, simShards[0]+" was written by another command, cannot resume: rules ")
}

// A results file of the earlier format, or not a results file, is named as such.
func TestResultsOfAnotherFormat(t *testing.T) {
	f := filepath.Join(t.TempDir(), "old.jsonl")
	require.NoError(t, os.WriteFile(f, []byte(`{"ruleslab_results":"1","game":"count"}`+"\n"), 0o644))
	r := execute("merge", f)
	require.Equal(t, 1, r.code)
	require.Contains(t, r.err, f+":1: a results file of format 1, written by another version of ruleslab (this one reads format 2): play it again")
	require.NoError(t, os.WriteFile(f, []byte("{}\n"), 0o644))
	r = execute("merge", f)
	require.Contains(t, r.err, f+":1: not a ruleslab results file (written by --out)")
	// a device is not read on without end (merge /dev/zero, or --resume of --out /dev/full, never ended)
	if _, err := os.Stat("/dev/zero"); err == nil {
		r = execute("merge", "/dev/zero")
		require.Equal(t, 1, r.code)
		require.Contains(t, r.err, "/dev/zero: not a results file (written by --out): not a regular file")
	}
}
