package cli

import (
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ruleslab/ruleslab/core/config"
	"github.com/ruleslab/ruleslab/core/stats"
)

// A tournament's --report holds the command, both tables and the three plots; --csv carries the same
// numbers as --json, row by row.
func TestTournamentReportAndCSV(t *testing.T) {
	games, err := config.BundledGames()
	require.NoError(t, err)
	game := games[0].ID
	bots := "random,ismcts:iterations=4"
	dir := t.TempDir()
	html := filepath.Join(dir, "t.html")
	args := []string{"tournament", game, "--bots", bots, "--games", "8", "--workers", "2", "--bootstrap", "50"}
	out, stderr, code := execute(t, append(args, "--json", "--report", html)...)
	require.Equal(t, 0, code, stderr)
	var rep stats.TournamentReport
	require.NoError(t, json.Unmarshal([]byte(out), &rep))

	data, err := os.ReadFile(html)
	require.NoError(t, err)
	page := string(data)
	assert.Contains(t, page, "ruleslab tournament "+game+" --bots "+bots)
	assert.Equal(t, 2, strings.Count(page, "<table>"), "the bots and the head-to-head tables")
	plots := regexp.MustCompile(`<svg class="plot"`).FindAllString(page, -1)
	assert.Len(t, plots, 3, "win rate, mean score, rating")
	assert.Contains(t, regexp.MustCompile(`<[^>]*>`).ReplaceAllString(page, ""), stats.FormatRating(rep.Bots[0].Rating))

	out, stderr, code = execute(t, append(args, "--csv")...)
	require.Equal(t, 0, code, stderr)
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	require.NoError(t, err)
	require.Equal(t, []string{"rung", "bot", "opponent", "measure", "value", "low", "high", "n"}, rows[0])
	want := map[string]float64{}
	for _, b := range rep.Bots {
		want[b.Bot+"/win_rate"] = b.WinRate.Value
		want[b.Bot+"/score"] = b.Score.Value
		want[b.Bot+"/rating"] = b.Rating.Value
	}
	for _, h := range rep.HeadToHead {
		want[h.A+"/"+h.B+"/ahead"] = h.Rate.Value
	}
	got := map[string]float64{}
	for _, r := range rows[1:] {
		key := r[1] + "/" + r[3]
		if r[2] != "" {
			key = r[1] + "/" + r[2] + "/" + r[3]
		}
		v, err := strconv.ParseFloat(r[4], 64)
		if r[4] == "" {
			continue // undefined (NaN)
		}
		require.NoError(t, err)
		got[key] = v
	}
	for k, v := range got {
		assert.InDelta(t, want[k], v, 1e-6, k)
	}
	assert.Len(t, got, len(rep.Bots)*3+len(rep.HeadToHead), "one row per bot and measure and per ordered pair")

	_, stderr, code = execute(t, append(args, "--csv", "--json")...)
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, stderr, "choose one")
}
