package scripting_test

import (
	"testing"

	"github.com/ruleslab/ruleslab/scripting"
)

func BenchmarkLuaDecision(b *testing.B) {
	p := loadProgram(b, "testdata/tiny.yaml", "")
	h := scripting.NewHost()
	defer h.Close()
	e, s, _ := startGame(p, h, 2, 1)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		c := s.Clone()
		if err := c.Apply(e, "draw"); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkGreedyDecision is one decision of each bundled game's greedy bot from a mid-game position,
// asked again and again (after the first, with no new events): the bot's own Lua plus what it is
// handed. Compare its ns/op with BenchmarkRandomGames' ns/move (the target: a greedy seat
// costs at most twice a move of the rules).
func BenchmarkGreedyDecision(b *testing.B) {
	for _, gv := range bundledShort(b) {
		b.Run(name(gv), func(b *testing.B) {
			p := loadProgram(b, gv.Game, gv.Variant)
			if p.Bots["greedy"] == nil {
				b.Skip("no greedy bot")
			}
			h := scripting.NewHost()
			defer h.Close()
			e, err := p.NewEngine(h)
			if err != nil {
				b.Fatal(err)
			}
			s := midGame(b, e, p.Game.Config.Players.Default, 3, 20)
			if s.Over() {
				b.Skip("over")
			}
			bot, err := newBot(e, "greedy", 1)
			if err != nil {
				b.Fatal(err)
			}
			v := s.ViewFor(s.ToAct())
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if _, err := bot.Choose(v); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
