package config

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// declaredGame declares a parameter of each kind of domain.
const declaredGame = `components: [{kind: c, id: a}]
params:
  mode: {default: up, choices: [up, down], rule: R-1, about: which way}
  size: {default: 3, range: [1, 9], rule: R-2, about: how big}
  chance: {default: 0.5, range: [0.0, 1.0], about: how likely}
  fast: {default: false, rule: R-3, about: go fast}
  name: {default: Ann, type: text, about: a name}
  points: {default: [1, 2], list: {range: [0, 5]}, length: [1, 3], about: points per round}
  rounds: {default: {"1": 2, "2": 3}, by_players: {range: [1, 9]}, about: rounds by player count}
  deal: {default: {"1": [5], "2": [4, 4]}, by_players: {list: {range: [1, 10]}}, about: cards per seat}
  scoring:
    bonus: {default: 5, range: [0, 10], rule: R-4, about: the bonus}
    inner:
      deep: {default: x, choices: [x, y], about: deep down}
`

// A declared game plays with its defaults, as plain values, and lists its parameters in declaration
// order, groups flattened.
func TestDeclaredParams(t *testing.T) {
	g, err := Load(writeGame(t, t.TempDir(), "g.yaml", declaredGame))
	require.NoError(t, err)
	assert.Equal(t, "up", g.Param("mode"))
	assert.Equal(t, map[string]any{"1": 2, "2": 3}, g.Param("rounds"))
	assert.Equal(t, "x", g.Param("scoring.inner.deep"))
	assert.Equal(t, []ParamSpec{
		{"mode", "up", "up | down", "R-1", "which way"},
		{"size", 3, "integer 1..9", "R-2", "how big"},
		{"chance", 0.5, "number 0..1", "", "how likely"},
		{"fast", false, "true | false", "R-3", "go fast"},
		{"name", "Ann", "text", "", "a name"},
		{"points", []any{1, 2}, "list of 1..3 items: integer 0..5", "", "points per round"},
		{"rounds", map[string]any{"1": 2, "2": 3}, "by player count (1, 2): integer 1..9", "", "rounds by player count"},
		{"deal", map[string]any{"1": []any{5}, "2": []any{4, 4}}, "by player count (1, 2): list of integer 1..10", "", "cards per seat"},
		{"scoring.bonus", 5, "integer 0..10", "R-4", "the bonus"},
		{"scoring.inner.deep", "x", "x | y", "", "deep down"},
	}, g.ParamSpecs())

	plain, err := Load(writeGame(t, t.TempDir(), "p.yaml", "components: [{kind: c, id: a}]\nparams: {mode: up}\n"))
	require.NoError(t, err)
	assert.Nil(t, plain.ParamSpecs(), "plain params declare nothing")
}

// A variant overlays plain values; each wrong one is reported, all at once, at its place in the file
// that set it, with the allowed values and the closest one. ParamSpecs shows the variant's values.
func TestVariantParamValues(t *testing.T) {
	dir := t.TempDir()
	writeGame(t, dir, "g.yaml", declaredGame)
	ok := write(t, filepath.Join(dir, "ok.yaml"), "extends: g.yaml\nparams: {mode: down, rounds: {\"2\": 4}, scoring: {inner: {deep: y}}}\n")
	g, err := Load(ok)
	require.NoError(t, err)
	assert.Equal(t, "down", g.ParamSpecs()[0].Default)
	assert.Equal(t, map[string]any{"1": 2, "2": 4}, g.Param("rounds"))

	bad := write(t, filepath.Join(dir, "bad.yaml"), `extends: g.yaml
params:
  mode: dwn
  size: 12
  chance: high
  fast: yes
  name: [a]
  points: [1, 7, 2, 3]
  rounds: {"2": 0, "x": 1}
  deal: {"1": 5}
  scoring: {bonu: 1, inner: 3}
  mod: up
`)
	_, err = Load(bad)
	require.Error(t, err)
	assert.Equal(t, strings.Join([]string{
		`bad.yaml:12:3: params.mod: unknown parameter (did you mean "mode"?); params has: mode, size, chance, fast, name, points, rounds, deal, scoring`,
		`bad.yaml:3:9: params.mode: "dwn" is not one of up, down (did you mean "down"?)`,
		`bad.yaml:4:9: params.size: 12 is outside integer 1..9 (the closest allowed is 9)`,
		`bad.yaml:5:11: params.chance: "high" is not a number 0..1`,
		`bad.yaml:6:9: params.fast: "yes" is not one of true, false`,
		`bad.yaml:7:9: params.name: a list is not text`,
		`bad.yaml:8:11: params.points: a list of 4 items is not a list of 1..3 items: integer 0..5`,
		`bad.yaml:8:15: params.points.1: 7 is outside integer 0..5 (the closest allowed is 5)`,
		`bad.yaml:9:17: params.rounds.2: 0 is outside integer 1..9 (the closest allowed is 1)`,
		`bad.yaml:9:20: params.rounds: "x" is not a player count (1..63)`,
		`bad.yaml:10:15: params.deal.1: 5 is not a list (list of integer 1..10)`,
		`bad.yaml:11:13: params.scoring.bonu: unknown parameter (did you mean "bonus"?); params.scoring has: bonus, inner`,
		`bad.yaml:11:29: params.scoring.inner: 3 is not a group of parameters (deep)`,
	}, "\n"), relativeTo(dir, err.Error()))
}

