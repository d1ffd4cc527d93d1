package scripting

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	lua "github.com/yuin/gopher-lua"
)

// words(s) splits as strings.Fields does (any run of Unicode space separates), whether the words are
// interned or not.
func TestWordsSplitsAsFields(t *testing.T) {
	h := NewHost()
	defer h.Close()
	for _, s := range []string{"", "   ", "keep", "keep B4 O4", "  mimic  M1\tO \n", "a\u00a0b c\u2003d", "é è", "x  "} {
		got := wordsOf(t, h, s)
		want := strings.Fields(s)
		if len(want) == 0 {
			want = nil
		}
		assert.Equal(t, want, got, "words(%q)", s)
	}
}

// str boxes a string once, up to maxInterned strings; later ones are boxed on every call, unchanged.
func TestStrInternsUpToTheLimit(t *testing.T) {
	h := &Host{}
	a := h.str("keep B4")
	assert.Equal(t, lua.LString("keep B4"), a)
	assert.Len(t, h.interned, 1)
	for i := 0; len(h.interned) < maxInterned; i++ {
		h.str(strings.Repeat("x", i+1))
	}
	v := h.str("one more")
	assert.Equal(t, lua.LString("one more"), v)
	assert.Len(t, h.interned, maxInterned)
	assert.NotContains(t, h.interned, "one more")
}

// words answers alike from its cache: a string split again, in this host or another, and after
// enough other strings to have replaced every slot.
func TestWordsRemembered(t *testing.T) {
	hosts := []*Host{NewHost(), NewHost()}
	for _, h := range hosts {
		defer h.Close()
	}
	check := func(s string) {
		want := strings.Fields(s)
		if len(want) == 0 {
			want = nil
		}
		for _, h := range hosts {
			require.Equal(t, want, wordsOf(t, h, s), "words(%q)", s)
			require.Equal(t, want, wordsOf(t, h, s), "words(%q) again", s)
		}
	}
	moves := []string{"place AB 1 2 r 1", "pay AB", "  mimic  M1\tO \n", "a\u00a0b c", ""}
	for _, m := range moves {
		check(m)
	}
	for i := 0; i < 3*wordSlots; i++ {
		check("play " + strconv.Itoa(i) + strings.Repeat(" y", i%3)) // every one a new string
	}
	for _, m := range moves {
		check(m)
	}
}

// wordsOf calls the host's words(s) from Lua and returns what it answered.
func wordsOf(t *testing.T, h *Host, s string) []string {
	t.Helper()
	L := h.L
	top := L.GetTop()
	L.Push(h.globals.RawGetString("words"))
	L.Push(lua.LString(s))
	require.NoError(t, L.PCall(1, lua.MultRet, nil))
	var got []string
	for i := top + 1; i <= L.GetTop(); i++ {
		got = append(got, L.CheckString(i))
	}
	L.SetTop(top)
	return got
}
