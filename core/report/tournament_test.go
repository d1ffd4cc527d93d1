package report

import (
	"regexp"
	"strconv"
	"testing"

	"github.com/ruleslab/ruleslab/core/stats"
)

// A tournament's plots are drawn at the size of every other report's (16 × 10 cm, 453.54 pt wide), not
// as thumbnails (they were 6 × 3.2 cm).
func TestTournamentPlotsFullSize(t *testing.T) {
	iv := stats.Interval{Value: 0.5, Low: 0.3, High: 0.7, Kind: stats.Rate}
	rep := stats.TournamentReport{Game: "g", Players: 2, Games: 10, Bootstrap: 10, Bots: []stats.BotReport{
		{Bot: "random", WinRate: iv, Score: iv, Rating: stats.Rating{Value: -10, Low: -50, High: 30}},
		{Bot: "greedy", WinRate: iv, Score: iv, Rating: stats.Rating{Value: 10, Low: -30, High: 50}},
	}}
	r := Tournament([]stats.TournamentReport{rep}, nil, Stamp{})
	width := regexp.MustCompile(`<svg[^>]*\swidth="([0-9.]+)pt"`)
	plots := 0
	for _, s := range r.Sections {
		for _, it := range s.Items {
			if it.Plot == nil {
				continue
			}
			plots++
			m := width.FindSubmatch(it.Plot.SVG)
			if m == nil {
				t.Fatalf("plot %q has no width in pt", it.Plot.Caption)
			}
			if w, _ := strconv.ParseFloat(string(m[1]), 64); w < 450 {
				t.Errorf("plot %q is %g pt wide, want the full 453.54", it.Plot.Caption, w)
			}
		}
	}
	if plots != 3 {
		t.Errorf("%d plots, want win rate, mean score and rating", plots)
	}
}
