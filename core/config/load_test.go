package config

import (
	"fmt"
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
	if got := err.Error(); !strings.Contains(got, want) || !strings.HasPrefix(got, filepath.Dir(path)) {
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

// What building a component costs beyond its count is bounded too: short plain values, short ids,
// and at most MaxAttrCells attribute values (each combination has its own map).
func TestComponentSize(t *testing.T) {
	dir := t.TempDir()
	long := strings.Repeat("z", MaxValueBytes+1)
	var keys, values []string
	for i := range 2000 {
		keys = append(keys, fmt.Sprintf("k%d: 1", i))
	}
	for i := range 200 {
		values = append(values, fmt.Sprint(i))
	}
	for _, c := range []struct{ lines, want string }{
		{"components:\n  - {kind: c, id: \"" + strings.Repeat("X", 500000) + "\", count: 32000}\n",
			`.yaml:7:19: components[0]: the id is 500000 bytes long; at most 64`},
		{"components:\n  - {kind: c, id: \"{a}{b}\", each: {a: [\"" + strings.Repeat("{b}", 20) + "\"], b: [\"" + strings.Repeat("y", 200) + "\"]}}\n",
			`.yaml:7:19: components[0] "{a}{b}": a filled-in id can be 260 bytes long; at most 64`},
		{"components:\n  - {kind: c, id: \"{a}\", each: {a: [[1, 2, 3]]}}\n",
			`.yaml:7:37: components[0] "{a}": each.a[0] must be a number, string or boolean, not a list`},
		{"components:\n  - {kind: c, id: A, attrs: {t: {x: 1}}}\n",
			`.yaml:7:33: components[0] "A": attrs.t must be a number, string or boolean, not a mapping`},
		{"components:\n  - {kind: c, id: A, attrs: {t: " + long + "}}\n",
			`.yaml:7:33: components[0] "A": attrs.t is 257 bytes long; at most 256`},
		{"components:\n  - {kind: c, id: \"X{a}\", each: {a: [" + strings.Join(values, ", ") + "]}, attrs: {" + strings.Join(keys, ", ") + "}}\n",
			`.yaml:7:5: components[0] "X{a}": the catalogue reaches 400400 attribute values (cards × attributes); a game has at most 200000`},
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

func write(t *testing.T, path, text string) string {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// Script and bot paths may not leave the root of their file's tree: a user's file its own folder, a
// file under a ruleslab home's variants/ that home. Each is checked against the file that names it.
func TestScriptPathsStayInside(t *testing.T) {
	tmp := t.TempDir()
	write(t, filepath.Join(tmp, "outside.lua"), "-- not yours\n")
	user := filepath.Join(tmp, "user")
	base := writeGame(t, user, "g.yaml", "components: [{kind: c, id: X}]\nbots: {b: lua/bot.lua}\n")
	write(t, filepath.Join(user, "lua", "bot.lua"), "-- bot\n")
	g, err := Load(base)
	if err != nil {
		t.Fatal(err)
	}
	if g.BotPaths["b"] != filepath.Join(user, "lua", "bot.lua") {
		t.Fatalf("bot path %q", g.BotPaths["b"])
	}
	for _, c := range []struct{ lines, want string }{
		{"overrides: [../../../../etc/passwd]\n", `v.yaml:2:13: overrides: "../../../../etc/passwd" is outside the folder of the file that names it (` + user + `): a script or bot must lie in that folder or below`},
		{"overrides: [/etc/passwd]\n", `v.yaml:2:13: overrides: "/etc/passwd" is outside the folder`},
		{"overrides: [../outside.lua]\n", `v.yaml:2:13: overrides: "../outside.lua" is outside the folder`},
		{"overrides: [../nothing.lua]\n", `v.yaml:2:13: overrides: "../nothing.lua" is outside the folder`}, // whether it exists or not
		{"bots: {b: ../outside.lua}\n", `v.yaml:2:11: bots.b: "../outside.lua" is outside the folder`},
		{"script: ../outside.lua\n", `v.yaml:2:9: script: "../outside.lua" is outside the folder`},
		{"overrides: [link.lua]\n", `v.yaml:2:13: overrides: "link.lua" is outside the folder`}, // a symbolic link out
		{"overrides: [lua]\n", `v.yaml:2:13: overrides: "lua" is not a file`},
		{"overrides: [big.lua]\n", `v.yaml:2:13: overrides: "big.lua" is too large (263168 bytes; the limit is 256 KiB)`},
	} {
		if err := os.Symlink(filepath.Join(tmp, "outside.lua"), filepath.Join(user, "link.lua")); err != nil && !os.IsExist(err) {
			t.Fatal(err)
		}
		write(t, filepath.Join(user, "big.lua"), strings.Repeat("-", MaxScriptBytes+1024))
		wantLoadErr(t, write(t, filepath.Join(user, "v.yaml"), "extends: g.yaml\n"+c.lines), c.want)
	}
	_, err = Load(write(t, filepath.Join(user, "v.yaml"), "extends: g.yaml\noverrides: ["+strings.Repeat("lua/bot.lua, ", MaxGameScripts)+"lua/bot.lua]\n"))
	if err == nil || !strings.Contains(err.Error(), "overrides: a game may name at most 64 Lua files") {
		t.Fatalf("error %v", err)
	}

	// A bundled layout: the game in home/variants/g/ names ../../scripts/g/rules.lua, outside its own
	// folder but inside the home; a house rule elsewhere extending it still keeps to its own folder.
	home := filepath.Join(tmp, "home")
	write(t, filepath.Join(home, "scripts", "g", "rules.lua"), "-- rules\n")
	bundled := write(t, filepath.Join(home, "variants", "g", "g.yaml"),
		"id: g\ntitle: G\nplayers: {min: 1, max: 2}\nzones: {deck: {visible: none}}\ncomponents: [{kind: c, id: X}]\nscript: ../../scripts/g/rules.lua\n")
	if _, err := Load(bundled); err != nil {
		t.Fatal(err)
	}
	house := write(t, filepath.Join(tmp, "house", "h.yaml"), "extends: "+bundled+"\noverrides: [../home/scripts/g/rules.lua]\n")
	wantLoadErr(t, house, `h.yaml:2:13: overrides: "../home/scripts/g/rules.lua" is outside the folder of the file that names it`)
	escape := write(t, filepath.Join(home, "variants", "g", "escape.yaml"), "extends: g.yaml\noverrides: [../../../outside.lua]\n")
	wantLoadErr(t, escape, `escape.yaml:2:13: overrides: "../../../outside.lua" is outside the ruleslab folder (`+home+`): a script or bot must lie in that folder or below`)
}

// `extends:` takes a bundled id, or a .yaml path relative to the file or absolute; anything else is a
// clear error at the key, as is a base file that cannot be read.
func TestExtendsPaths(t *testing.T) {
	tmp := t.TempDir()
	base := writeGame(t, filepath.Join(tmp, "base"), "g.yaml", "components: [{kind: c, id: X}]\n")
	g, err := Load(write(t, filepath.Join(tmp, "house", "abs.yaml"), "extends: "+base+"\ntitle: Absolute\n"))
	if err != nil {
		t.Fatal(err)
	}
	if g.ID != "g" || g.Title != "Absolute" || g.Scripts[0] != filepath.Join(tmp, "base", "rules.lua") {
		t.Fatalf("loaded %+v", g)
	}
	write(t, filepath.Join(tmp, "big.yaml"), "title: \""+strings.Repeat("x", MaxFileBytes)+"\"\n")
	if err := os.MkdirAll(filepath.Join(tmp, "dir.yaml"), 0o755); err != nil {
		t.Fatal(err)
	}
	notGame := `: not a game or variant YAML file (give a .yaml path, or a bundled game or variant such as mimic-taking or mimic-taking/face-up)`
	for _, c := range []struct{ ext, want string }{
		{"/etc/passwd", `x.yaml:1:10: extends "/etc/passwd"` + notGame},
		{"../../../../etc/passwd", `x.yaml:1:10: extends "../../../../etc/passwd"` + notGame},
		{`""`, `x.yaml:1:10: extends ""` + notGame},
		{"/no/such/file.yaml", `x.yaml:1:10: extends "/no/such/file.yaml": no such file`},
		{"../dir.yaml", `x.yaml:1:10: extends "../dir.yaml": is a folder, not a file`},
		{"../big.yaml", `x.yaml:1:10: extends "../big.yaml": file too large (1048586 bytes; the limit is 1 MiB)`},
	} {
		wantLoadErr(t, write(t, filepath.Join(tmp, "house", "x.yaml"), "extends: "+c.ext+"\n"), c.want)
	}
}
