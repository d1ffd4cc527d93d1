package cli

import (
	"os"
	"testing"

	"github.com/spf13/cobra"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// GAME completes the bundled games and the YAML files (and folders) beside.
func TestCompleteGame(t *testing.T) {
	inHouseFolder(t)
	require.NoError(t, os.Mkdir("rules", 0o755))
	got, _ := completeGame(&cobra.Command{}, nil, "")
	assert.Equal(t, []string{"jiji", "mimic-taking", "mito", "simino", "zoomies", "house.yaml", "zoomies.yaml", "rules/"}, got)
	got, _ = completeGame(&cobra.Command{}, nil, "zo")
	assert.Equal(t, []string{"zoomies", "zoomies.yaml"}, got)
}

// --seats and --bots complete every form of bot spec, after the names already typed; lua: completes
// the Lua files; only play offers human.
func TestCompleteBots(t *testing.T) {
	inHouseFolder(t)
	require.NoError(t, os.WriteFile("mine.lua", nil, 0o644))
	sim := &cobra.Command{Use: "sim"}
	sim.Flags().String("variant", "", "")
	got, _ := completeBots(sim, []string{"mimic-taking"}, "greedy,")
	assert.Equal(t, []string{"greedy,random", "greedy,greedy", "greedy,ismcts", "greedy,ismcts:", "greedy,lua:", "greedy,cmd:"}, got)
	got, _ = completeBots(sim, []string{"mimic-taking"}, "lua:m")
	assert.Equal(t, []string{"lua:mine.lua"}, got)
	// the search bot's options: their keys, then the words a key takes (the game's bots for a
	// rollout or a prior), also after a comma that continues the options
	got, _ = completeBots(sim, []string{"mimic-taking"}, "greedy,ismcts:")
	assert.Contains(t, got, "greedy,ismcts:iterations=")
	assert.Contains(t, got, "greedy,ismcts:rollout=")
	assert.NotContains(t, got, "greedy,ismcts:it=")
	got, _ = completeBots(sim, []string{"mimic-taking"}, "ismcts:rollout=")
	assert.Equal(t, []string{"ismcts:rollout=random", "ismcts:rollout=mast", "ismcts:rollout=rules", "ismcts:rollout=greedy"}, got)
	got, _ = completeBots(sim, []string{"mimic-taking"}, "ismcts:iterations=50,")
	assert.Contains(t, got, "ismcts:iterations=50,random")
	assert.Contains(t, got, "ismcts:iterations=50,c=")
	got, _ = completeBots(sim, []string{"mimic-taking"}, "ismcts:iterations=50,reward=")
	assert.Equal(t, []string{"ismcts:iterations=50,reward=win", "ismcts:iterations=50,reward=pairwise"}, got)
	got, _ = completeBots(sim, []string{"mimic-taking"}, "greedy,")
	assert.NotContains(t, got, "greedy,c=", "options follow only a search spec that has some")
	play := &cobra.Command{Use: "play"}
	play.Flags().String("variant", "", "")
	got, _ = completeBots(play, []string{"mimic-taking"}, "")
	assert.Contains(t, got, "human")
}
