package scripting

import (
	"hash/maphash"
	"slices"
	"strings"
	"sync/atomic"
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
// its own result. The words of a string split lately are remembered (wordCache): a bot splits each of
// its legal moves at every decision, and the rules their move, and the same moves come back.
func (h *Host) luaWords(L *lua.LState) int {
	s := L.CheckString(1)
	slot := &wordCache[maphash.String(wordSeed, s)%wordSlots]
	if e := slot.Load(); e != nil && e.s == s {
		for _, w := range e.words {
			L.Push(w)
		}
		return len(e.words)
	}
	var room [8]lua.LValue
	words := h.appendWords(room[:0], s)
	for _, w := range words {
		L.Push(w)
	}
	slot.Store(&wordEntry{s: s, words: slices.Clone(words)})
	return len(words)
}

// appendWords appends the words of s to ws, each boxed through str.
func (h *Host) appendWords(ws []lua.LValue, s string) []lua.LValue {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf { // rare: let strings.Fields read the Unicode spaces
			for _, w := range strings.Fields(s) {
				ws = append(ws, h.str(w))
			}
			return ws
		}
	}
	start := -1
	for i := 0; i <= len(s); i++ {
		switch {
		case i == len(s) || asciiSpace[s[i]]:
			if start >= 0 {
				ws = append(ws, h.str(s[start:i]))
				start = -1
			}
		case start < 0:
			start = i
		}
	}
	return ws
}

// wordCache holds the words of strings words() split, in a slot chosen by a hash of the string; a
// slot holds the last one split there. A hit costs a hash and a comparison, where boxing each word
// again (str) cost a map lookup per word. The cache is shared by every host: an entry is never changed
// once made (a slot is swapped whole, atomically), and a string's words are the same Lua strings for
// any host.
var wordCache [wordSlots]atomic.Pointer[wordEntry]

// wordSlots bounds the strings remembered (a few hundred kilobytes at most).
const wordSlots = 1 << 12

var wordSeed = maphash.MakeSeed()

type wordEntry struct {
	s     string
	words []lua.LValue
}
