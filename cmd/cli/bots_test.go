package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestBotsOptions(t *testing.T) {
	o := parseCmd(t, NewCmdBots, "example", "--lang", "node", "--out", "bot.js")
	assert.Equal(t, "node", o.Lang)
	assert.Equal(t, "bot.js", o.Out)
	d := parseCmd(t, NewCmdBots, "example")
	assert.Equal(t, "python", d.Lang, "Python is the default")
	assert.Equal(t, "", d.Out)
	l := parseCmd(t, NewCmdBots, "list", "zoomies")
	assert.Equal(t, "zoomies", l.Game)
	assert.Equal(t, "", parseCmd(t, NewCmdBots).Game)
}

// TestBotsList: bots and bots list name every kind of bot spec; with a GAME, its own bots by name.
func TestBotsList(t *testing.T) {
	for _, args := range [][]string{{"bots"}, {"bots", "list"}} {
		out, errs, code := runCLI(t, args...)
		require.Equal(t, 0, code, errs)
		for _, kind := range []string{"random", "ismcts[:OPTIONS]", "lua:PATH", "cmd:COMMAND", "human", "ruleslab bots list GAME", "bots example --lang python|node"} {
			assert.Contains(t, out, kind, "%v", args)
		}
	}
	out, errs, code := runCLI(t, "bots", "list", "zoomies")
	require.Equal(t, 0, code, errs)
	assert.Contains(t, out, "greedy             zoomies's own bots")
	_, errs, code = runCLI(t, "bots", "list", "nosuch")
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errs, `unknown game "nosuch"`)
	_, errs, code = runCLI(t, "bots", "zoomies")
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errs, "ruleslab bots list GAME")
}

// TestBotsExample: the example bots printed are the files of scripts/bots/, embedded; --out writes a
// new file and never overwrites one; an unknown language is a usage error naming the languages.
func TestBotsExample(t *testing.T) {
	for lang, file := range map[string]string{"python": "example_bot.py", "node": "example_bot.js"} {
		want, err := os.ReadFile(filepath.Join("..", "..", "scripts", "bots", file))
		require.NoError(t, err)
		out, errs, code := runCLI(t, "bots", "example", "--lang", lang)
		require.Equal(t, 0, code, errs)
		assert.Equal(t, string(want), out, lang)

		path := filepath.Join(t.TempDir(), file)
		out, errs, code = runCLI(t, "bots", "example", "--lang", lang, "--out", path)
		require.Equal(t, 0, code, errs)
		assert.Contains(t, out, "wrote "+path)
		assert.Contains(t, out, "--seats 'cmd:")
		got, err := os.ReadFile(path)
		require.NoError(t, err)
		assert.Equal(t, string(want), string(got), lang)

		require.NoError(t, os.WriteFile(path, []byte("mine"), 0o644))
		_, errs, code = runCLI(t, "bots", "example", "--lang", lang, "--out", path)
		assert.Equal(t, ExitError, code)
		assert.Contains(t, errs, "--out "+path+": the file already exists (nothing was written; give a new file)")
		got, _ = os.ReadFile(path)
		assert.Equal(t, "mine", string(got), "never overwritten")
	}
	_, errs, code := runCLI(t, "bots", "example", "--lang", "cobol")
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errs, `--lang: no example bot in "cobol" (languages: python, node)`)
}

// TestBotsCompletion: bots list completes a game id, bots example --lang a language.
func TestBotsCompletion(t *testing.T) {
	out, _, code := runCLI(t, "__complete", "bots", "list", "mi")
	require.Equal(t, 0, code)
	assert.Contains(t, out, "mimic-taking\n")
	out, _, code = runCLI(t, "__complete", "bots", "example", "--lang", "")
	require.Equal(t, 0, code)
	assert.Contains(t, out, "python\nnode\n")
}

// --json of bots list and of version: objects a script can read.
func TestBotsListAndVersionJSON(t *testing.T) {
	out, errb, code := runCLI(t, "bots", "list", "mimic-taking", "--json")
	require.Equal(t, ExitOK, code, errb)
	var kinds []map[string]string
	require.NoError(t, json.Unmarshal([]byte(out), &kinds), out)
	require.NotEmpty(t, kinds)
	assert.Equal(t, "random", kinds[0]["spec"])
	assert.Equal(t, "greedy", kinds[1]["spec"])
	out, errb, code = runCLI(t, "version", "--json")
	require.Equal(t, ExitOK, code, errb)
	var v map[string]string
	require.NoError(t, json.Unmarshal([]byte(out), &v), out)
	assert.Equal(t, Version(), v["version"])
	assert.NotEmpty(t, v["go"])
}
