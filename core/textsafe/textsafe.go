package textsafe

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Escape returns s with every control character other than newline and tab (C0, DEL, C1), and every
// byte that is not UTF-8, written as a Go escape (\x1b, \u009b, \xff); other text is unchanged. Text
// with nothing to escape is returned as it is, without copying.
func Escape(s string) string {
	if clean(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case unsafeRune(r) && r < 0x80:
			fmt.Fprintf(&b, `\x%02x`, r)
		case unsafeRune(r):
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

// unsafeRune reports whether r is a control character a terminal acts on (newline and tab are text).
func unsafeRune(r rune) bool {
	return (r < 0x20 && r != '\n' && r != '\t') || (r >= 0x7f && r <= 0x9f)
}

// clean reports whether s has nothing to escape.
func clean(s string) bool {
	for _, r := range s {
		if unsafeRune(r) || r == utf8.RuneError {
			return false
		}
	}
	return true
}
