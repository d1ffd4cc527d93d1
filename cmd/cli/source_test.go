package cli

import (
	"encoding/json"
	"flag"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ruleslab/ruleslab"
	"github.com/ruleslab/ruleslab/core/config"
)

var updateGolden = flag.Bool("update", false, "rewrite the golden files under testdata/golden")

// golden compares got with testdata/golden/NAME (rewritten with -update).
func golden(t *testing.T, name, got string) {
	t.Helper()
	file := filepath.Join("testdata", "golden", name)
	if *updateGolden {
		require.NoError(t, os.MkdirAll(filepath.Dir(file), 0o755))
		require.NoError(t, os.WriteFile(file, []byte(got), 0o644))
		return
	}
	want, err := os.ReadFile(file)
	require.NoError(t, err, "no golden file: run go test ./cmd/cli -run %s -update", t.Name())
	assert.Equal(t, string(want), got)
}

func TestSourceOptions(t *testing.T) {
	o := parseCmd(t, NewCmdSource, "simino", "--variant", "whites", "--list", "--yaml", "--json")
	assert.Equal(t, SourceOptions{IO: o.IO, Game: "simino", Variant: "whites", List: true, YAML: true, JSON: true}, *o)
	d := parseCmd(t, NewCmdSource, "house.yaml")
	assert.Equal(t, SourceOptions{IO: d.IO, Game: "house.yaml"}, *d)
	require.Error(t, argsError(t, NewCmdSource))
	require.Error(t, argsError(t, NewCmdSource, "a", "b"))
}

func TestRulesOptions(t *testing.T) {
	o := parseCmd(t, NewCmdRules, "mimic-taking", "--variant", "face-up")
	assert.Equal(t, RulesOptions{IO: o.IO, Game: "mimic-taking", Variant: "face-up"}, *o)
	d := parseCmd(t, NewCmdRules, "house.yaml")
	assert.Equal(t, RulesOptions{IO: d.IO, Game: "house.yaml"}, *d)
	require.Error(t, argsError(t, NewCmdRules))
}

// The output of `source` and `rules` for a game on disk and a house rule over it (the fixture's
// files are shown by their paths relative to the working folder), and their errors.
func TestSourceAndRulesGolden(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		code int
	}{
		{"source-game.txt", []string{"source", "testdata/source/game/game.yaml"}, ExitOK},
		{"source-house-yaml.txt", []string{"source", "testdata/source/house/house.yaml", "--yaml"}, ExitOK},
		{"source-house-list.txt", []string{"source", "testdata/source/game/game.yaml", "--variant", "testdata/source/house/house.yaml", "--list", "--yaml"}, ExitOK},
		{"rules-game.txt", []string{"rules", "testdata/source/game/game.yaml"}, ExitOK},
		{"rules-house.txt", []string{"rules", "testdata/source/house/house.yaml"}, ExitOK},
		{"rules-bare.txt", []string{"rules", "testdata/source/bare/bare.yaml"}, ExitError},
		{"source-missing.txt", []string{"source", "testdata/source/none.yaml"}, ExitUsage},
		{"source-lua.txt", []string{"source", "testdata/source/house/house.lua"}, ExitUsage},
		{"rules-variant.txt", []string{"rules", "testdata/source/game/game.yaml", "--variant", "nope"}, ExitUsage},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, errs, code := runCLI(t, tc.args...)
			assert.Equal(t, tc.code, code, errs)
			golden(t, filepath.Join("source", tc.name), out+errs)
		})
	}
}

// useEmbedded makes the bundled games come from the files built into the binary, as for a binary
// installed outside any checkout: no RULESLAB_HOME, the working folder a scratch one.
func useEmbedded(t *testing.T) {
	t.Helper()
	t.Setenv("RULESLAB_HOME", "")
	t.Chdir(t.TempDir())
	if config.Home() != config.EmbeddedRoot {
		t.Skipf("a ruleslab folder is found from %s (the test binary's folder?): cannot test the embedded files", config.Home())
	}
}

// embedded is a bundled file as built into the binary.
func embedded(t *testing.T, name string) string {
	t.Helper()
	data, err := fs.ReadFile(ruleslab.Bundled, name)
	require.NoError(t, err)
	return string(data)
}

