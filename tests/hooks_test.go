package tests

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/ruleslab/ruleslab/scripting"
)

// TestHooksGolden: `ruleslab hooks` on bundled games (a base game, and a variant whose override
// replaces base functions) matches testdata/golden/hooks/<name>.txt. The comments it shows are the
// scripts' own: after an intended change to a listed script, run
// `go test ./tests/ -run TestHooksGolden -update`.
func TestHooksGolden(t *testing.T) {
	root := repoRoot(t)
	t.Setenv("RULESLAB_HOME", root)
	t.Chdir(root)
	for name, args := range map[string][]string{
		"mimic-taking":  {"hooks", "mimic-taking"},
		"simino-whites": {"hooks", "simino", "--variant", "whites"},
	} {
		t.Run(name, func(t *testing.T) {
			out, stderr, code := execCLI(t, args...)
			require.Equal(t, 0, code, stderr)
			require.Empty(t, stderr)
			matchGolden(t, filepath.Join(root, "tests", "testdata", "golden", "hooks", name+".txt"), out, "TestHooksGolden")
		})
	}
}

// TestHooksJSON: `hooks --json` lists every engine hook first, in the table's order, then the
// scripts' other functions, each defined one with its file:line; an override's definition is the one
// in force.
func TestHooksJSON(t *testing.T) {
	root := repoRoot(t)
	t.Setenv("RULESLAB_HOME", root)
	t.Chdir(root)
	out, stderr, code := execCLI(t, "hooks", "simino", "--variant", "whites", "--json")
	require.Equal(t, 0, code, stderr)
	var rep struct {
		Game      string                 `json:"game"`
		Variant   string                 `json:"variant"`
		Scripts   []string               `json:"scripts"`
		Functions []scripting.Definition `json:"functions"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &rep))
	require.Equal(t, "simino", rep.Game)
	require.Equal(t, "whites", rep.Variant)
	require.Equal(t, filepath.Join("scripts", "simino", "whites.lua"), rep.Scripts[len(rep.Scripts)-1])
	for i, h := range scripting.Hooks {
		require.True(t, rep.Functions[i].Hook)
		require.Equal(t, h.Signature(), rep.Functions[i].Signature)
	}
	byName := map[string]scripting.Definition{}
	for _, d := range rep.Functions[len(scripting.Hooks):] {
		require.False(t, d.Hook, d.Name)
		require.NotEmpty(t, d.File, d.Name)
		byName[d.Name] = d
	}
	cover := byName["can_cover"]
	require.Equal(t, "can_cover(g, t1, t2, b1, b2)", cover.Signature)
	require.Equal(t, filepath.Join("scripts", "simino", "whites.lua"), cover.File)
	require.Equal(t, 3, cover.Line)
	require.True(t, strings.HasPrefix(cover.Comment, "SI-V3 with whites:"), cover.Comment)
	require.Len(t, cover.Replaces, 1)
	require.Regexp(t, `^scripts/simino/rules\.lua:\d+$`, filepath.ToSlash(cover.Replaces[0]))
	require.Empty(t, byName["placements"].Replaces)
	require.Contains(t, byName, "placements", "a function only the base defines is listed too")
}

// TestDocsListEveryHook: docs/authoring.md's hook table has one row per engine hook (scripting.Hooks),
// in the same order, each spelled with the parameters the engine passes.
func TestDocsListEveryHook(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join(repoRoot(t), "docs", "authoring.md"))
	require.NoError(t, err)
	// the hook table is in the section on hooks; other sections list each game's own functions
	const heading = "## Lua: the hooks a game script defines"
	start := strings.Index(string(doc), heading)
	require.GreaterOrEqual(t, start, 0, "docs/authoring.md has no section %q", heading)
	section, _, _ := strings.Cut(string(doc[start+len(heading):]), "\n## ")
	row := regexp.MustCompile("(?m)^\\| `([a-z_]+\\([^`]*\\))` \\|")
	var documented []string
	for _, m := range row.FindAllStringSubmatch(section, -1) {
		documented = append(documented, m[1])
	}
	var want []string
	for _, h := range scripting.Hooks {
		want = append(want, h.Signature())
	}
	require.Equal(t, want, documented, "docs/authoring.md's hook table and scripting.Hooks differ")
}

// TestDocsOverrideMessages: docs/authoring.md's example of a mistyped override (the ```lua block that
// starts `-- typo.lua`) gives, under `validate`, exactly the messages of the ```text block after it.
func TestDocsOverrideMessages(t *testing.T) {
	root := repoRoot(t)
	t.Setenv("RULESLAB_HOME", root)
	fences := mdFences(t, filepath.Join(root, "docs", "authoring.md"))
	for i, f := range fences {
		if f.lang != "lua" || !strings.HasPrefix(f.body, "-- typo.lua") {
			continue
		}
		require.Less(t, i+1, len(fences))
		want := fences[i+1]
		require.Equal(t, "text", want.lang, "the messages follow the example")
		t.Chdir(t.TempDir())
		require.NoError(t, os.WriteFile("typo.lua", []byte(f.body), 0o644))
		require.NoError(t, os.WriteFile("typo.yaml", []byte("extends: mimic-taking\noverrides: [typo.lua]\n"), 0o644))
		out, stderr, code := execCLI(t, "validate", "typo.yaml")
		require.Equal(t, 1, code, out)
		require.Equal(t, want.body, stderr)
		return
	}
	t.Fatal("docs/authoring.md has no ```lua block starting -- typo.lua")
}
