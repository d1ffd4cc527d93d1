package lab

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSealedLines(t *testing.T) {
	line := sealLine([]byte(`{"index":3,"seed":7}`))
	assert.Regexp(t, `^\{"index":3,"seed":7,"crc":"[0-9a-f]{8}"\}$`, string(line))
	data, err := verifyLine(line)
	require.NoError(t, err)
	assert.Equal(t, `{"index":3,"seed":7}`, string(data))
	for bad, want := range map[string]string{
		strings.Replace(string(line), `"seed":7`, `"seed":8`, 1): "the line does not match its checksum: it was edited or damaged",
		string(line[:len(line)-5]):                               "the line has no checksum: it was cut or edited",
		`{"index":3,"seed":7}`:                                   "the line has no checksum: it was cut or edited",
		`{"index":3,"crc":"zzzzzzzz"}`:                           "the line does not match its checksum: it was edited or damaged",
	} {
		_, err := verifyLine([]byte(bad))
		assert.EqualError(t, err, want, bad)
	}
}

func TestRecordChecks(t *testing.T) {
	ok := Record{Index: 2, Seed: 9, Totals: []int{1, 2, 3, 4}, Winners: []int{3}, SeatStats: map[string][]float64{"x": {1, 2, 3, 4}}}
	require.NoError(t, ok.check(9, 4))
	failed := Record{Index: 2, Seed: 9, Error: "boom"}
	require.NoError(t, failed.check(9, 4))
	for rec, want := range map[*Record]string{
		{Index: 2, Seed: 8, Totals: []int{1, 2, 3, 4}}:                             "game 2 has seed 8, not this batch's 9: a record of another batch",
		{Index: 2, Seed: 9, Totals: []int{1, 2, 3}}:                                "game 2 has 3 totals for 4 players",
		{Index: 2, Seed: 9, Totals: []int{1, 2, 3, 4}, Winners: []int{7}}:          "game 2 names winner 7 of 4 players (seats 0..3)",
		{Index: 2, Seed: 9, Totals: []int{1, 2, 3, 4}, Winners: []int{-1}}:         "game 2 names winner -1 of 4 players (seats 0..3)",
		{Index: 2, Seed: 9, SeatStats: map[string][]float64{"x": {1, 1, 1, 1, 1}}}: "game 2 has statistic x for 5 seats of 4 players",
		{Index: 2, Seed: 9, Moves: -5}:                                             "game 2 has -5 moves",
		{Index: 2, Seed: 9, Tricks: -1}:                                            "game 2 has -1 tricks",
		{Index: 2, Seed: 9, Rounds: [][]int{{1, 2, 3, 4}, {1, 2}}}:                 "game 2 has totals of round 2 for 2 players of 4",
	} {
		assert.EqualError(t, rec.check(9, 4), want)
	}
}

func TestDiffHeadersNamesTheArguments(t *testing.T) {
	a := Header{Kind: "sim", Args: []string{"sim", "g", "--games=10", "--seed=1"}, Command: "ruleslab sim g --seed 1 --games 10", Seed: 1}
	b := Header{Kind: "sim", Args: []string{"sim", "g", "--games=10", "--seed=2"}, Command: "ruleslab sim g --games 10 --seed 2", Seed: 2}
	assert.Equal(t, []string{"command line --seed=1 (this command: --seed=2)", "seed 1 (this command: 2)"}, DiffHeaders(a, b))
	b.Seed, b.Args = 1, a.Args
	assert.Empty(t, DiffHeaders(a, b), "the command as typed may differ")
}

// A resumed results file ending in a partial line (a run killed while writing) loses that line and is
// continued after its last whole record.
func TestUnitsResumeDropsAPartialLine(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.jsonl")
	hdr := Header{Format: ResultsFormat, Kind: "sim", Rules: "r", Players: 2, Seats: []string{"random", "random"}, Seed: 1, Games: 5, Shards: 1}
	u := &units[Record]{hdr: hdr, opts: ResultsOptions{Out: path}, index: recordIndex}
	_, _, err := u.open(hdr.Batch(), nil)
	require.NoError(t, err)
	for i := 0; i < 3; i++ {
		u.save(Record{Index: i, Seed: uint64(i)})
	}
	require.NoError(t, u.close())
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(path, data[:len(data)-10], 0o644))

	var got []int
	u = &units[Record]{hdr: hdr, opts: ResultsOptions{Out: path, Resume: true}, index: recordIndex}
	rest, n, err := u.open(hdr.Batch(), func(r Record) { got = append(got, r.Index) })
	require.NoError(t, err)
	assert.Equal(t, []int{0, 1}, got)
	assert.Equal(t, 2, n)
	assert.Equal(t, 2, rest.Start)
	u.save(Record{Index: 2})
	require.NoError(t, u.close())
	assert.Equal(t, 4, countFileLines(t, path), "the header and games 0, 1 and 2, whole")
}

func countFileLines(t *testing.T, path string) int {
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	require.True(t, strings.HasSuffix(string(data), "\n"))
	return strings.Count(string(data), "\n")
}

func TestUnitsRefuseMoreShardsThanUnits(t *testing.T) {
	u := &units[Record]{hdr: Header{Games: 3, Shards: 4}, opts: ResultsOptions{Shard: 0, Shards: 4}, index: recordIndex}
	_, _, err := u.open(Batch{Games: 3}, nil)
	assert.EqualError(t, err, "--shard 0/4: more shards than the 3 games")
	assert.IsType(t, &UsageError{}, err)
}
