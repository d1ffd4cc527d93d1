package cli

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/ruleslab/ruleslab/core/config"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// firstMove answers every prompt of `play` with "1": the first legal move, and Enter at a hand-off.
type firstMove struct{}

func (firstMove) Read(p []byte) (int, error) {
	n := len(p) &^ 1
	for i := 0; i < n; i += 2 {
		p[i], p[i+1] = '1', '\n'
	}
	return n, nil
}

const playPrompt = "move (number or notation; help, quit)> "

var (
	rawVar  = regexp.MustCompile(`\b[a-z_]+=\S`) // owe=1, last_winner=1
	rawJSON = regexp.MustCompile(`\{"`)
)

// The play screen of every bundled game, through its input and output: a human seat (always move 1)
// against random bots to the end of seeded games. No screen shows raw variables or JSON events, and
// what is printed for one decision (the events since the seat's last one, the table, the moves and
// the prompt) fits a 50-line terminal, even at the largest decision (49 Simino placements).
func TestPlayScreenOfEveryGame(t *testing.T) {
	t.Setenv("RULESLAB_HOME", "../..")
	t.Setenv("NO_COLOR", "1")
	games, err := config.BundledGames()
	if err != nil {
		t.Fatal(err)
	}
	if len(games) < 5 {
		t.Fatalf("found %d bundled games", len(games))
	}
	for _, g := range games {
		for _, variant := range append([]string{""}, g.Variants...) {
			for _, seed := range []string{"1", "2"} {
				checkPlayScreen(t, g.ID, variant, seed)
			}
		}
	}
}

func checkPlayScreen(t *testing.T, game, variant, seed string) {
	t.Helper()
	var out, errb bytes.Buffer
	args := []string{"play", game, "--seed", seed, "--seats", "human"}
	if variant != "" {
		args = append(args, "--variant", variant)
		game += "/" + variant
	}
	code := Execute(&IO{In: firstMove{}, Out: &out, Err: &errb}, args)
	if code != ExitOK {
		t.Fatalf("%s seed %s: exit %d: %s", game, seed, code, errb.String())
	}
	screen := out.String()
	if !strings.Contains(screen, "game over: totals") {
		t.Fatalf("%s seed %s: the game did not end:\n%s", game, seed, tail(screen))
	}
	if m := rawVar.FindString(screen); m != "" {
		t.Errorf("%s seed %s: a raw variable %q on the screen", game, seed, m)
	}
	if rawJSON.MatchString(screen) {
		t.Errorf("%s seed %s: raw JSON on the screen", game, seed)
	}
	most, at := 0, ""
	for _, part := range strings.Split(screen, playPrompt) {
		if n := strings.Count(part, "\n") + 1; n > most {
			most, at = n, part
		}
	}
	if most > 50 {
		t.Errorf("%s seed %s: a decision takes %d lines:\n%s", game, seed, most, at)
	}
	if !strings.Contains(screen, "=== seat 0, your decision ===") {
		t.Errorf("%s seed %s: no decision shown", game, seed)
	}
	t.Logf("%s seed %s: %d decisions, the largest %d lines", game, seed, strings.Count(screen, playPrompt), most)
}

func tail(s string) string {
	if len(s) > 3000 {
		return s[len(s)-3000:]
	}
	return s
}

// `help` shows every bundled game's move notation (YAML notation:) with examples.
func TestPlayHelpShowsNotation(t *testing.T) {
	t.Setenv("RULESLAB_HOME", "../..")
	games, err := config.BundledGames()
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range games {
		var out, errb bytes.Buffer
		code := Execute(&IO{In: strings.NewReader("help\nquit\n"), Out: &out, Err: &errb}, []string{"play", g.ID, "--seed", "1", "--seats", "human"})
		if code != ExitOK {
			t.Fatalf("%s: exit %d: %s", g.ID, code, errb.String())
		}
		_, help, _ := strings.Cut(out.String(), "How moves are written in ")
		notation, _, _ := strings.Cut(help, "Type the number of a move")
		if lines := strings.Count(notation, "\n  "); lines < 3 {
			t.Errorf("%s: help shows %d lines of notation:\n%s", g.ID, lines, out.String())
		}
	}
}

// The line screen writes no colour codes into a pipe (Simino's boards are coloured on a terminal)
// unless CLICOLOR_FORCE asks, and none at all under NO_COLOR.
func TestPlayColourOnlyOnATerminal(t *testing.T) {
	for _, c := range []struct {
		term           bool
		noColor, force string
		colour         bool
	}{{false, "", "", false}, {true, "1", "", false}, {true, "", "", true}, {false, "", "1", true}, {false, "1", "1", false}} {
		t.Setenv("NO_COLOR", c.noColor)
		t.Setenv("CLICOLOR_FORCE", c.force)
		var out, errb bytes.Buffer
		io := &IO{In: strings.NewReader("quit\n"), Out: &out, Err: &errb, OutIsTerm: c.term}
		code := Execute(io, []string{"play", "simino", "--seats", "human,greedy", "--seed", "5", "--plain"})
		require.Equal(t, ExitOK, code, errb.String())
		assert.Equal(t, c.colour, strings.Contains(out.String(), "\x1b["), "terminal %v, NO_COLOR=%q", c.term, c.noColor)
	}
}

// Without --players, play deals as many players as seats listed when the game allows it (as host
// does); else the game's default, the unlisted seats random.
func TestPlayPlayersFromSeats(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"simino", "--seats", "human,greedy"}, "simino, 2 players, seed 5; seats: human, greedy\n"},
		{[]string{"simino", "--seats", "human,greedy", "--players", "3"}, "simino, 3 players, seed 5; seats: human, greedy, random\n"},
		{[]string{"mimic-taking", "--seats", "human,greedy"}, "mimic-taking, 4 players, seed 5; seats: human, greedy, random, random\n"},
	} {
		out, errb, code := runCLI(t, append([]string{"play", "--seed", "5", "--plain"}, c.args...)...)
		require.Equal(t, ExitOK, code, errb)
		assert.True(t, strings.HasPrefix(out, c.want), "%v: %q", c.args, out)
	}
}

// The full screen is drawn only with a terminal on stdin and on stdout and without --plain; a pipe on
// either side, or --plain, keeps the line screen.
func TestPlayFullScreenOnlyOnATerminal(t *testing.T) {
	for _, c := range []struct {
		in, out bool
		args    []string
		full    bool
	}{
		{true, true, nil, true},
		{true, true, []string{"--plain"}, false},
		{false, true, nil, false},
		{true, false, nil, false},
	} {
		o := parseCmd(t, NewCmdPlay, append([]string{"simino"}, c.args...)...)
		o.IO.InIsTerm, o.IO.OutIsTerm = c.in, c.out
		assert.Equal(t, c.full, o.fullScreen(), "stdin a terminal %v, stdout %v, %v", c.in, c.out, c.args)
	}
}