// relativeTo drops dir from the paths of a message.
func relativeTo(dir, msg string) string {
	return strings.ReplaceAll(msg, dir+string(filepath.Separator), "")
}

// A by_players map needs a value for every player count the game allows, also after a variant changes
// them; a variant may add a count.
func TestByPlayersCounts(t *testing.T) {
	dir := t.TempDir()
	writeGame(t, dir, "g.yaml", declaredGame)
	more := write(t, filepath.Join(dir, "more.yaml"), "extends: g.yaml\nplayers: {min: 1, max: 3}\n")
	// the by_players default lacks the count the variant allows: the error points at the default
	wantLoadErr(t, more, "g.yaml:14:21: params.rounds: no value for 3 players (the game is for 1 to 3)")
	added := write(t, filepath.Join(dir, "added.yaml"), "extends: g.yaml\nplayers: {min: 1, max: 3}\n"+
		"params: {rounds: {\"3\": 2}, deal: {\"3\": [3, 3, 3]}}\n")
	_, err := Load(added)
	require.NoError(t, err)
}

// --set values are checked like a variant's, the error naming the flag.
func TestSetParamValues(t *testing.T) {
	path := writeGame(t, t.TempDir(), "g.yaml", declaredGame)
	for _, c := range []struct {
		set  Set
		want string
	}{
		{Set{"params.mode", "dwn"}, `--set params.mode=dwn: params.mode: "dwn" is not one of up, down (did you mean "down"?)`},
		{Set{"params.points.0", "9"}, `--set params.points.0=9: params.points.0: 9 is outside integer 0..5 (the closest allowed is 5)`},
		{Set{"params.scoring.inner.deep", "[x]"}, `--set params.scoring.inner.deep=[x]: params.scoring.inner.deep: a list is not one of x, y`},
		{Set{"params.sise", "3"}, `--set params.sise: no key params.sise in the configuration (did you mean "size"?)`},
	} {
		_, err := LoadWith(path, []Set{c.set})
		if assert.Error(t, err, c.set.String()) {
			assert.True(t, strings.HasPrefix(err.Error(), c.want), "%s:\n got %s\nwant %s", c.set, err, c.want)
		}
	}
	g, err := LoadWith(path, []Set{{"params.mode", "down"}, {"params.chance", "1"}})
	require.NoError(t, err)
	assert.Equal(t, "down", g.Param("mode"))
}

