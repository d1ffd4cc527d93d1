package cli

import (
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A variant file is taken as GAME too, by every command that takes a GAME, and each works on the
// file's rules: the commands that name the game name mimic-taking/house.
func TestVariantFileAsGameInEveryCommand(t *testing.T) {
	inHouseFolder(t)
	require.NoError(t, os.WriteFile("other.yaml", []byte("extends: house.yaml\ntitle: Other\n"), 0o644))
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"show"}, "mimic_lead: original"},
		{[]string{"validate"}, "house.yaml: ok"},
		{[]string{"sim", "--games", "4", "--no-base"}, "mimic-taking/house: 4 games"},
		{[]string{"play", "--seats", "random", "--seed", "3"}, "game over"},
		{[]string{"bench", "--games", "2", "--workers", "1"}, "mimic-taking/house, 4 players"},
		{[]string{"tournament", "--bots", "greedy,random", "--games", "6"}, "mimic-taking/house tournament"},
		{[]string{"compare", "--variant", "base", "--variant", "other.yaml", "--games", "4"}, "mimic-taking: base vs other.yaml"},
		{[]string{"sweep", "--set", "params.scoring.smallest=present,all", "--games", "4"}, "mimic-taking/house: sweep"},
		{[]string{"fuzz", "--games", "2"}, "mimic-taking/house: 2 games"},
		{[]string{"hooks"}, "# mimic-taking, variant house;"},
		{[]string{"source", "--list"}, "scripts/mimic-taking/rules.lua"},
		{[]string{"rules"}, "Mimic Taking"},
	} {
		t.Run(tc.args[0], func(t *testing.T) {
			args := append([]string{tc.args[0], "house.yaml"}, tc.args[1:]...)
			stdout, stderr, code := execute(t, args...)
			require.Equal(t, 0, code, stderr)
			assert.Contains(t, stdout, tc.want)
		})
	}
}
