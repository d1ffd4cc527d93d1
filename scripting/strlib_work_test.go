package scripting

import "testing"

// workOf runs code on a fresh host with an unbounded budget and returns the work it was charged.
func workOf(t *testing.T, code string) int64 {
	t.Helper()
	h := NewHost()
	defer h.Close()
	fn, err := h.L.LoadString(code)
	if err != nil {
		t.Fatal(err)
	}
	const plenty = 1 << 50
	h.work.left, h.running = plenty, "probe"
	h.L.Push(fn)
	if err := h.L.PCall(0, 0, nil); err != nil {
		t.Fatal(err)
	}
	return plenty - h.work.left
}

// string.gsub and string.gmatch are charged for every match they hand out (its match data, captures
// and replacement), not only for the pattern's steps and the bytes: 40,000 replacements used to cost
// about as much as 240,000 Lua instructions though they took as long as 500,000 or more.
func TestMatchesAreChargedTheirWork(t *testing.T) {
	const matches = 40000
	for _, code := range []string{
		`local s = string.rep("ab", 40000) s = string.gsub(s, "a", "a")`,
		`local s = string.rep("ab", 40000) for w in string.gmatch(s, "a") do end`,
	} {
		if got := workOf(t, code); got < matches*(matchWork+4) {
			t.Errorf("%s: charged %d units for %d matches, want at least %d per match", code, got, matches, matchWork+4)
		}
	}
}
