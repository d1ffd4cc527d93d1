package textsafe

import "testing"

func TestEscape(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"plain text, with\ttabs and\nnewlines: ♠ ♥ é", "plain text, with\ttabs and\nnewlines: ♠ ♥ é"},
		{"\x1b]0;pwned\x07title", `\x1b]0;pwned\x07title`},
		{"\x1b[2J\x1b[Hcleared", `\x1b[2J\x1b[Hcleared`},
		{"carriage\rreturn", `carriage\x0dreturn`},
		{"del\x7f and C1 \u009b31m", `del\x7f and C1 \u009b31m`},
		{"bad utf-8 \xff\xfe", `bad utf-8 \xff\xfe`},
		{"", ""},
	} {
		if got := Escape(c.in); got != c.want {
			t.Errorf("Escape(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
