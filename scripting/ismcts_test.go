package scripting_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/scripting"
)

// BenchmarkISMCTS: ismcts iterations (determinise, descend, expand, play out to the end) per second
// from a decision early in a game (random play first), per bundled game and variant at its default
// player count. One op is one decision of 50 iterations; iterations/s is reported.
func BenchmarkISMCTS(b *testing.B) {
	for _, gv := range bundled(b) {
		b.Run(name(gv), func(b *testing.B) {
			p := loadProgram(b, gv[0], gv[1])
			h := scripting.NewHost()
			defer h.Close()
			e, err := p.NewEngine(h)
			require.NoError(b, err)
			s := midGame(b, e, p.Game.Config.Players.Default, 3, 8)
			for s.Over() || len(s.Legal()) < 2 {
				s = midGame(b, e, p.Game.Config.Players.Default, uint64(b.N)+5, 8)
			}
			bot, err := e.NewBot("ismcts:iterations=50", 1)
			require.NoError(b, err)
			v := s.ViewFor(s.ToAct())
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if _, err := bot.(*core.ISMCTS).Analyse(v); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(50*b.N)/b.Elapsed().Seconds(), "iterations/s")
		})
	}
}
