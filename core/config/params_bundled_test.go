package config

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// wrongCase is a --set outside a parameter's domain and the message it must give.
type wrongCase struct{ key, value, want string }

// wrongValues makes values outside d for the parameter at path: one per way a value can be wrong.
func wrongValues(path string, d domain) []wrongCase {
	key := "params." + path
	switch d := d.(type) {
	case *choicesDomain:
		v := d.shown[0] + "x"
		return []wrongCase{{key, v, fmt.Sprintf("%s: %q is not one of %s (did you mean %q?)", key, v, strings.Join(d.shown, ", "), d.shown[0])}}
	case *rangeDomain:
		if !d.bounded {
			return []wrongCase{{key, "word", fmt.Sprintf(`%s: "word" is not %s`, key, d.article())}}
		}
		v := formatNumber(d.hi + 1)
		return []wrongCase{{key, v, fmt.Sprintf("%s: %s is outside %s (the closest allowed is %s)", key, v, d, formatNumber(d.hi))}}
	case textDomain:
		return []wrongCase{{key, "[1]", key + ": a list is not text"}}
	case *listDomain:
		item := wrongValues(path+".0", d.elem)[0]
		return []wrongCase{{key, "7", fmt.Sprintf("%s: 7 is not a list (%s)", key, d)}, {key, "[" + item.value + "]", item.want}}
	case *byPlayersDomain:
		return append([]wrongCase{{key, "7", fmt.Sprintf("%s: 7 is not a map by player count (%s)", key, d)}},
			wrongValues(path+"."+d.counts[0], d.elem)...)
	}
	panic(fmt.Sprintf("no wrong values for %T", d))
}

// lookup finds the declaration at a dotted path.
func (gr *paramGroup) lookup(path string) *paramDecl {
	name, rest, deeper := strings.Cut(path, ".")
	m := gr.members[name]
	if deeper {
		return m.group.lookup(rest)
	}
	return m
}

// bundledYAML lists every bundled game and variant file.
func bundledYAML(t *testing.T) []string {
	files, err := filepath.Glob("../../variants/*/*.yaml")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	return files
}

// Every bundled game and variant declares every parameter, with a rule id of its RULES.md and a
// description, and refuses a value outside each one's domain, naming the flag, the parameter, the
// allowed values and the closest one.
func TestBundledParamsRefuseWrongValues(t *testing.T) {
	ruleID := regexp.MustCompile(`[A-Z]{2}-[A-Z]*[0-9]+`)
	for _, file := range bundledYAML(t) {
		g, err := Load(file)
		require.NoError(t, err, file)
		specs := g.ParamSpecs()
		require.NotEmpty(t, specs, "%s declares its parameters", file)
		rules, err := os.ReadFile(filepath.Join(filepath.Dir(file), "RULES.md"))
		require.NoError(t, err)
		for _, s := range specs {
			assert.NotEmpty(t, s.About, "%s: %s has no `about`", file, s.Path)
			ids := ruleID.FindAllString(s.Rule, -1)
			assert.NotEmpty(t, ids, "%s: %s has no rule id", file, s.Path)
			for _, id := range ids {
				assert.Regexp(t, `\b`+id+`\b`, string(rules), "%s: %s: rule %s is not in RULES.md", file, s.Path, id)
			}
			for _, c := range wrongValues(s.Path, g.declared.lookup(s.Path).dom) {
				_, err := LoadWith(file, []Set{{c.key, c.value}})
				if assert.Error(t, err, "%s --set %s=%s", file, c.key, c.value) {
					assert.Contains(t, err.Error(), "--set "+c.key+"="+c.value+": "+c.want, file)
				}
			}
		}
	}
}

// The typos of a house rule over a bundled game are refused with the allowed values and, when one is
// close, a suggestion; a file with several wrong values shows each.
func TestHouseRuleTypos(t *testing.T) {
	house := write(t, filepath.Join(t.TempDir(), "house.yaml"),
		"extends: mimic-taking\nparams:\n  mimic_lead: orignal\n  scoring: {smallest: everything}\n  rounds: {\"3\": 0}\n  hand_sise: {\"3\": 11}\n")
	_, err := Load(house)
	require.Error(t, err)
	assert.Equal(t, strings.Join([]string{
		`house.yaml:6:3: params.hand_sise: unknown parameter (did you mean "hand_size"?); params has: mimic_lead, scoring, auto_first, rounds, hand_size, removed_at_3`,
		`house.yaml:3:15: params.mimic_lead: "orignal" is not one of effective, original (did you mean "original"?)`,
		`house.yaml:4:23: params.scoring.smallest: "everything" is not one of present, all`,
		`house.yaml:5:17: params.rounds.3: 0 is outside integer 1..20 (the closest allowed is 1)`,
	}, "\n"), relativeTo(filepath.Dir(house), err.Error()))
}

// An unknown key does not hide the file's other problems: a misspelled top-level key and a wrong
// parameter value of the same house rule are both reported, each at its place.
func TestUnknownKeyAndWrongValueBothReported(t *testing.T) {
	house := write(t, filepath.Join(t.TempDir(), "house.yaml"),
		"extends: mimic-taking\ntitel: Mine\nparams:\n  mimic_lead: orignal\n")
	_, err := Load(house)
	require.Error(t, err)
	assert.Equal(t, strings.Join([]string{
		`house.yaml:2:1: unknown key "titel" (did you mean "title"?) (known: id, title, extends, description, players, params, components, zones, mechanics, private_moves, claim_moves, script, overrides, screen, notation, bots, stats, setup, boards, limits, ismcts)`,
		`house.yaml:4:15: params.mimic_lead: "orignal" is not one of effective, original (did you mean "original"?)`,
	}, "\n"), relativeTo(filepath.Dir(house), err.Error()))
}

// A misspelled bundled game or variant in `extends:` names the closest one and what there is.
func TestExtendsTypoSuggests(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct{ extends, want string }{
		{"mimic-takin", `house.yaml:1:10: extends "mimic-takin": no bundled game "mimic-takin" (did you mean "mimic-taking"? bundled: jiji, mimic-taking, mito, simino, zoomies)`},
		{"mimic-taking/face-upp", `house.yaml:1:10: extends "mimic-taking/face-upp": mimic-taking has no variant "face-upp" (did you mean "face-up"? its variants: face-up)`},
	} {
		house := write(t, filepath.Join(dir, "house.yaml"), "extends: "+c.extends+"\n")
		_, err := Load(house)
		require.Error(t, err)
		assert.Equal(t, c.want, relativeTo(dir, err.Error()))
	}
}

// A misspelled override file names the closest Lua file of its folder.
func TestMissingOverrideSuggestsAFile(t *testing.T) {
	dir := t.TempDir()
	write(t, filepath.Join(dir, "house.lua"), "-- mine\n")
	write(t, filepath.Join(dir, "lua", "extra.lua"), "-- mine\n")
	for _, c := range []struct{ overrides, want string }{
		{"hose.lua", `house.yaml:2:13: script "hose.lua": no such file (did you mean "house.lua"?)`},
		{"lua/extra.lau", `house.yaml:2:13: script "lua/extra.lau": no such file (did you mean "lua/extra.lua"?)`},
		{"rules.lua", `house.yaml:2:13: script "rules.lua": no such file`},
	} {
		house := write(t, filepath.Join(dir, "house.yaml"), "extends: mimic-taking\noverrides: ["+c.overrides+"]\n")
		_, err := Load(house)
		require.Error(t, err)
		assert.Equal(t, c.want, relativeTo(dir, err.Error()))
	}
}