// Declarations are checked: every problem of the base game's params at its place.
func TestDeclarationErrors(t *testing.T) {
	for _, c := range []struct{ params, want string }{
		{"a: {default: 1, range: [1, 5]}\n  b: 3\n",
			"g.yaml:9:6: params.b: undeclared parameter: a game that declares its parameters declares each one, e.g. `b: {default: 3, choices: [...] or range: [lo, hi], rule: ID, about: TEXT}`"},
		{"a: {default: 1, range: [1, 5]}\n  l: [1, 2]\n",
			"g.yaml:9:6: params.l: undeclared parameter: a game that declares its parameters declares each one, e.g. `l: {default: VALUE, choices: [...] or range: [lo, hi], rule: ID, about: TEXT}`"},
		{"a: {default: 1, range: [1, 5], rules: X}\n",
			`g.yaml:8:34: params.a: unknown key "rules" in a declaration (did you mean "rule"?) (known: default, choices, range, type, list, length, by_players, rule, about)`},
		{"a: {default: 1}\n", "g.yaml:8:6: params.a: no domain: give `choices: [...]`, `range: [lo, hi]`, `list: {...}`, `by_players: {...}` or `type: text`"},
		{"a: {default: 1, range: [1, 5], choices: [1]}\n", "g.yaml:8:6: params.a: one domain only: choices or range"},
		{"a: {default: 1, range: [5, 1]}\n", "g.yaml:8:26: params.a: `range` is [lo, hi] with lo <= hi"},
		{"a: {default: 1, range: [x, 1]}\n", `g.yaml:8:27: params.a: a bound of ` + "`range`" + ` is a number, not "x"`},
		{"a: {default: 1, type: colour}\n", `g.yaml:8:25: params.a: ` + "`type`" + ` is one of text, boolean, integer, number, not "colour"`},
		{"a: {default: [1], list: {range: [1, 5]}, length: [3, 1]}\n", "g.yaml:8:52: params.a: `length` is [min, max] with min <= max"},
		{"a: {default: 1, range: [1, 5], length: 2}\n", "g.yaml:8:34: params.a: `length` goes with `list:` (the number of items of a list)"},
		{"a: {default: [1], list: [1, 5]}\n", "g.yaml:8:27: params.a: `list` gives its items' domain as a mapping, e.g. `list: {range: [1, 10]}`"},
		{"a: {default: 1, range: [1, 5]}\n  g: {range: [1, 5], rule: X}\n", "g.yaml:9:6: params.g: neither a declaration (it has no `default:`) nor a group of declarations"},
		{"a: {default: 9, range: [1, 5]}\n", "g.yaml:8:16: params.a: 9 is outside integer 1..5 (the closest allowed is 5)"},
		{"a.b: {default: 1, range: [1, 5]}\n", "g.yaml:8:3: params.a.b: a parameter's name has no dot"},
	} {
		path := writeGame(t, t.TempDir(), "g.yaml", "components: [{kind: c, id: a}]\nparams:\n  "+c.params)
		_, err := Load(path)
		if assert.Error(t, err, c.params) {
			assert.True(t, strings.HasPrefix(relativeTo(filepath.Dir(path), err.Error()), c.want), "%s:\n got %s\nwant %s", c.params, err, c.want)
		}
	}
}

// A variant sets plain values: a declaration there is refused; in a plain game an unknown parameter
// is refused with the closest name.
func TestVariantParamsArePlain(t *testing.T) {
	dir := t.TempDir()
	writeGame(t, dir, "g.yaml", "components: [{kind: c, id: a}]\nparams: {mode: up, size: 2}\n")
	wantLoadErr(t, write(t, filepath.Join(dir, "d.yaml"), "extends: g.yaml\nparams: {mode: {default: down, choices: [up, down]}}\n"),
		"d.yaml:2:9: params: a variant sets plain values (`name: value`); declarations (`default:`) belong to the base game")
	wantLoadErr(t, write(t, filepath.Join(dir, "u.yaml"), "extends: g.yaml\nparams: {mod: down}\n"),
		`u.yaml:2:10: unknown parameter params.mod (did you mean "mode"?) (the base has: mode, size)`)
}

// Values reached through YAML aliases are checked as the values they stand for.
func TestDeclaredParamsThroughAliases(t *testing.T) {
	path := writeGame(t, t.TempDir(), "g.yaml", "components: [{kind: c, id: a}]\nparams:\n"+
		"  a: {default: &three 3, range: [1, 9], about: a}\n  b: {default: [*three, *three], list: {range: [1, 9]}, about: b}\n")
	g, err := Load(path)
	require.NoError(t, err)
	assert.Equal(t, []any{3, 3}, g.Param("b"))
	bad := write(t, filepath.Join(filepath.Dir(path), "v.yaml"), "extends: g.yaml\nparams: {a: &big 12, b: [*big]}\n")
	_, err = Load(bad)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "params.b.0: 12 is outside integer 1..9")
}
