package cli

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ruleslab/ruleslab/core/config"
)

// The folder `new` writes for each bundled game carries, commented out, every parameter with its rule
// id, description and allowed values, and every function `hooks` lists as defined by the game with its
// signature: what a designer may change, without opening the docs.
func TestNewTemplateListsEveryParameterAndFunction(t *testing.T) {
	inHouseFolder(t)
	games, err := config.BundledGames()
	require.NoError(t, err)
	for _, g := range games {
		t.Run(g.ID, func(t *testing.T) {
			_, stderr, code := execute(t, "new", "r-"+g.ID, "--from", g.ID)
			require.Equal(t, 0, code, stderr)
			yamlText, err := os.ReadFile("r-" + g.ID + "/r-" + g.ID + ".yaml")
			require.NoError(t, err)
			luaText, err := os.ReadFile("r-" + g.ID + "/r-" + g.ID + ".lua")
			require.NoError(t, err)

			stdout, stderr, code := execute(t, "show", g.ID, "--params", "--json")
			require.Equal(t, 0, code, stderr)
			var specs []config.ParamSpec
			require.NoError(t, json.Unmarshal([]byte(stdout), &specs))
			require.NotEmpty(t, specs)
			for _, s := range specs {
				assert.Contains(t, string(yamlText), "# "+s.Rule+": "+s.About+" (allowed: "+s.Domain+")\n", s.Path)
			}

			stdout, stderr, code = execute(t, "hooks", g.ID, "--json")
			require.Equal(t, 0, code, stderr)
			var hooks struct {
				Functions []struct{ Signature, File string }
			}
			require.NoError(t, json.Unmarshal([]byte(stdout), &hooks))
			defined := 0
			for _, f := range hooks.Functions {
				if f.File != "" {
					defined++
					assert.Contains(t, string(luaText), "\n-- function "+f.Signature+"\n", f.Signature)
				}
			}
			assert.Positive(t, defined)
		})
	}
}
