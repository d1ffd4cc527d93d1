package tui

import (
	"regexp"
	"strings"
	"testing"

	"github.com/ruleslab/ruleslab/core"
)

// Every bundled game's history says why a trick was won and why a seat scored, each with its rule id,
// in the game's describe hook's words: the lines of the last snapshot seat 0's screen got.
func TestHistoryGivesReasons(t *testing.T) {
	t.Setenv("RULESLAB_HOME", "../..")
	for _, tc := range []struct {
		game  string
		trick string   // a trick line must match; "" when the game has no tricks
		score []string // a score line must match each
	}{
		{"mimic-taking", `^trick to (you|seat \d) by (a trump, the lead number in another colour \(MT-8\)|the lead colour's card closest to the lead number \(MT-9\)|the lead card: nobody followed its colour \(MT-11\)|the last Mimic: only Mimics were played \(MT-12\)): [A-Z0-9 ]+ \(won by \S+\)$`, []string{
			`^round 1 scored: (you|seat 0) (-\d+: largest colour count - smallest = \d+ \(MT-20\)|\+\d+: perfect mimicry.*\(MT-21\)|0: no colour.*\(MT-21\)); seat 1 `,
			// the seat's own stack, which only it sees
			`^your stack: (no coloured card|(Orange|Brown|Purple|Gray) \d+(, (Brown|Purple|Gray) \d+)*) \(Mimics included\): (-\d+, largest \d+ - smallest \d+ \(MT-20\)|\+\d+: perfect mimicry.*\(MT-21\)|0: no colour to count \(MT-21\))$`}},
		{"zoomies", `^trick to (you|seat \d) by the (highest declared number, \d+, under a HIGH|lowest declared number, \d+, under a LOW) Goal \(ZM-9\): [\d| ]+, declared [\d ]+ \(won by \S+\)$`,
			[]string{`^round 1 scored: you \+\d+ \(\d+ tricks? x 1\), seat 1 \+\d+ \(\d+ tricks? x 1\).* \(ZM-11\)$`}},
		{"mito", "", []string{`^round 1 ends; penalty points of the cards left in hand \(MI-V1; none for whoever went out, MI-16\): you \d+, seat 1 \d+`}},
		{"jiji", "", []string{`(discovered .*: \S+ \(\+\d+: a right guess, .*JJ-15\)|guessed .* wrong \(-\d+: a wrong guess, JJ-15\))$`}},
		{"simino", "", []string{`^round 1 ends: (you|seat 0) \+\d+, seat 1 \+\d+.* \(points for going out, SI-18\)$`}},
	} {
		t.Run(tc.game, func(t *testing.T) {
			history := playedHistory(t, tc.game)
			for _, pattern := range append(tc.score, tc.trick) {
				if pattern != "" && !anyMatches(regexp.MustCompile(pattern), history) {
					t.Errorf("no line says why (%s):\n%s", pattern, strings.Join(history, "\n"))
				}
			}
		})
	}
}

// playedHistory is seat 0's history at the end of a game of random seats (seed 3): the last snapshot
// the table sent it (screens get theirs in goroutines, in any order).
func playedHistory(t *testing.T, game string) []string {
	t.Helper()
	g := newTableGame(t, game, 3)
	r := &recorder{h: g.human, typed: map[int]bool{}}
	g.table.Attach(0, r.screen)
	if err := core.PlayOut(g.s, g.e, g.seats, []string{"human"}); err != nil {
		t.Fatal(err)
	}
	if err := g.table.Publish(); err != nil {
		t.Fatal(err)
	}
	g.table.mu.Lock()
	defer g.table.mu.Unlock()
	return g.table.last[0].History
}

func anyMatches(re *regexp.Regexp, lines []string) bool {
	for _, l := range lines {
		if re.MatchString(l) {
			return true
		}
	}
	return false
}

// Without a describe hook, a trick's line still says how it was won, among its other fields.
func TestDescribeEventWordsTrickHow(t *testing.T) {
	e := core.Event{Type: "trick", Seat: -1, Winner: 1, Cards: []string{"O4", "B4"}, How: "trump", Fields: map[string]any{"goal": "low"}}
	if got, want := describeEvent(e, 0), "  trick to seat 1: O4 B4 (goal low, how trump)"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	e.How, e.Fields = "", nil
	if got, want := describeEvent(e, 0), "  trick to seat 1: O4 B4"; got != want {
		t.Errorf("no how: got %q, want %q", got, want)
	}
}
