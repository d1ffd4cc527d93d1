package tests

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/ruleslab/ruleslab/core/config"
)

// ruleID is a rule id as the specs and tests write it: two capitals, a dash, a number or a letter and
// a number (MT-8, JJ-D5, SI-V3).
var ruleID = regexp.MustCompile(`\b[A-Z]{2}-(?:[A-Z]\d+|\d+)\b`)

// docOption is an option a RULES.md names, "option `a.b`" (a dotted param path), with "(pending"
// right after it when another change is adding the param; docHook is "hook `name`".
var (
	docOption = regexp.MustCompile("(?i)\\boption `([A-Za-z0-9_.]+)`( \\(pending)?")
	docHook   = regexp.MustCompile("(?i)\\bhook `([A-Za-z_][A-Za-z0-9_]*)`")
)

// TestRulesDocs: a fresh clone carries each bundled game's rules in variants/<game>/RULES.md. It must
// name every rule id the game's tests cite (tests/testdata/script/<game>/*.txtar), every option it
// names must be a param of the game's resolved config (the base or one of its variants), and every
// hook it names a function of the game's Lua scripts. An option marked "(pending" must not exist yet:
// once it does, the mark goes.
func TestRulesDocs(t *testing.T) {
	root := repoRoot(t)
	t.Setenv("RULESLAB_HOME", root)
	games, err := config.BundledGames()
	require.NoError(t, err)
	require.NotEmpty(t, games)
	for _, b := range games {
		t.Run(b.ID, func(t *testing.T) {
			doc, err := os.ReadFile(filepath.Join(root, "variants", b.ID, "RULES.md"))
			require.NoError(t, err, "every bundled game has its rules in variants/%s/RULES.md", b.ID)
			text := string(doc)

			cited := citedRuleIDs(t, filepath.Join(root, "tests", "testdata", "script", b.ID))
			require.NotEmpty(t, cited, "the tests of %s cite no rule id", b.ID)
			documented := map[string]bool{}
			for _, id := range ruleID.FindAllString(text, -1) {
				documented[id] = true
			}
			for _, id := range cited {
				require.True(t, documented[id], "variants/%s/RULES.md does not mention %s, which its tests cite", b.ID, id)
			}

			var params []map[string]any
			var scripts []string
			for _, v := range append([]string{""}, b.Variants...) {
				cfg, err := config.Resolve(b.ID, v)
				require.NoError(t, err)
				params = append(params, cfg.Params)
				for _, s := range cfg.Scripts {
					src, err := os.ReadFile(s)
					require.NoError(t, err)
					scripts = append(scripts, string(src))
				}
			}
			options := docOption.FindAllStringSubmatch(text, -1)
			require.NotEmpty(t, options, "variants/%s/RULES.md names no option", b.ID)
			for _, m := range options {
				name, pending := m[1], m[2] != ""
				exists := false
				for _, p := range params {
					exists = exists || hasParam(p, name)
				}
				if pending {
					require.False(t, exists, "variants/%s/RULES.md marks option `%s` pending, but the game has it now: remove the mark", b.ID, name)
					continue
				}
				require.True(t, exists, "variants/%s/RULES.md names option `%s`, which is not a param of %s or its variants", b.ID, name, b.ID)
			}
			for _, m := range docHook.FindAllStringSubmatch(text, -1) {
				def := regexp.MustCompile(`(?m)^function ` + regexp.QuoteMeta(m[1]) + `\(`)
				found := false
				for _, src := range scripts {
					found = found || def.MatchString(src)
				}
				require.True(t, found, "variants/%s/RULES.md names hook `%s`, which no script of %s defines", b.ID, m[1], b.ID)
			}
		})
	}
}

// citedRuleIDs lists the rule ids named in a game's testscripts, sorted.
func citedRuleIDs(t *testing.T, dir string) []string {
	files, err := filepath.Glob(filepath.Join(dir, "*.txtar"))
	require.NoError(t, err)
	seen := map[string]bool{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		require.NoError(t, err)
		for _, id := range ruleID.FindAllString(string(data), -1) {
			seen[id] = true
		}
	}
	var out []string
	for id := range seen {
		out = append(out, id)
	}
	sort.Strings(out)
	return out
}

// hasParam reports whether the dotted path names a value in params.
func hasParam(params map[string]any, path string) bool {
	var cur any = params
	for _, key := range strings.Split(path, ".") {
		m, ok := cur.(map[string]any)
		if !ok {
			return false
		}
		if cur, ok = m[key]; !ok {
			return false
		}
	}
	return true
}
