package scripting

import (
	"encoding/binary"

	lua "github.com/yuin/gopher-lua"
)

// g:remember(name) in a bot: RULES.<name> with a memory kept by the engine, so a pure helper's answer
// (a stack's score) is computed once per worker rather than once per seat and game. A bot's own tables
// are made again for every game, and a helper call costs a dozen table reads and several calls.
//
// The memory shows no bot anything another could have left: an answer is kept only when it cannot
// depend on who asked. The rules keep no state between games (Program.KeptState: else the helper runs
// every time); the arguments after g are plain values or plain lists of them, spelled in the key with
// the player count (the only fact of g that may change); the helper draws no random number (it runs
// as a pure hook: math.random raises an error); it leaves its arguments as they were (spelled again
// after the call); and it answers plain values only (a table would be shared). A remembered answer
// is charged the work its first call cost, so the budget runs out where it would have.

// helperMemo is the memory of an engine's remembered helpers.
type helperMemo struct {
	answers map[string]memoAnswer
	key     []byte // the buffer keys are spelled in, reused
}

// memoAnswer is what a remembered call returned and the work it cost.
type memoAnswer struct {
	rets []lua.LValue
	work int64
}

// maxMemoAnswers bounds an engine's memory of helper answers; past it, new calls are not kept.
const maxMemoAnswers = 1 << 16

// rememberHelper is g:remember(name).
func rememberHelper(L *lua.LState) int {
	f := factsArg(L)
	name := L.CheckString(2)
	fn, ok := raw(f.e.Exports()).RawGetString(name).(*lua.LFunction)
	if !ok {
		L.ArgError(2, "the rules define no function "+name+" (g:remember remembers a RULES helper)")
	}
	if f.e.keepsState() {
		L.Push(fn) // the rules keep state: a helper may read it, so it answers afresh every time
		return 1
	}
	memo := f.e.botShared().helpers()
	h := f.e.h
	L.Push(L.NewFunction(func(L *lua.LState) int { return memo.call(L, h, name, fn) }))
	return 1
}

// helpers returns the engine's helper memory, made at its first use.
func (c *botShared) helpers() *helperMemo {
	if c.memo == nil {
		c.memo = &helperMemo{answers: map[string]memoAnswer{}}
	}
	return c.memo
}

// call answers fn(...) with the arguments on L's stack, from memory when it can.
func (m *helperMemo) call(L *lua.LState, h *Host, name string, fn *lua.LFunction) int {
	nargs := L.GetTop()
	key, keep := m.spell(L, name, nargs)
	if keep {
		if a, ok := m.answers[string(key)]; ok {
			h.work.left -= a.work
			for _, v := range a.rets {
				L.Push(v)
			}
			return len(a.rets)
		}
		key = append([]byte(nil), key...) // the buffer is spelled into again after the call
	}
	work, rets := h.callPure(L, fn, nargs)
	if keep && len(m.answers) < maxMemoAnswers && allPlain(rets) {
		if again, ok := m.spell(L, name, nargs); ok && string(again) == string(key) {
			m.answers[string(key)] = memoAnswer{rets: rets, work: work}
		}
	}
	for _, v := range rets {
		L.Push(v)
	}
	return len(rets)
}

// callPure calls fn with the nargs values at the bottom of L's stack as a pure hook (no random
// numbers) and returns the work it cost and what it returned.
func (h *Host) callPure(L *lua.LState, fn *lua.LFunction, nargs int) (int64, []lua.LValue) {
	pure, rng := h.pure, h.rand
	h.pure, h.rand = "a helper remembered by g:remember", nil
	defer func() { h.pure, h.rand = pure, rng }()
	before := h.work.left
	L.Push(fn)
	for i := 1; i <= nargs; i++ {
		L.Push(L.Get(i))
	}
	L.Call(nargs, lua.MultRet)
	rets := make([]lua.LValue, L.GetTop()-nargs)
	for i := range rets {
		rets[i] = L.Get(nargs + 1 + i)
	}
	L.Pop(len(rets))
	return before - h.work.left, rets
}

// spell spells the call's key in m.key: the helper's name, the player count of g (argument 1) and
// every other argument; false when the call cannot be kept (g is not a bot's, or an argument is
// neither a plain value nor a plain list of them).
func (m *helperMemo) spell(L *lua.LState, name string, nargs int) ([]byte, bool) {
	ud, ok := L.Get(1).(*lua.LUserData)
	if !ok {
		return nil, false
	}
	f, ok := ud.Value.(*botFacts)
	if !ok {
		return nil, false
	}
	buf := binary.AppendUvarint(appendKeyString(m.key[:0], name), uint64(f.players))
	for i := 2; i <= nargs; i++ {
		if buf, ok = appendLuaKey(buf, L.Get(i), true); !ok {
			return nil, false
		}
	}
	m.key = buf
	return buf, true
}

// appendLuaKey spells a plain Lua value, or (list) a plain table of plain values at 1..n and no other
// key; false for anything else.
func appendLuaKey(buf []byte, v lua.LValue, list bool) ([]byte, bool) {
	switch x := v.(type) {
	case lua.LNumber:
		return appendKeyNumber(buf, float64(x)), true
	case lua.LString:
		return appendKeyString(append(buf, 's'), string(x)), true
	case lua.LBool:
		return appendKeyValue(buf, bool(x)), true
	case *lua.LTable:
		if !list || plainTable(x) == nil || !onlyList(x) {
			return nil, false
		}
		n := x.Len()
		buf = binary.AppendUvarint(append(buf, 'L'), uint64(n))
		for i := 1; i <= n; i++ {
			var ok bool
			if buf, ok = appendLuaKey(buf, x.RawGetInt(i), false); !ok {
				return nil, false
			}
		}
		return buf, true
	}
	if v == lua.LNil {
		return append(buf, 'n'), true
	}
	return nil, false
}

// allPlain reports whether every value is nil, a boolean, a number or a string.
func allPlain(vs []lua.LValue) bool {
	for _, v := range vs {
		switch v.Type() {
		case lua.LTNil, lua.LTBool, lua.LTNumber, lua.LTString:
		default:
			return false
		}
	}
	return true
}
