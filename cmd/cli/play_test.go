package cli

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/core/config"
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

// A game's own event without a describe hook is its type and fields in words, never JSON.
func TestDescribeEventInWords(t *testing.T) {
	e := core.Event{Type: "round_start", Seat: -1, Fields: map[string]any{"card": "G4", "deck": 38.0,
		"chances": []any{0.5, 0.25}, "guilty": true}, Vis: core.SeatVis(2)}
	got := describeEvent(e, 2)
	want := "  round start (card G4, chances 0.5 0.25, deck 38, guilty yes)   (only you see this)"
	if got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	if got := describeEvent(core.Event{Type: "move", Seat: 1, Move: "play O4"}, 1); got != "seat 1 (you): play O4" {
		t.Errorf("a move: %q", got)
	}
}

// A long move list is grouped by its first two words and packed; every move keeps its number.
func TestWriteMovesGroups(t *testing.T) {
	var legal []string
	for _, tile := range []string{"WY", "OK", "RB"} {
		for i := 0; i < 16; i++ {
			legal = append(legal, fmt.Sprintf("place %s %d %d r 1", tile, i/6, i%6))
		}
	}
	legal = append(legal, "pass")
	var b bytes.Buffer
	writeMoves(&b, legal, 0)
	out := b.String()
	if n := strings.Count(out, "\n"); n > 12 {
		t.Errorf("49 moves take %d lines:\n%s", n, out)
	}
	for i, m := range legal {
		head, rest := splitHead(m)
		if !strings.Contains(out, fmt.Sprintf("%d) %s", i+1, rest)) || !strings.Contains(out, head) {
			t.Errorf("move %d (%s) is not listed:\n%s", i+1, m, out)
		}
	}
	if !strings.HasPrefix(out, "  place WY: 1) 0 0 r 1  2) 0 1 r 1") {
		t.Errorf("groups start with their head:\n%s", out)
	}
	// subsets of a trick (keep O8 B2 B8, keep O8 B2, ...) are not grouped under "keep O8:", which would
	// hide that O8 is kept too: they are packed whole
	b.Reset()
	keeps := []string{"keep O8 B2 B8 G7", "keep B2 B8 G7", "keep O8 B8 G7", "keep B8 G7", "keep O8 B2 G7",
		"keep B2 G7", "keep O8 G7", "keep G7", "keep O8 B2 B8", "keep B2 B8", "keep O8 B8", "keep B8", "keep O8 B2",
		"keep B2", "keep O8", "keep"}
	writeMoves(&b, keeps, 0)
	if strings.Contains(b.String(), "keep O8:") || !strings.Contains(b.String(), "1) keep O8 B2 B8 G7  2) keep B2 B8 G7") {
		t.Errorf("subsets grouped:\n%s", b.String())
	}
	// kept to a number of lines: the longest groups shrink to their count and number range
	b.Reset()
	writeMoves(&b, legal, 6)
	if n := strings.Count(b.String(), "\n"); n > 6 || !strings.Contains(b.String(), "place WY: 16 moves, 1) to 16) ('moves' lists them)") ||
		!strings.Contains(b.String(), "49) pass") {
		t.Errorf("49 moves in 6 lines:\n%s", b.String())
	}
	b.Reset()
	writeMoves(&b, legal[:3], 0)
	if b.String() != "   1) place WY 0 0 r 1\n   2) place WY 0 1 r 1\n   3) place WY 0 2 r 1\n" {
		t.Errorf("a short list is one move a line:\n%s", b.String())
	}
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
