package scripting_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/scripting"
)

// The bundled games' describe hooks say why a seat scored, with the rule id, in the cases a random game
// seldom reaches: a perfect mimicry, an empty stack, Jiji's hidden bonus, Simino's solitaire score.
func TestDescribeScoreReasons(t *testing.T) {
	t.Setenv("RULESLAB_HOME", "..")
	for _, c := range []struct {
		game string
		e    core.Event
		want string
	}{
		{"mimic-taking", core.Event{Type: "stack", Seat: 0, Vis: core.SeatVis(0), Fields: map[string]any{"O": 3.0, "B": 3.0, "P": 0.0, "G": 3.0, "score": 10.0}},
			"your stack: Orange 3, Brown 3, Gray 3 (Mimics included): +10: perfect mimicry, equal colours (MT-21)"},
		{"mimic-taking", core.Event{Type: "stack", Seat: 0, Vis: core.SeatVis(0), Fields: map[string]any{"O": 4.0, "B": 1.0, "P": 0.0, "G": 0.0, "score": -3.0}},
			"your stack: Orange 4, Brown 1 (Mimics included): -3, largest 4 - smallest 1 (MT-20)"},
		{"mimic-taking", core.Event{Type: "stack", Seat: 0, Vis: core.SeatVis(0), Fields: map[string]any{"O": 0.0, "B": 0.0, "P": 0.0, "G": 0.0, "score": 0.0}},
			"your stack: no coloured card (Mimics included): 0: no colour to count (MT-21)"},
		{"mimic-taking", core.Event{Type: "round_end", Seat: -1, Round: 2, Scores: []int{-3, 10}},
			"round 2 scored: you -3: largest colour count - smallest = 3 (MT-20); seat 1 +10: perfect mimicry, equal colours (MT-21)"},
		{"jiji", core.Event{Type: "end", Seat: -1, Fields: map[string]any{"reason": "stalled", "bonus": []any{0.0, 2.0}, "bonus_points": 2.0}},
			"the game ends: nothing happened for too long (stalled); +2 to you, seat 2, whose Lost Jiji stayed hidden (JJ-15)"},
		{"jiji", core.Event{Type: "discovered", Seat: 1, Fields: map[string]any{"target": "2", "card": "W3", "discovery": "none", "points": 1.0}},
			"seat 1 discovered seat 2's Lost Jiji: W3 (+1: a right guess, both discovery cards are gone, JJ-15)"},
		{"simino", core.Event{Type: "round_end", Seat: -1, Round: 1, Scores: []int{7}},
			"the game ends: 7 points (a floor-f tile f-1, each tile left -1, all placed +5, SI-V2)"},
		{"zoomies", core.Event{Type: "round_end", Seat: -1, Round: 2, Scores: []int{4, 0}, Fields: map[string]any{"tricks": []any{2.0, 0.0}, "per_trick": 2.0}},
			"round 2 scored: you +4 (2 tricks x 2), seat 1 +0 (0 tricks x 2) (ZM-11)"},
	} {
		t.Run(c.want, func(t *testing.T) {
			p, err := scripting.Load(c.game, "")
			require.NoError(t, err)
			h := scripting.NewHost()
			defer h.Close()
			e, err := p.NewEngine(h)
			require.NoError(t, err)
			line, err := e.Describe(c.e, 0)
			require.NoError(t, err)
			require.Equal(t, c.want, line)
		})
	}
}
