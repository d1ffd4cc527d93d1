package tui

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/ruleslab/ruleslab/core"
)

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
	// a spectator (seat -1) sees public events only, none of them "only you"
	if got := describeEvent(core.Event{Type: "move", Seat: 1, Move: "play O4", Vis: core.VisPublic}, -1); got != "seat 1: play O4" {
		t.Errorf("a public move to a spectator: %q", got)
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

// A hint searches 40 times per legal move (at least the bot's default, at most 4000): 80 Simino
// placements get 3200 iterations, not the default 300 that left each move 3 or 4 searches.
func TestHintBudget(t *testing.T) {
	for n, want := range map[int]string{2: "ismcts:iterations=300", 80: "ismcts:iterations=3200", 500: "ismcts:iterations=4000"} {
		if got := hintSpec(n); got != want {
			t.Errorf("%d moves: %s, want %s", n, got, want)
		}
	}
}

// A trick's line names the card that won it: the one its winner's last move played.
func TestWonBy(t *testing.T) {
	played := map[int]string{0: "play O1", 1: "play M3", 2: "play O5"}
	trick := core.Event{Type: "trick", Winner: 2, Cards: []string{"O1", "M3", "O5"}}
	if got := wonBy(trick, played); got != " (won by O5)" {
		t.Errorf("got %q", got)
	}
	if got := wonBy(core.Event{Type: "round_end"}, played); got != "" {
		t.Errorf("a round's end: %q", got)
	}
	if got := wonBy(core.Event{Type: "trick", Winner: 3, Cards: []string{"O1"}}, played); got != "" {
		t.Errorf("no move of the winner: %q", got)
	}
}
