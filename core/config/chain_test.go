package config

import (
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
)

// Chain follows `extends:` as Load does (a relative file, a bundled game or variant), base first.
func TestChain(t *testing.T) {
	useEmbedded(t, fstest.MapFS{
		"variants/g/g.yaml":   {Data: []byte(tinyGame + "script: ../../scripts/g/rules.lua\n")},
		"variants/g/v.yaml":   {Data: []byte("extends: g.yaml\ntitle: V\n")},
		"scripts/g/rules.lua": {Data: []byte("function setup(g) end\n")},
	})
	dir, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	write(t, "house.yaml", "extends: g/v\ntitle: H\n")
	write(t, "loop.yaml", "extends: loop.yaml\n")
	write(t, "bad.yaml", "extends: [a]\n")
	embedded := func(name string) string { return filepath.Join(EmbeddedRoot, filepath.FromSlash(name)) }
	for _, tc := range []struct {
		path string
		want []string
		err  string
	}{
		{path: "variants/g/g.yaml", want: []string{embedded("variants/g/g.yaml")}},
		{path: "variants/g/v.yaml", want: []string{embedded("variants/g/g.yaml"), embedded("variants/g/v.yaml")}},
		{path: "house.yaml", want: []string{embedded("variants/g/g.yaml"), embedded("variants/g/v.yaml"), filepath.Join(dir, "house.yaml")}},
		{path: "loop.yaml", err: "loop.yaml: `extends` chain is too deep (a cycle?)"},
		{path: "bad.yaml", err: "bad.yaml:1:10: `extends` must be a file name"},
		{path: "none.yaml", err: "none.yaml"},
	} {
		got, err := Chain(tc.path)
		switch {
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("Chain(%s) = %v, %v; want error %q", tc.path, got, err, tc.err)
		case tc.err == "" && (err != nil || strings.Join(got, "|") != strings.Join(tc.want, "|")):
			t.Errorf("Chain(%s) = %v, %v; want %v", tc.path, got, err, tc.want)
		}
	}
}

// Sources names each file's part: the chain's YAML, then the rules, the screen and the overrides.
func TestSources(t *testing.T) {
	useEmbedded(t, fstest.MapFS{
		"variants/g/g.yaml":    {Data: []byte(tinyGame + "script: ../../scripts/g/rules.lua\nscreen: ../../scripts/g/screen.lua\n")},
		"variants/g/v.yaml":    {Data: []byte("extends: g.yaml\noverrides: [../../scripts/g/v.lua]\n")},
		"variants/g/bare.yaml": {Data: []byte(tinyGame + "script: ../../scripts/g/rules.lua\noverrides: [../../scripts/g/v.lua]\n")},
		"scripts/g/rules.lua":  {Data: []byte("function setup(g) end\n")},
		"scripts/g/screen.lua": {Data: []byte("function render(obs, legal) end\n")},
		"scripts/g/v.lua":      {Data: []byte("function setup(g) end\n")},
	})
	show := func(files []SourceFile) string {
		var s []string
		for _, f := range files {
			s = append(s, Shown(f.Path)+" "+f.Part+map[bool]string{true: " lua"}[f.Lua])
		}
		return strings.Join(s, ", ")
	}
	for _, tc := range []struct {
		variant  string
		withYAML bool
		want     string
	}{
		{"", false, "scripts/g/rules.lua base rules lua, scripts/g/screen.lua base screen lua"},
		{"v", true, "variants/g/g.yaml base game, variants/g/v.yaml variant, scripts/g/rules.lua base rules lua, " +
			"scripts/g/screen.lua base screen lua, scripts/g/v.lua override lua"},
		{"bare", false, "scripts/g/rules.lua base rules lua, scripts/g/v.lua override lua"},
	} {
		g, err := Resolve("g", tc.variant)
		if err != nil {
			t.Fatal(err)
		}
		files, err := Sources(g, tc.withYAML)
		if err != nil || show(files) != tc.want {
			t.Errorf("Sources(g %q, %v) = %s, %v\nwant %s", tc.variant, tc.withYAML, show(files), err, tc.want)
		}
	}
}
