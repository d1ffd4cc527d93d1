package scripting

import (
	"fmt"
	"testing"

	lua "github.com/yuin/gopher-lua"
)

// valuesOf runs code (which returns a table of results) and spells the table's values.
func valuesOf(t *testing.T, L *lua.LState, code string) string {
	t.Helper()
	if err := L.DoString(code); err != nil {
		t.Fatal(err)
	}
	res := L.Get(-1)
	L.Pop(1)
	tb, ok := res.(*lua.LTable)
	if !ok {
		return fmt.Sprint(res)
	}
	out := fmt.Sprint(tb.Len(), ":")
	for i := 1; i <= tb.Len(); i++ {
		out += fmt.Sprintf(" %v(%s)", tb.RawGetInt(i), tb.RawGetInt(i).Type())
	}
	return out
}

// The host's string.byte (preboxed bytes) returns what gopher-lua's own returns for every kind of
// argument: none, one, two, negative, out of range, an empty string.
func TestStringByteAsGopherLua(t *testing.T) {
	h := NewHost()
	defer h.Close()
	h.work.left, h.running = 1<<50, "probe"
	plain := lua.NewState()
	defer plain.Close()
	for _, args := range []string{
		`"abc"`, `"abc", 1`, `"abc", 2`, `"abc", 3`, `"abc", 4`, `"abc", 0`, `"abc", -1`, `"abc", -3`,
		`"abc", -4`, `"abc", 1, 3`, `"abc", 2, 2`, `"abc", 3, 2`, `"abc", -2, -1`, `"abc", 1, 10`,
		`"abc", 0, 0`, `"abc", -10, 2`, `""`, `"", 1`, `"", 1, 2`, `"\255\0x", 1, 3`,
	} {
		code := "return {string.byte(" + args + ")}"
		if got, want := valuesOf(t, h.L, code), valuesOf(t, plain, code); got != want {
			t.Errorf("string.byte(%s) = %s, gopher-lua's %s", args, got, want)
		}
	}
	// the method form reads the same function
	if got := valuesOf(t, h.L, `return {("place WW 1 2 r 1"):byte(7, 8)}`); got != "2: 87(number) 87(number)" {
		t.Errorf("s:byte(7, 8) = %s", got)
	}
}

// string.find and string.byte hand back preboxed numbers: a hook's plain find or byte allocates
// nothing (each used to allocate a number per result).
func TestFindAndByteAllocateNothing(t *testing.T) {
	h := NewHost()
	defer h.Close()
	fn, err := h.L.LoadString(`local s = ... local a, b = s:find("Y", 1, true) return a + b + s:byte(3) + s:byte(1, 2)`)
	if err != nil {
		t.Fatal(err)
	}
	h.work.left, h.running = 1<<50, "probe"
	s := lua.LString("WYO")
	call := func() {
		h.L.Push(fn)
		h.L.Push(s)
		if err := h.L.PCall(1, 1, nil); err != nil {
			t.Fatal(err)
		}
		h.L.Pop(1)
	}
	call()
	base := testing.AllocsPerRun(50, func() {})
	if n := testing.AllocsPerRun(50, call); n-base > 1 { // the sum itself is a new number
		t.Errorf("find and byte allocated %.0f times per call, want at most 1", n-base)
	}
}
