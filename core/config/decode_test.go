package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Unsigned fields (a scenario's `seed`) decode from YAML integers; negative or non-integer values are
// positioned errors.
func TestDecodeUnsigned(t *testing.T) {
	type doc struct {
		Seed  *uint64 `yaml:"seed"`
		Small uint32  `yaml:"small"`
	}
	dir := t.TempDir()
	write := func(text string) string {
		p := filepath.Join(dir, "x.yaml")
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	var d doc
	if _, err := DecodeFile(write("seed: 18446744073709551615\nsmall: 7\n"), &d); err != nil {
		t.Fatal(err)
	}
	if d.Seed == nil || *d.Seed != 18446744073709551615 || d.Small != 7 {
		t.Fatalf("decoded %+v", d)
	}
	for text, want := range map[string]string{
		"seed: -1\n":          `x.yaml:1:7: expected a non-negative integer, found "-1"`,
		"seed: abc\n":         "x.yaml:1:7: expected a non-negative integer, found",
		"small: 4294967296\n": `x.yaml:1:8: expected a non-negative integer, found "4294967296"`,
	} {
		var d doc
		_, err := DecodeFile(write(text), &d)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v, want %q", text, err, want)
		}
	}
}
