package scripting_test

import (
	"testing"

	"ruleslab/scripting"
)

func BenchmarkLuaDecision(b *testing.B) {
	p := loadProgram(b, "testdata/tiny.yaml", "")
	h := scripting.NewHost()
	defer h.Close()
	s, _ := p.NewState(h, 2, 1, nil)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		c := s.Clone()
		if err := c.Apply("draw"); err != nil {
			b.Fatal(err)
		}
	}
}
