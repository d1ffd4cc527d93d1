package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A value too large for a narrower unsigned field is a positioned error, not a silent wrap-around.
func TestDecodeUnsignedOverflow(t *testing.T) {
	type doc struct {
		Small uint32 `yaml:"small"`
	}
	p := filepath.Join(t.TempDir(), "x.yaml")
	write := func(text string) {
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var d doc
	write("small: 4294967295\n")
	if _, err := DecodeFile(p, &d); err != nil || d.Small != 4294967295 {
		t.Fatalf("decoded %+v, error %v", d, err)
	}
	write("small: 4294967296\n")
	_, err := DecodeFile(p, &doc{})
	if err == nil || !strings.Contains(err.Error(), `x.yaml:1:8: expected a non-negative integer, found "4294967296"`) {
		t.Errorf("error %v", err)
	}
}
