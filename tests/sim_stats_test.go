package tests

import (
	"bufio"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/core/stats"
)

// simSummary is the part of `sim --json` this test reads.
type simSummary struct {
	Games      int            `json:"games"`
	Failed     int            `json:"failed"`
	Confidence float64        `json:"confidence"`
	Length     stats.Interval `json:"length"`
	Seats      []struct {
		Wins    int                       `json:"wins"`
		WinRate stats.Interval            `json:"win_rate"`
		Score   stats.Interval            `json:"score"`
		Stats   map[string]stats.Interval `json:"stats"`
	} `json:"seats"`
	GameStats map[string]stats.Interval `json:"game_stats"`
}

// recomputed is what the test works out from the log alone, for one statistic: its values, one per
// finished game (0 where the game did not record it), and how many games recorded it.
type recomputed struct {
	values   []float64
	recorded int
}

// checkInterval compares a reported interval with one recomputed from the values by the textbook
// formulas (written out here, apart from the t quantile, which core's tests check against a table).
func checkInterval(t *testing.T, what string, iv stats.Interval, values []float64) {
	t.Helper()
	n := float64(len(values))
	require.Equal(t, len(values), iv.N, what)
	sum := 0.0
	for _, v := range values {
		sum += v
	}
	mean := sum / n
	assert.InDelta(t, mean, iv.Value, 1e-9, "%s: the mean over every finished game", what)
	switch iv.Kind {
	case stats.Rate:
		require.Equal(t, stats.MethodWilson, iv.Method, what)
		const z = 1.959963984540054
		centre := (mean + z*z/(2*n)) / (1 + z*z/n)
		half := z * math.Sqrt(mean*(1-mean)/n+z*z/(4*n*n)) / (1 + z*z/n)
		assert.InDelta(t, math.Max(0, centre-half), iv.Low, 1e-9, what)
		assert.InDelta(t, math.Min(1, centre+half), iv.High, 1e-9, what)
	case stats.Count, stats.Mean:
		require.Equal(t, stats.MethodStudentT, iv.Method, what)
		ss := 0.0
		for _, v := range values {
			ss += (v - mean) * (v - mean)
		}
		half := stats.TQuantile(0.975, len(values)-1) * math.Sqrt(ss/(n-1)) / math.Sqrt(n)
		assert.InDelta(t, mean-half, iv.Low, 1e-9, what)
		assert.InDelta(t, mean+half, iv.High, 1e-9, what)
	default:
		t.Fatalf("%s: unknown kind %q", what, iv.Kind)
	}
}

// Everything `sim` reports can be recomputed from its --log: win rates, mean scores, game length and
// every statistic, a game that did not record a statistic counting 0. The Jiji batch is the one of
// issue 11, where seat 0's `right` was averaged over only the games that recorded it. -short plays
// shortGames of each batch (still some Jiji and Mimic Taking games without the statistic).
func TestSimSummaryRecomputedFromLog(t *testing.T) {
	t.Setenv("RULESLAB_HOME", repoRoot(t))
	for _, tc := range []struct {
		name       string
		games      int
		shortGames int
		args       []string
		someMissed string // a per-seat statistic some games do not record
	}{
		{"jiji", 300, 60, []string{"jiji", "--players", "5", "--seats", "greedy,random", "--seed", "7"}, "right"},
		{"mimic-taking", 200, 40, []string{"mimic-taking", "--seats", "greedy,random", "--seed", "3"}, "trump_wins"},
		{"zoomies", 100, 20, []string{"zoomies", "--seats", "greedy,random", "--seed", "1"}, ""},
		{"simino", 20, 4, []string{"simino", "--players", "3", "--seats", "greedy,random", "--seed", "1"}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			n := tc.games
			if testing.Short() {
				n = tc.shortGames
			}
			log := filepath.Join(t.TempDir(), "games.jsonl")
			args := append([]string{"sim", "--json", "--log", log, "--games", strconv.Itoa(n)}, tc.args...)
			out, stderr, code := execCLI(t, args...)
			require.Equal(t, 0, code, stderr)
			var sum simSummary
			require.NoError(t, json.Unmarshal([]byte(out), &sum))
			require.Equal(t, 0.95, sum.Confidence)

			f, err := os.Open(log)
			require.NoError(t, err)
			defer f.Close()
			players := len(sum.Seats)
			wins := make([]float64, players)
			var lengths []float64
			scores := make([][]float64, players)
			seat := map[string][]recomputed{}
			game := map[string]*recomputed{}
			games := 0
			sc := bufio.NewScanner(f)
			sc.Buffer(nil, 64<<20)
			for sc.Scan() {
				var r core.Result
				require.NoError(t, json.Unmarshal(sc.Bytes(), &r))
				require.Empty(t, r.Error)
				for name := range r.SeatStats {
					if seat[name] == nil {
						seat[name] = make([]recomputed, players)
						for i := range seat[name] {
							seat[name][i].values = make([]float64, games)
						}
					}
				}
				for name := range r.GameStats {
					if game[name] == nil {
						game[name] = &recomputed{values: make([]float64, games)}
					}
				}
				for name, rs := range seat {
					vals, ok := r.SeatStats[name]
					for i := range rs {
						v := 0.0
						if ok {
							v = vals[i]
							rs[i].recorded++
						}
						rs[i].values = append(rs[i].values, v)
					}
				}
				for name, rc := range game {
					v, ok := r.GameStats[name]
					if ok {
						rc.recorded++
					}
					rc.values = append(rc.values, v)
				}
				for _, w := range r.Winners {
					wins[w]++
				}
				for i, s := range r.Totals {
					scores[i] = append(scores[i], float64(s))
				}
				lengths = append(lengths, float64(len(r.Moves)))
				games++
			}
			require.NoError(t, sc.Err())
			require.Equal(t, sum.Games, games)
			require.Equal(t, n, games)

			checkInterval(t, "length", sum.Length, lengths)
			assert.Equal(t, stats.Count, sum.Length.Kind)
			for i, s := range sum.Seats {
				assert.Equal(t, int(wins[i]), s.Wins)
				won := make([]float64, games)
				for g := 0; g < int(wins[i]); g++ {
					won[g] = 1 // only the count matters for a share
				}
				assert.Equal(t, stats.Rate, s.WinRate.Kind)
				checkInterval(t, "win rate", s.WinRate, won)
				assert.Equal(t, stats.Mean, s.Score.Kind)
				checkInterval(t, "score", s.Score, scores[i])
				var names []string
				for n := range s.Stats {
					names = append(names, n)
				}
				sort.Strings(names)
				for _, n := range names {
					rs, ok := seat[n]
					if !ok { // declared, never recorded: 0 in every game
						rs = make([]recomputed, players)
						rs[i].values = make([]float64, games)
					}
					checkInterval(t, "seat stat "+n, s.Stats[n], rs[i].values)
				}
			}
			for n, iv := range sum.GameStats {
				require.Contains(t, game, n)
				checkInterval(t, "game stat "+n, iv, game[n].values)
			}
			if tc.someMissed != "" {
				rc := seat[tc.someMissed][0]
				require.Less(t, rc.recorded, games, "%s is missing in some games, so this checks that they count 0", tc.someMissed)
				total := 0.0
				for _, v := range rc.values {
					total += v
				}
				assert.InDelta(t, total/float64(games), sum.Seats[0].Stats[tc.someMissed].Value, 1e-12)
				assert.Less(t, sum.Seats[0].Stats[tc.someMissed].Value, total/float64(rc.recorded),
					"the mean over all games is below the mean over the games that recorded it")
			}
		})
	}
}
