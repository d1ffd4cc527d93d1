package cli

import (
	"fmt"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A misspelled value of a parameter of each bundled game, in a house rule, is refused by validate and
// by sim before any game: the file, line and column, the parameter, the allowed values and the closest.
func TestHouseRuleWrongValueOfEachBundledGame(t *testing.T) {
	for _, c := range []struct{ game, key, value, allowed, closest string }{
		{"mimic-taking", "mimic_lead", "orignal", "effective, original", "original"},
		{"zoomies", "round_leader", "last_winer", "last_winner, random", "last_winner"},
		{"mito", "empty_deck", "reshufle", "reshuffle, pass", "reshuffle"},
		{"jiji", "end_when_discovery_cards_gone", "ture", "true, false", "true"},
		{"simino", "holes", "isolatd", "isolated, parity, none", "isolated"},
	} {
		t.Run(c.game, func(t *testing.T) {
			inHouseFolder(t)
			house := fmt.Sprintf("extends: %s\nparams:\n  %s: %s\n", c.game, c.key, c.value)
			require.NoError(t, os.WriteFile("typo.yaml", []byte(house), 0o644))
			want := fmt.Sprintf("typo.yaml:3:%d: params.%s: %q is not one of %s (did you mean %q?)",
				len(c.key)+5, c.key, c.value, c.allowed, c.closest)
			for _, args := range [][]string{{"validate", "typo.yaml"}, {"sim", "typo.yaml", "--games", "2"}} {
				stdout, stderr, code := execute(t, args...)
				assert.Equal(t, ExitError, code, args)
				assert.Contains(t, stderr, want, args)
				assert.Empty(t, stdout, args)
			}
		})
	}
}

// compare loads several files: the problems of each bad variant file are reported, not only the first's.
func TestCompareReportsEveryVariantFilesProblems(t *testing.T) {
	inHouseFolder(t)
	require.NoError(t, os.WriteFile("a.yaml", []byte("extends: mimic-taking\nparams: {mimic_lead: orignal}\n"), 0o644))
	require.NoError(t, os.WriteFile("b.yaml", []byte("extends: mimic-taking\nparams: {auto_first: ture}\n"), 0o644))
	stdout, stderr, code := execute(t, "compare", "mimic-taking", "--variant", "base", "--variant", "a.yaml", "--variant", "b.yaml", "--games", "2")
	assert.Equal(t, ExitError, code)
	assert.Empty(t, stdout)
	assert.Equal(t, `a.yaml:2:22: params.mimic_lead: "orignal" is not one of effective, original (did you mean "original"?)
b.yaml:2:22: params.auto_first: "ture" is not one of true, false (did you mean "true"?)
ruleslab: 2 problems
`, stderr)
}

// sweep refuses every wrong value of its grid, each once, not only those of the first point it loads.
func TestSweepReportsEveryWrongValue(t *testing.T) {
	inHouseFolder(t)
	stdout, stderr, code := execute(t, "sweep", "mimic-taking", "--set", "params.mimic_lead=orignal,effective,foo",
		"--set", "params.scoring.smallest=al,present", "--games", "2")
	assert.Equal(t, ExitError, code)
	assert.Empty(t, stdout)
	assert.Equal(t, `--set params.mimic_lead=orignal: params.mimic_lead: "orignal" is not one of effective, original (did you mean "original"?)
--set params.scoring.smallest=al: params.scoring.smallest: "al" is not one of present, all (did you mean "all"?)
--set params.mimic_lead=foo: params.mimic_lead: "foo" is not one of effective, original
ruleslab: 3 problems
`, stderr)
}

// show, source and rules load a game without playing it; refusing a house rule's wrong value, they
// report its scripts' problems too, as every command that loads a game does.
func TestReadingCommandsReportEveryProblem(t *testing.T) {
	inHouseFolder(t)
	require.NoError(t, os.WriteFile("typo.yaml", []byte("extends: mimic-taking\noverrides: [typo.lua]\nparams: {mimic_lead: orignal}\n"), 0o644))
	require.NoError(t, os.WriteFile("typo.lua", []byte("function trick_winer(g, trick) end\n"), 0o644))
	want := `typo.yaml:3:22: params.mimic_lead: "orignal" is not one of effective, original (did you mean "original"?)
typo.lua:1:1: function trick_winer replaces nothing: no hook or base function has that name (did you mean "trick_winner"?)
ruleslab: 2 problems
`
	for _, args := range [][]string{{"show", "typo.yaml"}, {"source", "typo.yaml"}, {"rules", "typo.yaml"},
		{"show", "mimic-taking", "--variant", "typo.yaml", "--params"}} {
		stdout, stderr, code := execute(t, args...)
		assert.Equal(t, ExitError, code, args)
		assert.Empty(t, stdout, args)
		assert.Equal(t, want, stderr, args)
	}
}

// A parameter read by a misspelled name in an override, g:param("mimic_led") or PARAMS.scoring.smalest,
// would be nil and play as some default: validate and sim refuse it, with the closest name.
func TestHouseRuleReadsAnUnknownParameter(t *testing.T) {
	inHouseFolder(t)
	require.NoError(t, os.WriteFile("reads.yaml", []byte("extends: mimic-taking\noverrides: [reads.lua]\n"), 0o644))
	require.NoError(t, os.WriteFile("reads.lua", []byte(`function score_counts(g, counts)
  if g:param("mimic_led") == "original" or PARAMS.scoring.smalest == "all" then return 0 end
  return base.score_counts(g, counts)
end
`), 0o644))
	want := `reads.lua:2: g:param("mimic_led"): the game has no parameter mimic_led (did you mean "mimic_lead"?)
reads.lua:2: PARAMS.scoring.smalest: the game has no parameter scoring.smalest (did you mean "scoring.smallest"?)
`
	_, stderr, code := execute(t, "validate", "reads.yaml")
	assert.Equal(t, ExitError, code)
	assert.Equal(t, want, stderr)
	_, stderr, code = execute(t, "sim", "reads.yaml", "--games", "2")
	assert.Equal(t, ExitError, code)
	assert.Equal(t, want+"ruleslab: 2 problems\n", stderr)
}

// validate takes a bundled game's id as every other command does, and names the closest id for a typo.
func TestValidateBundledID(t *testing.T) {
	inHouseFolder(t)
	stdout, stderr, code := execute(t, "validate", "mimic-taking", "zoomies")
	assert.Equal(t, 0, code, stderr)
	assert.Equal(t, "mimic-taking: ok\nzoomies: ok\n", stdout)
	_, stderr, code = execute(t, "validate", "mimic-takin")
	assert.Equal(t, ExitError, code)
	assert.Contains(t, stderr, `unknown game "mimic-takin" (did you mean "mimic-taking"?`)
}
