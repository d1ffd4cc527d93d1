package scripting

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"
	lua "github.com/yuin/gopher-lua"

	"github.com/ruleslab/ruleslab/core"
)

// When no history is kept, g:emit measures plain fields where they lie: the size must be the one the
// converted fields would count against the log's limit (logEvent), lifted fields left out, or a game
// could fail with --log and not without it.
func TestEmitSizeWithoutHistoryIsTheLoggedFieldsSize(t *testing.T) {
	L := lua.NewState()
	defer L.Close()
	list := func(vs ...lua.LValue) *lua.LTable {
		tb := L.NewTable()
		for _, v := range vs {
			tb.Append(v)
		}
		return tb
	}
	str, num := func(s string) lua.LValue { return lua.LString(s) }, func(f float64) lua.LValue { return lua.LNumber(f) }
	aMap := L.NewTable()
	aMap.RawSetString("k", num(1))
	for _, c := range []struct {
		name, typ string
		args      []lua.LValue
		plain     bool
	}{
		{"numbers, strings, booleans", "x", []lua.LValue{str("a"), num(1), str("b"), str("text"), str("c"), lua.LTrue}, true},
		{"a number seat is the event's", "x", []lua.LValue{str("seat"), num(2), str("a"), num(300.5)}, true},
		{"a string seat is a field", "x", []lua.LValue{str("seat"), str("north")}, true},
		{"a nil field is left out", "x", []lua.LValue{str("a"), lua.LNil, str("b"), num(3)}, true},
		{"lists", "x", []lua.LValue{str("cards"), list(str("B4"), str("G2")), str("values"), list(num(4), num(2))}, true},
		{"a trick's winner, cards and how", "trick", []lua.LValue{str("winner"), num(1), str("cards"), list(str("B4"), str("G2")),
			str("how"), str("trump"), str("goal"), num(3), str("values"), list(num(4), num(2))}, true},
		{"a trick with nothing else", "trick", []lua.LValue{str("winner"), num(0), str("cards"), list(str("B4"))}, true},
		{"a trick whose winner is not whole", "trick", []lua.LValue{str("winner"), num(1.5), str("cards"), list(str("B4"))}, true},
		{"a trick whose cards are numbers", "trick", []lua.LValue{str("winner"), num(1), str("cards"), list(num(1), num(2))}, true},
		{"how without a trick lifted", "trick", []lua.LValue{str("how"), str("lead"), str("a"), num(1)}, true},
		{"another event's winner and cards", "x", []lua.LValue{str("winner"), num(1), str("cards"), list(str("B4"))}, true},
		{"an empty table", "x", []lua.LValue{str("a"), L.NewTable()}, false},
		{"a list of lists", "x", []lua.LValue{str("a"), list(list(str("x")))}, false},
		{"a map", "x", []lua.LValue{str("a"), aMap}, false},
		{"a name twice", "x", []lua.LValue{str("a"), num(1), str("a"), num(2)}, false},
		{"not finite", "x", []lua.LValue{str("a"), num(math.Inf(1))}, false},
		{"not finite in a list", "x", []lua.LValue{str("a"), list(num(math.NaN()))}, false},
	} {
		L.SetTop(0)
		for _, v := range append([]lua.LValue{lua.LNil, str(c.typ), lua.LNil}, c.args...) {
			L.Push(v)
		}
		size, ok := plainFieldsSize(L, L.GetTop(), c.typ == "trick")
		require.Equal(t, c.plain, ok, c.name)
		if !ok {
			continue
		}
		e := core.Event{Type: c.typ, Fields: emitFields(L, L.GetTop())}
		liftSeat(&e)
		liftEventFields(&e)
		require.Equal(t, sizeOf(e.Fields), size, c.name)
	}
}
