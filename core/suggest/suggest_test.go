package suggest

import "testing"

func TestClosest(t *testing.T) {
	names := []string{"effective", "original"}
	cases := []struct {
		word, want string
		ok         bool
	}{
		{"orignal", "original", true},
		{"Effectiv", "effective", true},
		{"trick_winer", "", false}, // not among these names
		{"x", "", false},
		{"original", "", false}, // an exact name is not a suggestion
	}
	for _, c := range cases {
		got, ok := Closest(c.word, names)
		if got != c.want || ok != c.ok {
			t.Errorf("Closest(%q) = %q, %v; want %q, %v", c.word, got, ok, c.want, c.ok)
		}
	}
	if got, _ := Closest("trick_winer", []string{"trick_winner", "play_effect"}); got != "trick_winner" {
		t.Errorf("Closest(trick_winer) = %q", got)
	}
	if got := DidYouMean("orignal", names); got != ` (did you mean "original"?)` {
		t.Errorf("DidYouMean = %q", got)
	}
	if got := DidYouMean("zzz", names); got != "" {
		t.Errorf("DidYouMean(zzz) = %q", got)
	}
}

func TestDistance(t *testing.T) {
	for _, c := range []struct {
		a, b string
		d    int
	}{{"", "", 0}, {"abc", "", 3}, {"kitten", "sitting", 3}, {"é", "e", 1}, {"titel", "title", 1}, {"mdoe", "mode", 1}, {"ca", "abc", 3}} {
		if got := Distance(c.a, c.b); got != c.d {
			t.Errorf("Distance(%q, %q) = %d, want %d", c.a, c.b, got, c.d)
		}
	}
}