// From an installed binary, `source` and `rules` print the files built into it, named as in a
// checkout; a Lua path given as GAME says which game and command to give instead.
func TestSourceAndRulesEmbedded(t *testing.T) {
	useEmbedded(t)
	out, errs, code := runCLI(t, "source", "simino", "--variant", "whites")
	require.Equal(t, ExitOK, code, errs)
	var want []string
	for _, f := range []struct{ name, part string }{
		{"scripts/simino/rules.lua", "base rules"}, {"scripts/simino/screen.lua", "base screen"}, {"scripts/simino/whites.lua", "override"},
	} {
		want = append(want, "-- ==> "+f.name+" ("+f.part+") <==\n"+embedded(t, f.name))
	}
	assert.Equal(t, strings.Join(want, "\n"), out)

	out, errs, code = runCLI(t, "source", "mimic-taking", "--variant", "face-up", "--list", "--yaml")
	require.Equal(t, ExitOK, code, errs)
	assert.Equal(t, "variants/mimic-taking/mimic-taking.yaml\nvariants/mimic-taking/face-up.yaml\n"+
		"scripts/mimic-taking/rules.lua\nscripts/mimic-taking/screen.lua\n", out)

	// --json: the same files, in the same order, with their text (without it under --list)
	out, errs, code = runCLI(t, "source", "mimic-taking", "--variant", "face-up", "--yaml", "--json")
	require.Equal(t, ExitOK, code, errs)
	var files []struct {
		Path, Part, Language string
		Text                 *string
	}
	require.NoError(t, json.Unmarshal([]byte(out), &files), out)
	require.Len(t, files, 4)
	assert.Equal(t, "variants/mimic-taking/face-up.yaml", files[1].Path)
	assert.Equal(t, "variant", files[1].Part)
	assert.Equal(t, "yaml", files[1].Language)
	assert.Equal(t, "lua", files[3].Language)
	require.NotNil(t, files[3].Text)
	assert.Equal(t, embedded(t, "scripts/mimic-taking/screen.lua"), *files[3].Text)
	out, errs, code = runCLI(t, "source", "mimic-taking", "--list", "--json")
	require.Equal(t, ExitOK, code, errs)
	assert.JSONEq(t, `[{"path": "scripts/mimic-taking/rules.lua", "part": "base rules", "language": "lua"},
		{"path": "scripts/mimic-taking/screen.lua", "part": "base screen", "language": "lua"}]`, out)

	out, errs, code = runCLI(t, "rules", "zoomies")
	require.Equal(t, ExitOK, code, errs)
	assert.Equal(t, embedded(t, "variants/zoomies/RULES.md"), out)

	// a house rule of a bundled game, in a folder without RULES.md: the game's rules
	require.NoError(t, os.WriteFile("house.yaml", []byte("extends: zoomies\ntitle: House\n"), 0o644))
	out, errs, code = runCLI(t, "rules", "house.yaml")
	require.Equal(t, ExitOK, code, errs)
	assert.Equal(t, embedded(t, "variants/zoomies/RULES.md"), out)
	// with a RULES.md of its own (no newline at its end): both, each after a comment naming it
	require.NoError(t, os.WriteFile("RULES.md", []byte("# House\n\n- **ZH-1** Cats nap."), 0o644))
	out, errs, code = runCLI(t, "rules", "house.yaml")
	require.Equal(t, ExitOK, code, errs)
	assert.Equal(t, "<!-- ==> RULES.md <== -->\n\n# House\n\n- **ZH-1** Cats nap.\n\n"+
		"<!-- ==> variants/zoomies/RULES.md <== -->\n\n"+embedded(t, "variants/zoomies/RULES.md"), out)

	for _, cmd := range []string{"show", "sim", "source", "rules"} {
		_, errs, code = runCLI(t, cmd, "scripts/zoomies/rules.lua")
		assert.NotEqual(t, ExitOK, code)
		assert.Contains(t, errs, "ruleslab: scripts/zoomies/rules.lua is a Lua script, not a game: give the game (zoomies) or a variant file; "+
			"to read the script: ruleslab source zoomies\n", cmd)
	}
}

// source and rules complete GAME with the bundled games and --variant with the game's variants.
func TestSourceAndRulesComplete(t *testing.T) {
	root := NewRoot(&IO{Out: io.Discard, Err: io.Discard})
	for _, name := range []string{"source", "rules"} {
		cmd, _, err := root.Find([]string{name})
		require.NoError(t, err)
		require.NotNil(t, cmd.ValidArgsFunction, name)
		games, _ := cmd.ValidArgsFunction(cmd, nil, "zo")
		assert.Equal(t, []string{"zoomies"}, games, name)
		complete, ok := cmd.GetFlagCompletionFunc("variant")
		require.True(t, ok, name)
		variants, _ := complete(cmd, []string{"simino"}, "")
		assert.Contains(t, variants, "whites", name)
	}
}
