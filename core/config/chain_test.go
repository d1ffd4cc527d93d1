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
