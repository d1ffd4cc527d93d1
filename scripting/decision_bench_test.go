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
