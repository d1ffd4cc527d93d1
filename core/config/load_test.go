package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeGame writes a minimal base game (plus its rules.lua) in dir, with the given YAML lines after
// its own keys, and returns its path.
func writeGame(t *testing.T, dir, name, lines string) string {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	text := "id: g\ntitle: G\nplayers: {min: 1, max: 2}\nzones: {deck: {visible: none}}\nscript: rules.lua\n" + lines
	p := filepath.Join(dir, name)
	for file, body := range map[string]string{p: text, filepath.Join(dir, "rules.lua"): "-- rules\n"} {
		if err := os.WriteFile(file, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return p
}

func wantLoadErr(t *testing.T, path, want string) {
	t.Helper()
	_, err := Load(path)
	if err == nil {
		t.Fatalf("%s loaded, want %q", path, want)
	}
	if got := err.Error(); !strings.HasSuffix(got, want) {
		t.Fatalf("error %q, want ...%q", got, want)
	}
}

// The component count (count × `each` combinations, summed) is checked on the config, with the
// component's position, before any catalogue is built.
func TestComponentCount(t *testing.T) {
	dir := t.TempDir()
	ok := writeGame(t, dir, "ok.yaml", "components:\n  - {kind: c, id: \"{a}{b}\", each: {a: [1, 2, 3, 4], b: [1, 2, 3, 4, 5, 6, 7, 8]}, count: 1000}\n")
	if _, err := Load(ok); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ lines, want string }{
		{"components:\n  - {kind: c, id: X, count: 300000000}\n",
			`.yaml:7:5: components[0] "X": 300000000 copies (count); a game has at most 32000 components`},
		{"components:\n  - {kind: c, id: A}\n  - kind: c\n    id: \"{n}\"\n    each: {n: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]}\n    count: 3201\n",
			`.yaml:8:5: components[1] "{n}": 32010 copies (count × ` + "`each`" + ` combinations); a game has at most 32000 components`},
		{"components:\n  - {kind: c, id: A, count: 16000}\n  - {kind: c, id: B, count: 16001}\n",
			`.yaml:8:5: components[1] "B": its 16001 copies bring the catalogue to 32001 components; a game has at most 32000`},
		{"components:\n  - {kind: c, id: X, count: 9223372036854775807, each: {a: [1, 2]}}\n",
			`.yaml:7:5: components[0] "X": more than 4e18 copies (count × ` + "`each`" + ` combinations); a game has at most 32000 components`},
		{"components:\n  - {kind: c, id: X, count: -1}\n", `.yaml:7:29: components[0] "X": ` + "`count`" + ` must be at least 1`},
		{"components:\n  - {kind: c, id: X, each: {a: []}}\n", `.yaml:7:32: components[0] "X": ` + "`each.a`" + ` is empty, so it makes no component`},
	} {
		wantLoadErr(t, writeGame(t, dir, "bad.yaml", c.lines), c.want)
	}
}

// players.max is capped where the engine's limit is, before anything allocates per seat.
func TestPlayersMax(t *testing.T) {
	dir := t.TempDir()
	base := writeGame(t, dir, "g.yaml", "components: [{kind: c, id: X}]\n")
	if err := os.WriteFile(filepath.Join(dir, "v.yaml"), []byte("extends: g.yaml\nplayers: {max: 300000000}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(base); err != nil {
		t.Fatal(err)
	}
	wantLoadErr(t, filepath.Join(dir, "v.yaml"), "v.yaml:2:16: `players.max` is 300000000; a game has at most 63 players")
}
