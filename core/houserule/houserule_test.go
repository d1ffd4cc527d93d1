package houserule

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/ruleslab/ruleslab/core/config"
	"github.com/ruleslab/ruleslab/core/scenario"
	"github.com/ruleslab/ruleslab/scripting"
)

// every bundled game and variant, as (game, variant)
func bundled(t *testing.T) []config.RuleSet {
	t.Helper()
	sets, err := config.BundledRuleSets()
	require.NoError(t, err)
	return sets
}

// make writes the folder of a house rule of game (variant) into a temporary dir and returns its YAML.
func makeFolder(t *testing.T, game, variant string) (dir string, p *scripting.Program) {
	p, err := scripting.Load(game, variant)
	require.NoError(t, err)
	dir = filepath.Join(t.TempDir(), "house")
	extends, err := Extends(p.Game.Config, dir)
	require.NoError(t, err)
	f, err := New(p, "house", extends)
	require.NoError(t, err)
	require.NoError(t, Write(dir, f))
	return dir, p
}

// TestUntouchedFolderPlaysTheGame: the folder as written loads, its scenario runs, and every parameter
// it declares has the game's value.
func TestUntouchedFolderPlaysTheGame(t *testing.T) {
	for _, gv := range bundled(t) {
		t.Run(gv.Game+"/"+gv.Variant, func(t *testing.T) {
			dir, game := makeFolder(t, gv.Game, gv.Variant)
			house, err := scripting.Load(filepath.Join(dir, "house.yaml"), "")
			require.NoError(t, err)
			require.Equal(t, game.Game.Config.ParamSpecs(), house.Game.Config.ParamSpecs())
			require.Equal(t, "house", house.Game.Config.Variant)
			runExample(t, dir)
		})
	}
}

// TestUncommentedFolderPlaysTheGame: with every commented line of the YAML's params and every
// commented function of the Lua uncommented, the house rule sets each parameter to the game's value and
// replaces each function by one calling the game's: it loads (the override checks pass) and plays the
// same game as the game itself.
func TestUncommentedFolderPlaysTheGame(t *testing.T) {
	for _, gv := range bundled(t) {
		t.Run(gv.Game+"/"+gv.Variant, func(t *testing.T) {
			dir, game := makeFolder(t, gv.Game, gv.Variant)
			uncomment(t, filepath.Join(dir, "house.yaml"), "# params:", "# ")
			uncomment(t, filepath.Join(dir, "house.lua"), "", "-- ")
			house, err := scripting.Load(filepath.Join(dir, "house.yaml"), "")
			require.NoError(t, err)
			require.Equal(t, game.Game.Config.Params, house.Game.Config.Params)
			require.Contains(t, readFile(t, filepath.Join(dir, "house.lua")), "\nfunction ")
			got := runExample(t, dir)
			sc := strings.Replace(readFile(t, filepath.Join(dir, "scenarios", "example.yaml")), "game: ../house.yaml", "game: "+game.Game.Config.Path, 1)
			require.NoError(t, os.WriteFile(filepath.Join(dir, "scenarios", "game.yaml"), []byte(sc), 0o644))
			want := runScenario(t, filepath.Join(dir, "scenarios", "game.yaml"))
			require.Equal(t, want.Totals, got.Totals)
			require.Equal(t, want.Winners, got.Winners)
		})
	}
}

// uncomment removes prefix from the lines after the one starting with from ("" for the whole file)
// that are code: in Lua the commented function lines, in YAML every line.
func uncomment(t *testing.T, path, from, prefix string) {
	lines := strings.Split(readFile(t, path), "\n")
	on := from == ""
	for i, l := range lines {
		if !on && strings.HasPrefix(l, from) {
			on = true
		}
		lua := strings.HasPrefix(l, "-- function ") || strings.HasPrefix(l, "--   return base.") || l == "-- end"
		if on && (from != "" || lua) {
			lines[i] = strings.TrimPrefix(l, prefix)
		}
	}
	require.NoError(t, os.WriteFile(path, []byte(strings.Join(lines, "\n")), 0o644))
}

func runExample(t *testing.T, dir string) *scenario.Outcome {
	return runScenario(t, filepath.Join(dir, "scenarios", "example.yaml"))
}

func runScenario(t *testing.T, path string) *scenario.Outcome {
	sc, err := scenario.Load(path)
	require.NoError(t, err)
	o, _, err := scenario.Runner{Finish: []string{"random"}}.Run(sc)
	require.NoError(t, err)
	require.True(t, o.Finished)
	return o
}

func readFile(t *testing.T, path string) string {
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	return string(data)
}

// TestWriteNeverOverwrites: a folder that exists and holds anything is refused, and left as it was.
func TestWriteNeverOverwrites(t *testing.T) {
	dir := t.TempDir()
	keep := filepath.Join(dir, "mine.yaml")
	require.NoError(t, os.WriteFile(keep, []byte("mine"), 0o644))
	err := Write(dir, Folder{Name: "x", Files: []File{{Name: "mine.yaml", Text: "theirs"}}})
	require.ErrorContains(t, err, dir+" already exists and is not empty: give a new folder (nothing was written)")
	require.Equal(t, "mine", readFile(t, keep))
	empty := filepath.Join(dir, "empty")
	require.NoError(t, os.Mkdir(empty, 0o755))
	require.NoError(t, Write(empty, Folder{Name: "x", Files: []File{{Name: "x.yaml", Text: "ok"}}}))
}

// TestExtends: a bundled game is named by its id (and variant), a game on disk by its path from the
// house rule's folder.
func TestExtends(t *testing.T) {
	p, err := scripting.Load("simino", "whites")
	require.NoError(t, err)
	got, err := Extends(p.Game.Config, "anywhere")
	require.NoError(t, err)
	require.Equal(t, "simino/whites", got)
	g := &config.Game{ID: "g", Path: filepath.Join(t.TempDir(), "games", "g.yaml")}
	got, err = Extends(g, filepath.Join(filepath.Dir(g.Path), "..", "house"))
	require.NoError(t, err)
	require.Equal(t, "../games/g.yaml", got)
}

func TestFlowYAML(t *testing.T) {
	require.Equal(t, `{"3": 5, "4": 4}`, flowYAML(map[string]any{"3": 5, "4": 4}))
	require.Equal(t, `[9]`, flowYAML([]any{9}))
	require.Equal(t, `"2"`, flowYAML("2"))
	require.Equal(t, `effective`, flowYAML("effective"))
}
