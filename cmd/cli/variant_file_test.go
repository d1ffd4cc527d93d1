package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// houseRule is README's first house rule: the lead stays with the Mimic's player, every colour scores.
const houseRule = "extends: mimic-taking\ntitle: Mimic Taking, strict house rules\nparams:\n  mimic_lead: original\n  scoring: {smallest: all}\n"

// inHouseFolder runs the test in a fresh folder holding house.yaml (README's house rule) and
// zoomies.yaml (a variant of another game), with the bundled games from this checkout.
func inHouseFolder(t *testing.T) {
	t.Helper()
	root, err := filepath.Abs("../..")
	require.NoError(t, err)
	t.Setenv("RULESLAB_HOME", root)
	t.Setenv("NO_COLOR", "1")
	t.Chdir(t.TempDir())
	require.NoError(t, os.WriteFile("house.yaml", []byte(houseRule), 0o644))
	require.NoError(t, os.WriteFile("zoomies.yaml", []byte("extends: zoomies\ntitle: Z\n"), 0o644))
}

// Every command that takes a variant takes a variant file, and plays (or shows, or checks) the file's
// rules, not the base's: each names the game mimic-taking/house.
func TestVariantFileInEveryCommand(t *testing.T) {
	inHouseFolder(t)
	_, stderr, code := execute(t, "sim", "mimic-taking", "--games", "2", "--log", "games.jsonl", "--no-base")
	require.Equal(t, 0, code, stderr)
	scenario := filepath.Join(os.Getenv("RULESLAB_HOME"), "variants", "mimic-taking", "scenarios", "first-trick.yaml")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"show", "mimic-taking"}, "mimic_lead: original"},
		{[]string{"validate", "mimic-taking"}, "mimic-taking: ok"},
		{[]string{"sim", "mimic-taking", "--games", "4"}, "mimic-taking/house: 4 games"},
		{[]string{"play", "mimic-taking", "--seats", "random", "--seed", "3"}, "game over"},
		{[]string{"run", scenario}, "mimic-taking/house, 4 players"},
		{[]string{"replay", "games.jsonl"}, "games.jsonl under house.yaml: "},
		{[]string{"bench", "mimic-taking", "--games", "2", "--workers", "1"}, "mimic-taking/house, 4 players"},
		{[]string{"tournament", "mimic-taking", "--bots", "greedy,random", "--games", "6"}, "mimic-taking/house tournament"},
		{[]string{"compare", "mimic-taking", "--variant", "base", "--games", "4"}, "mimic-taking: base vs house.yaml"},
		{[]string{"sweep", "mimic-taking", "--set", "params.scoring.smallest=present,all", "--games", "4"}, "mimic-taking/house: sweep"},
		{[]string{"fuzz", "mimic-taking", "--games", "2"}, "mimic-taking/house: 2 games"},
	} {
		t.Run(tc.args[0], func(t *testing.T) {
			stdout, stderr, code := execute(t, append(tc.args, "--variant", "house.yaml")...)
			require.Equal(t, 0, code, stderr)
			assert.Contains(t, stdout, tc.want)
		})
	}
}

// A variant file of another game is refused by name, wherever a variant is taken; so is an unknown
// variant name, with the closest one.
func TestVariantOfAnotherGame(t *testing.T) {
	inHouseFolder(t)
	other := "zoomies.yaml extends zoomies, not mimic-taking"
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"sim", "mimic-taking", "--variant", "zoomies.yaml", "--games", "2"}, ExitUsage, other},
		{[]string{"compare", "mimic-taking", "--variant", "base", "--variant", "zoomies.yaml", "--games", "2"}, ExitUsage, other},
		{[]string{"sweep", "mimic-taking", "--variant", "zoomies.yaml", "--set", "params.mimic_lead=original", "--games", "2"}, ExitUsage, other},
		{[]string{"show", "mimic-taking", "--variant", "zoomies.yaml"}, ExitUsage, other},
		{[]string{"validate", "mimic-taking", "--variant", "zoomies.yaml"}, ExitUsage, other},
		{[]string{"sim", "house.yaml", "--variant", "zoomies.yaml"}, ExitUsage, "zoomies.yaml extends zoomies, not mimic-taking (the game of house.yaml)"},
		{[]string{"sim", "zoomies", "--variant", "variants/mimic-taking/mimic-taking.yaml"}, ExitUsage,
			"variants/mimic-taking/mimic-taking.yaml is the game mimic-taking, not a variant of zoomies: a variant file starts with `extends: zoomies`"},
		{[]string{"sim", "mimic-taking", "--variant", "face-upp"}, ExitUsage,
			`unknown game variant "face-upp" of mimic-taking (did you mean "face-up"?); its variants: base, face-up, or the path of a variant .yaml file`},
		{[]string{"play", "mimic-taking", "--variant", "hous.yaml"}, ExitUsage, "variant file hous.yaml: no such file"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			_, stderr, code := execute(t, tc.args...)
			assert.Equal(t, tc.code, code, stderr)
			assert.Contains(t, stderr, tc.want)
		})
	}
}

// --variant completes base, the game's bundled variants and the variant files beside.
func TestCompleteVariant(t *testing.T) {
	inHouseFolder(t)
	require.NoError(t, os.Mkdir("rules", 0o755))
	require.NoError(t, os.WriteFile("notes.txt", nil, 0o644))
	cmd := &cobra.Command{}
	got, _ := completeVariant(cmd, []string{"mimic-taking"}, "")
	assert.Equal(t, []string{"base", "face-up", "house.yaml", "zoomies.yaml", "rules/"}, got)
	got, _ = completeVariant(cmd, []string{"mimic-taking"}, "f")
	assert.Equal(t, []string{"face-up"}, got)
	got, _ = completeVariant(cmd, []string{"mimic-taking"}, "ho")
	assert.Equal(t, []string{"house.yaml"}, got)
}

// The --variant flag reaches the options of validate and run.
func TestVariantOptions(t *testing.T) {
	v := parseCmd(t, NewCmdValidate, "mimic-taking", "--variant", "house.yaml")
	assert.Equal(t, "house.yaml", v.Variant)
	r := parseCmd(t, NewCmdRun, "s.yaml", "--variant", "house.yaml")
	assert.Equal(t, "house.yaml", r.Variant)
	s := parseCmd(t, NewCmdSim, "house.yaml", "--no-base")
	assert.True(t, s.NoBase)
	o, err := s.labOptions()
	require.NoError(t, err)
	assert.False(t, o.VersusBase)
	o, err = parseCmd(t, NewCmdSim, "house.yaml").labOptions()
	require.NoError(t, err)
	assert.True(t, o.VersusBase)
}

// decodeJSON decodes a command's JSON output.
func decodeJSON(t *testing.T, stdout string) map[string]json.RawMessage {
	t.Helper()
	var m map[string]json.RawMessage
	require.NoError(t, json.Unmarshal([]byte(stdout), &m), stdout)
	return m
}

// A log written under a variant file re-plays with the variant it names.
func TestReplayLogOfVariantFile(t *testing.T) {
	inHouseFolder(t)
	_, stderr, code := execute(t, "sim", "mimic-taking", "--variant", "house.yaml", "--games", "3", "--log", "house.jsonl", "--no-base")
	require.Equal(t, 0, code, stderr)
	stdout, stderr, code := execute(t, "replay", "house.jsonl")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stdout, "3 games")
}
