package config

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Sets reach into maps and lists of the merged configuration (a variant's overlay included), leave the
// files' own values alone, and reject a path the configuration does not have.
func TestLoadWithSets(t *testing.T) {
	dir := t.TempDir()
	writeGame(t, dir, "g.yaml", "components: [{kind: c, id: a}]\nparams: {size: {\"3\": 5, \"4\": 4}, points: [1, 2, 3], mode: up}\n")
	v := write(t, filepath.Join(dir, "v.yaml"), "extends: g.yaml\nparams: {mode: down}\n")

	g, err := LoadWith(v, []Set{{"params.size.4", "9"}, {"params.points.2", "7"}, {"params.mode", "sideways"}, {"players.max", "3"}})
	require.NoError(t, err)
	assert.Equal(t, 9, g.Param("size.4"))
	assert.Equal(t, 5, g.Param("size.3"))
	assert.Equal(t, []any{1, 2, 7}, g.Param("points"))
	assert.Equal(t, "sideways", g.Param("mode"))
	assert.Equal(t, 3, g.Players.Max)

	plain, err := Load(v)
	require.NoError(t, err)
	assert.Equal(t, "down", plain.Param("mode"), "the variant's own value")
	assert.Equal(t, 4, plain.Param("size.4"))

	for _, tc := range []struct {
		set  Set
		want string
	}{
		{Set{"params.sise.4", "9"}, "no key params.sise"},
		{Set{"params.points.3", "1"}, "params.points.3: the list has 3 items"},
		{Set{"params.mode.x", "1"}, "params.mode is a single value"},
		{Set{"params.mode", "[1, "}, "is not YAML"},
	} {
		_, err := LoadWith(v, []Set{tc.set})
		if assert.Error(t, err, tc.set.String()) {
			assert.True(t, strings.Contains(err.Error(), tc.want), "%s: %v", tc.set, err)
		}
	}
}
