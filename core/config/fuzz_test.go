package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzLoadOverlay loads a base game and a variant overlaying it, from any bytes: the loader may reject
// them, always as an error naming one of the two files, but never panics or hangs. The seed corpus (the
// bundled Mimic Taking and its face-up variant, and a few hand-made cases) runs with go test.
func FuzzLoadOverlay(f *testing.F) {
	base, err := os.ReadFile("../../variants/mimic-taking/mimic-taking.yaml")
	if err != nil {
		f.Fatal(err)
	}
	over, err := os.ReadFile("../../variants/mimic-taking/face-up.yaml")
	if err != nil {
		f.Fatal(err)
	}
	// the bundled files name ../../scripts/...: the fuzzed base names a local script instead
	fix := func(b []byte) []byte {
		return []byte(strings.ReplaceAll(string(b), "../../scripts/mimic-taking/rules.lua", "rules.lua"))
	}
	f.Add(fix(base), over)
	f.Add(fix(base), []byte("extends: base.yaml\nparams: {scoring: {smallest: all}}\n"))
	f.Add([]byte(tinyGame+"script: rules.lua\n"), []byte("extends: base.yaml\nzones: {deck: {visible: all}}\n"))
	f.Add([]byte("a: &a [*a]\n"), []byte("extends: base.yaml\n"))
	// declared parameters of every kind, and a variant with a wrong value of each
	f.Add([]byte("id: g\ntitle: G\nplayers: {min: 1, max: 2}\nzones: {deck: {visible: none}}\nscript: rules.lua\n"+declaredGame),
		[]byte("extends: base.yaml\nparams: {mode: dwn, size: 12, points: [9], rounds: {\"x\": 1}, deal: {\"1\": 5}, scoring: 3}\n"))
	f.Add([]byte(tinyGame+"script: rules.lua\n"), []byte("extends: base.yaml\nextends: base.yaml\n"))
	f.Fuzz(func(t *testing.T, base, overlay []byte) {
		dir := t.TempDir()
		for name, data := range map[string][]byte{"base.yaml": base, "v.yaml": overlay, "rules.lua": []byte("-- rules\n")} {
			if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		for _, name := range []string{"base.yaml", "v.yaml"} {
			p := filepath.Join(dir, name)
			if _, err := Load(p); err != nil && !strings.HasPrefix(err.Error(), dir) {
				t.Fatalf("Load(%s): the error names no file of the game: %v", name, err)
			}
		}
	})
}
