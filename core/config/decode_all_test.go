package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A house rule's YAML with several misspelled keys reports each of them, at its place, with the
// closest known key: a designer fixes them all in one pass.
func TestDecodeReportsEveryUnknownKey(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "house.yaml")
	text := "extends: mimic-taking\ntitel: typo\nzones:\n  won: {visibel: all}\n  counted: {visible: all, perseat: true}\n"
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Load(path)
	if err == nil {
		t.Fatal("loaded")
	}
	for _, want := range []string{
		`house.yaml:2:1: unknown key "titel" (did you mean "title"?)`,
		`house.yaml:4:9: unknown key "visibel" (did you mean "visible"?)`,
		`house.yaml:5:27: unknown key "perseat" (did you mean "per_seat"?)`,
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q lacks %q", err, want)
		}
	}
}
