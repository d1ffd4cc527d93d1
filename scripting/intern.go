package scripting

import (
	"strings"
	"unicode/utf8"

	lua "github.com/yuin/gopher-lua"
)

// Boxing a Go string as a Lua value allocates, and a hook on the hot path receives its move and splits
// it (words) on every call. Moves are spelled from a small vocabulary (verbs, card ids, colours, the
// moves themselves), so the host keeps each string it has boxed, up to maxInterned of them: a map
// lookup costs less than the allocation and the collection of the garbage, which is what limits two
// workers on two cores.
const maxInterned = 1 << 12

// str returns s as a Lua value, boxed once per host.
func (h *Host) str(s string) lua.LValue {
	if v, ok := h.interned[s]; ok {
		return v
	}
	if len(h.interned) >= maxInterned {
		return lua.LString(s)
	}
	if h.interned == nil {
		h.interned = map[string]lua.LValue{}
	}
	// a copy: s may be a word of a longer string, which the key would otherwise keep alive
	s = strings.Clone(s)
	v := lua.LValue(lua.LString(s))
	h.interned[s] = v
	return v
}

// strBytes is str for a string being built in b: no string is made when it is boxed already.
func (h *Host) strBytes(b []byte) lua.LValue {
	if v, ok := h.interned[string(b)]; ok {
		return v
	}
	return h.str(string(b))
}

// asciiSpace is strings.Fields' set of ASCII separators.
var asciiSpace = [256]bool{'\t': true, '\n': true, '\v': true, '\f': true, '\r': true, ' ': true}

// luaWords is words(s): the words of s as separated by strings.Fields (so any Unicode space), each
// its own result.
func (h *Host) luaWords(L *lua.LState) int {
	s := L.CheckString(1)
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf { // rare: let strings.Fields read the Unicode spaces
			fields := strings.Fields(s)
			for _, w := range fields {
				L.Push(h.str(w))
			}
			return len(fields)
		}
	}
	n, start := 0, -1
	for i := 0; i <= len(s); i++ {
		switch {
		case i == len(s) || asciiSpace[s[i]]:
			if start >= 0 {
				L.Push(h.str(s[start:i]))
				n++
				start = -1
			}
		case start < 0:
			start = i
		}
	}
	return n
}
