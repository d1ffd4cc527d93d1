package tests

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/ruleslab/ruleslab/core/config"
)

// protocolBot is a bot speaking docs/protocol.md that records how each of its games ended.
type protocolBot struct {
	name   string
	interp string                                 // the interpreter it needs (skipped without it)
	file   func(t *testing.T, dir string) string  // writes or finds the bot's file
	record string                                 // the option before the record file ("" for none)
	check  func(t *testing.T, rec map[string]any) // its own fields of a record
}

// exampleBot writes the bundled example bot in lang with `bots example --out`, as a user would.
func exampleBot(lang, file string) func(*testing.T, string) string {
	return func(t *testing.T, dir string) string {
		path := filepath.Join(dir, file)
		_, errOut, code := execCLI(t, "bots", "example", "--lang", lang, "--out", path)
		require.Equal(t, 0, code, errOut)
		return path
	}
}

// checkExampleRecord: an example bot's record says whether it won, and end brought it events (its own
// last move at least).
func checkExampleRecord(t *testing.T, rec map[string]any) {
	won := slices.Contains(rec["winners"].([]any), rec["seat"])
	require.Equal(t, won, rec["won"], "%v", rec)
	require.GreaterOrEqual(t, rec["events_since_last_move"], 1.0, "end carries the events since its last move: %v", rec)
	require.Greater(t, rec["zones_seen"], 0.0, "end carries the final observation: %v", rec)
}

var protocolBots = []protocolBot{
	{"python example", "python3", exampleBot("python", "bot.py"), "--record", checkExampleRecord},
	{"node example", "node", exampleBot("node", "bot.js"), "--record", checkExampleRecord},
	// written from docs/protocol.md alone, in a language the project does not ship
	{"perl from the doc", "perl", func(t *testing.T, _ string) string {
		return filepath.Join(repoRoot(t), "tests", "testdata", "bots", "doc_bot.pl")
	}, "", func(t *testing.T, rec map[string]any) {
		require.Greater(t, rec["answers"], 0.0, "%v", rec)
		require.Equal(t, rec["answers"], rec["own_moves_seen"], "every move of its own is in events: %v", rec)
		require.NotEmpty(t, rec["last_event"], "%v", rec)
	}},
}

// TestProtocolBotsPlayEveryBundledGame: the example bots (Python, Node.js) and a Perl bot written from
// docs/protocol.md alone play every bundled game (and, without -short, every variant) against random
// seats, and each learns from `end` how each of its games ended: the totals and winners of its
// records are those of the batch's log, one record per seat it held in each game.
func TestProtocolBotsPlayEveryBundledGame(t *testing.T) {
	t.Setenv("RULESLAB_HOME", repoRoot(t))
	games, err := config.BundledGames()
	require.NoError(t, err)
	require.NotEmpty(t, games)
	for _, bot := range protocolBots {
		t.Run(bot.name, func(t *testing.T) {
			if _, err := exec.LookPath(bot.interp); err != nil {
				t.Skipf("%s is not installed", bot.interp)
			}
			file := bot.file(t, t.TempDir())
			for _, b := range games {
				for _, v := range append([]string{""}, b.Variants...) {
					if v != "" && testing.Short() {
						continue
					}
					t.Run(strings.TrimSuffix(b.ID+"/"+v, "/"), func(t *testing.T) {
						playAndCheckEndings(t, bot, file, b.ID, v)
					})
				}
			}
		})
	}
}

// playAndCheckEndings plays two games of game (variant) with the bot in every other seat and checks
// its records against the log.
func playAndCheckEndings(t *testing.T, bot protocolBot, file, game, variant string) {
	dir := t.TempDir()
	rec, log := filepath.Join(dir, "endings.jsonl"), filepath.Join(dir, "games.jsonl")
	seat := strings.Join(slices.DeleteFunc([]string{"cmd:" + bot.interp, file, bot.record, rec}, func(w string) bool { return w == "" }), " ")
	args := []string{"sim", game, "--games", "2", "--workers", "2", "--seats", seat + ",random", "--json",
		"--log", log, "--move-time", "20s", "--start-time", "30s"}
	if variant != "" {
		args = append(args, "--variant", variant, "--no-base") // the base's games would not be in the log
	}
	out, errOut, code := execCLI(t, args...)
	require.Equal(t, 0, code, "stderr: %s", errOut)
	var sum struct{ Games, Failed int }
	require.NoError(t, json.Unmarshal([]byte(out), &sum), out)
	require.Equal(t, 2, sum.Games, out)

	endings := map[string]int{} // "totals winners" -> how many bot seats must have recorded it
	for _, g := range readJSONLines(t, log) {
		for _, s := range g["seats"].([]any) {
			if strings.HasPrefix(s.(string), "cmd:") {
				endings[fmt.Sprint(g["totals"], g["winners"])]++
			}
		}
	}
	records := readJSONLines(t, rec)
	for _, r := range records {
		bot.check(t, r)
		endings[fmt.Sprint(r["totals"], r["winners"])]--
	}
	for ending, missing := range endings {
		require.Zero(t, missing, "records of the ending %s (log: %d bot seats, %d records)", ending, len(endings), len(records))
	}
}

