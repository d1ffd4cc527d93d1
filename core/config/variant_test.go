package config

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
	"testing/fstest"
)

// A variant is base, a name beside the game's YAML, or a variant file of the same game; anything else
// is refused with a message naming the variant, the game, and what would do.
func TestResolvePathVariants(t *testing.T) {
	useEmbedded(t, fstest.MapFS{
		"variants/g/g.yaml":      {Data: []byte(tinyGame)},
		"variants/g/fast.yaml":   {Data: []byte("extends: g.yaml\ntitle: Fast\n")},
		"variants/h/h.yaml":      {Data: []byte("id: h\ntitle: H\nplayers: {min: 1, max: 2}\nzones: {deck: {visible: none}}\ncomponents: [{kind: c, id: A}]\n")},
		"variants/h/slow.yaml":   {Data: []byte("extends: h.yaml\ntitle: Slow\n")},
		"variants/h/slower.yaml": {Data: []byte("extends: slow.yaml\ntitle: Slower\n")},
	})
	files := map[string]string{
		"house.yaml":      "extends: g\ntitle: House\n",
		"house-fast.yaml": "extends: g/fast\ntitle: House fast\n",
		"deeper.yaml":     "extends: house-fast.yaml\ntitle: Deeper\n",
		"other.yaml":      "extends: h/slower\ntitle: Other\n",
		"game.yaml":       "id: k\ntitle: K\n",
		"loop.yaml":       "extends: loop.yaml\n",
	}
	files["myrule/myrule.yaml"] = "extends: g\n" // a folder as `ruleslab new myrule` makes it
	if err := os.MkdirAll("myrule", 0o755); err != nil {
		t.Fatal(err)
	}
	for name, text := range files {
		if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	gPath := filepath.Join(EmbeddedRoot, "variants", "g", "g.yaml")
	for _, tc := range []struct{ game, variant, want string }{
		{"g", "", gPath},
		{"g", "base", gPath},
		{"g", "fast", filepath.Join(EmbeddedRoot, "variants", "g", "fast.yaml")},
		{"g", "house.yaml", "house.yaml"},
		{"g", "deeper.yaml", "deeper.yaml"},          // through a bundled variant and a file
		{"house.yaml", "deeper.yaml", "deeper.yaml"}, // GAME a variant file of the same game
		{"variants/g/g.yaml", "fast", filepath.Join(EmbeddedRoot, "variants", "g", "fast.yaml")},
		{"house.yaml", "base", "house.yaml"},
	} {
		got, err := ResolvePath(tc.game, tc.variant)
		if err != nil || got != tc.want {
			t.Errorf("ResolvePath(%q, %q) = %q, %v; want %q", tc.game, tc.variant, got, err, tc.want)
		}
	}
	for _, tc := range []struct {
		game, variant string
		kind          error
		msg           string
	}{
		{"g", "other.yaml", ErrOtherGame, "other.yaml extends h/slower (a variant of h), not g"},
		{"house.yaml", "other.yaml", ErrOtherGame, "other.yaml extends h/slower (a variant of h), not g (the game of house.yaml)"},
		{"h", "house.yaml", ErrOtherGame, "house.yaml extends g, not h"},
		{"g", "game.yaml", ErrOtherGame, "game.yaml is the game k, not a variant of g: a variant file starts with `extends: g`"},
		{"g", "none.yaml", ErrUnknownGame, "variant file none.yaml: no such file"},
		{"g", "fast.yaml", ErrUnknownGame, "variant file fast.yaml: no such file (the variant fast of g is --variant fast)"},
		{"g", "fas", ErrUnknownGame, `unknown game variant "fas" of g (did you mean "fast"?); its variants: base, fast, or the path of a variant .yaml file`},
		{"g", "zzz", ErrUnknownGame, `unknown game variant "zzz" of g; its variants: base, fast, or the path of a variant .yaml file`},
		{"gg", "", ErrUnknownGame, `unknown game "gg" (did you mean "g"? bundled: g, h; or give a path to a .yaml file)`},
		{"myrule", "", ErrUnknownGame, `unknown game "myrule": myrule is a folder; give its YAML file: myrule/myrule.yaml`},
	} {
		_, err := ResolvePath(tc.game, tc.variant)
		if err == nil || !errors.Is(err, tc.kind) || err.Error() != tc.msg {
			t.Errorf("ResolvePath(%q, %q): %v; want %q", tc.game, tc.variant, err, tc.msg)
		}
	}
	if _, err := ResolvePath("g", "loop.yaml"); err == nil || err.Error() != "loop.yaml: `extends` chain is too deep (a cycle?)" {
		t.Errorf("a cycle: %v", err)
	}
}

// Extends is the file a variant extends, resolved as Load resolves it; "" for a game.
func TestExtends(t *testing.T) {
	useEmbedded(t, fstest.MapFS{
		"variants/g/g.yaml":    {Data: []byte(tinyGame)},
		"variants/g/fast.yaml": {Data: []byte("extends: g.yaml\ntitle: Fast\n")},
	})
	if err := os.WriteFile("house.yaml", []byte("extends: g/fast\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	gDir := filepath.Join(EmbeddedRoot, "variants", "g")
	for path, want := range map[string]string{
		"house.yaml":                     filepath.Join(gDir, "fast.yaml"),
		filepath.Join(gDir, "fast.yaml"): filepath.Join(gDir, "g.yaml"),
		filepath.Join(gDir, "g.yaml"):    "",
	} {
		if got, err := Extends(path); err != nil || got != want {
			t.Errorf("Extends(%s) = %q, %v; want %q", path, got, err, want)
		}
	}
	if _, err := Extends("missing.yaml"); err == nil {
		t.Error("Extends of a missing file: no error")
	}
}
