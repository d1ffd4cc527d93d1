package scripting

import (
	"testing"

	lua "github.com/yuin/gopher-lua"

	"github.com/ruleslab/ruleslab/core"
)

func zzEngine(b *testing.B) (*Engine, *core.State) {
	p, err := Load("mimic-taking", "")
	if err != nil {
		b.Fatal(err)
	}
	h := NewHost()
	e, err := p.NewEngine(h)
	if err != nil {
		b.Fatal(err)
	}
	s, err := e.NewState(4, 1, core.StateOptions{})
	if err != nil {
		b.Fatal(err)
	}
	return e, s
}

func zzRun(b *testing.B, body string) {
	e, s := zzEngine(b)
	L := e.h.L
	fn, err := L.LoadString("local g, n = ...\nfor i = 1, n do " + body + " end")
	if err != nil {
		b.Fatal(err)
	}
	e.bind(s)
	b.ResetTimer()
	n := b.N
	if err := e.h.call("x", fn, 0, e.ud, lua.LNumber(n)); err != nil {
		b.Fatal(err)
	}
}

func BenchmarkZZEmpty(b *testing.B)   { zzRun(b, "") }
func BenchmarkZZPlayers(b *testing.B) { zzRun(b, "g:players()") }
func BenchmarkZZCount(b *testing.B)   { zzRun(b, `g:count("hand", 1)`) }
func BenchmarkZZRule(b *testing.B)    { zzRun(b, `g:rule("MT-16")`) }
func BenchmarkZZParam(b *testing.B)   { zzRun(b, `g:param("auto_first")`) }
func BenchmarkZZLocalFn(b *testing.B) { zzRun(b, `local x = i + 1`) }

func BenchmarkZZHookCall(b *testing.B) {
	e, s := zzEngine(b)
	L := e.h.L
	fn, err := L.LoadString("local g, seat, move = ...")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		e.bind(s)
		if err := e.h.call("x", fn, 0, e.ud, e.h.int(1), lua.LString("last add")); err != nil {
			b.Fatal(err)
		}
	}
}