// readJSONLines reads a file of JSON objects, one a line.
func readJSONLines(t *testing.T, path string) []map[string]any {
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	var out []map[string]any
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 64<<20)
	for sc.Scan() {
		var m map[string]any
		require.NoError(t, json.Unmarshal(sc.Bytes(), &m), "%s: %s", path, sc.Text())
		out = append(out, m)
	}
	require.NoError(t, sc.Err())
	return out
}

// TestExampleBotInATournament: the example Python bot holds seats of a tournament.
func TestExampleBotInATournament(t *testing.T) {
	if testing.Short() {
		t.Skip("the full suite runs it")
	}
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not installed")
	}
	t.Setenv("RULESLAB_HOME", repoRoot(t))
	bot := exampleBot("python", "bot.py")(t, t.TempDir())
	_, errOut, code := execCLI(t, "tournament", "mimic-taking", "--bots", "cmd:python3 "+bot+",random", "--games", "4", "--json")
	require.Equal(t, 0, code, "stderr: %s", errOut)
}

// TestProtocolMessages: the messages one seat receives in a game, as docs/protocol.md shows them:
// hello with the version, decides whose visible zones always have cards ([] when empty) and whose
// events hold the seat's own moves, and an end with the events since its last decision (its own last
// move and the game's end) and its final observation.
func TestProtocolMessages(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not installed")
	}
	t.Setenv("RULESLAB_HOME", repoRoot(t))
	dir := t.TempDir()
	bot, msgs := exampleBot("python", "bot.py")(t, dir), filepath.Join(dir, "messages.jsonl")
	seat := fmt.Sprintf("cmd:tee %s | python3 %s --first", msgs, bot)
	_, errOut, code := execCLI(t, "sim", "mimic-taking", "--players", "3", "--games", "1", "--seats", "random,"+seat+",random")
	require.Equal(t, 0, code, errOut)

	got := readJSONLines(t, msgs)
	require.Greater(t, len(got), 2)
	hello, decides, end := got[0], got[1:len(got)-1], got[len(got)-1]
	require.Equal(t, map[string]any{"type": "hello", "version": "1.0", "game": "mimic-taking", "players": 3.0, "seat": 1.0}, hello)
	require.Equal(t, "end", end["type"])

	emptySeen, own := false, 0
	for _, d := range decides {
		require.Equal(t, "decide", d["type"])
		for _, z := range d["observation"].(map[string]any)["zones"].([]any) {
			zone := z.(map[string]any)
			cards, has := zone["cards"]
			require.Equal(t, zone["visible"], has, "a zone has cards exactly when the seat sees it: %v", zone)
			emptySeen = emptySeen || (has && len(cards.([]any)) == 0)
		}
		own += ownMoves(d["events"].([]any), 1)
	}
	require.True(t, emptySeen, "a visible empty zone (the trick at the first lead) is sent with cards: []")
	endEvents := end["events"].([]any)
	require.Equal(t, 1, ownMoves(endEvents, 1), "end carries the seat's last move")
	require.Equal(t, len(decides), own+1, "every move of the seat is in the events it receives")
	require.Equal(t, "game_end", endEvents[len(endEvents)-1].(map[string]any)["type"])
	obs := end["observation"].(map[string]any)
	require.Equal(t, -1.0, obs["to_act"])
	require.Equal(t, end["totals"], obs["scores"])
	require.NotEmpty(t, obs["zones"])
}

// ownMoves counts the move events of seat.
func ownMoves(events []any, seat float64) int {
	n := 0
	for _, e := range events {
		if ev := e.(map[string]any); ev["type"] == "move" && ev["seat"] == seat {
			n++
		}
	}
	return n
}
