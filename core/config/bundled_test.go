package config

import (
	"reflect"
	"strings"
	"testing"
	"testing/fstest"
)

// useEmbedded makes the bundled games come from fsys, as in a binary run outside any ruleslab folder.
func useEmbedded(t *testing.T, fsys fstest.MapFS) {
	t.Helper()
	t.Setenv("RULESLAB_HOME", "")
	t.Chdir(t.TempDir())
	old := SetBundledFS(fsys)
	t.Cleanup(func() { SetBundledFS(old) })
	if Home() != EmbeddedRoot {
		t.Skipf("a ruleslab folder is found from %s (the test binary's folder?): cannot test the embedded files", Home())
	}
}

const tinyGame = "id: g\ntitle: G\nplayers: {min: 1, max: 2}\nzones: {deck: {visible: none}}\ncomponents: [{kind: c, id: A}]\n"

// Embedded games load, list and resolve like files on disk; their messages name them as
// variants/... and scripts/...; their scripts may not leave the embedded tree.
func TestEmbeddedGames(t *testing.T) {
	useEmbedded(t, fstest.MapFS{
		"variants/g/g.yaml":      {Data: []byte(tinyGame + "script: ../../scripts/g/rules.lua\n")},
		"variants/g/v.yaml":      {Data: []byte("extends: g.yaml\ntitle: V\n")},
		"variants/g/bad.yaml":    {Data: []byte("extends: g.yaml\nzones: {deck: {visible: maybe}}\n")},
		"variants/g/escape.yaml": {Data: []byte("extends: g.yaml\noverrides: [../../../etc/passwd]\n")},
		"scripts/g/rules.lua":    {Data: []byte("-- rules\n")},
	})
	games, err := BundledGames()
	if err != nil || len(games) != 1 || games[0].ID != "g" || strings.Join(games[0].Variants, ",") != "bad,escape,v" {
		t.Fatalf("BundledGames = %+v, %v", games, err)
	}
	sets, err := BundledRuleSets()
	want := []RuleSet{{"g", ""}, {"g", "bad"}, {"g", "escape"}, {"g", "v"}}
	if err != nil || !reflect.DeepEqual(sets, want) {
		t.Fatalf("BundledRuleSets = %+v, %v", sets, err)
	}
	g, err := Resolve("g", "v")
	if err != nil {
		t.Fatal(err)
	}
	if g.Title != "V" || g.Variant != "v" || len(g.Scripts) != 1 || Shown(g.Scripts[0]) != "scripts/g/rules.lua" {
		t.Fatalf("resolved %+v", g)
	}
	if _, err := ReadFile(g.Scripts[0], MaxScriptBytes); err != nil {
		t.Fatal(err)
	}
	// a command-line path to a bundled file finds the embedded one
	if g, err := Load("variants/g/v.yaml"); err != nil || g.Title != "V" {
		t.Fatalf("Load(variants/g/v.yaml) = %v, %v", g, err)
	}
	if _, err := Resolve("g", "bad"); err == nil || !strings.HasPrefix(err.Error(), "variants/g/bad.yaml:2:25: zone deck: `visible` must be") {
		t.Fatalf("bad variant: %v", err)
	}
	if _, err := Resolve("g", "escape"); err == nil || !strings.Contains(err.Error(), `variants/g/escape.yaml:2:13: overrides: "../../../etc/passwd" is outside the ruleslab folder (built into ruleslab)`) {
		t.Fatalf("escaping script: %v", err)
	}
	if _, err := Resolve("g", "none"); err == nil || !strings.Contains(err.Error(), `unknown game variant "none" of g; its variants: base, bad, escape, v, or the path of a variant .yaml file`) {
		t.Fatalf("missing variant: %v", err)
	}
}

// RULESLAB_HOME wins over the embedded files.
func TestHomeWins(t *testing.T) {
	dir := t.TempDir()
	writeGame(t, dir+"/variants/h", "h.yaml", "components: [{kind: c, id: A}]\n")
	useEmbedded(t, fstest.MapFS{"variants/g/g.yaml": {Data: []byte(tinyGame)}})
	t.Setenv("RULESLAB_HOME", dir)
	if Home() != dir {
		t.Fatalf("Home() = %s, want %s", Home(), dir)
	}
	games, err := BundledGames()
	if err != nil || len(games) != 1 || games[0].ID != "h" {
		t.Fatalf("BundledGames = %+v, %v", games, err)
	}
}
