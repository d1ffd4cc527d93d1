package config

import (
	"errors"
	"testing"
	"testing/fstest"
)

// A Lua file given as GAME is refused with a message that names the game and the command that prints
// the script; it is an ErrUnknownGame (the command line exits 2).
func TestLuaScriptIsNotAGame(t *testing.T) {
	useEmbedded(t, fstest.MapFS{
		"variants/g/g.yaml":   {Data: []byte(tinyGame + "script: ../../scripts/g/rules.lua\n")},
		"variants/g/v.yaml":   {Data: []byte("extends: g.yaml\noverrides: [../../scripts/g/v.lua]\n")},
		"scripts/g/rules.lua": {Data: []byte("function setup(g) end\n")},
		"scripts/g/v.lua":     {Data: []byte("function setup(g) end\n")},
	})
	for _, tc := range []struct{ game, variant, want string }{
		{"scripts/g/rules.lua", "", "scripts/g/rules.lua is a Lua script, not a game: give the game (g) or a variant file; to read the script: ruleslab source g"},
		{"scripts/g/v.lua", "", "scripts/g/v.lua is a Lua script, not a game: give the game (g) or a variant file; to read the script: ruleslab source g --variant v"},
		{"house/rules.LUA", "", "house/rules.LUA is a Lua script, not a game: give the game YAML that names it (in script: or overrides:) or a variant file; to read a game's scripts: ruleslab source GAME"},
		{"scripts/other/rules.lua", "", "scripts/other/rules.lua is a Lua script, not a game: give the game YAML that names it (in script: or overrides:) or a variant file; to read a game's scripts: ruleslab source GAME"},
		{"g", "scripts/g/v.lua", "--variant scripts/g/v.lua is a Lua script, not a variant: give the variant (v) or a variant file; to read the script: ruleslab source g --variant v"},
		{"g", "house.lua", "--variant house.lua is a Lua script, not a variant: give a variant of g or a variant file that names the script in overrides:"},
		{"g", "scripts/g/rules.lua", "--variant scripts/g/rules.lua is a Lua script, not a variant: give a variant of g or a variant file that names the script in overrides:"},
	} {
		_, err := ResolvePath(tc.game, tc.variant)
		if err == nil || err.Error() != tc.want {
			t.Errorf("ResolvePath(%s):\n got %v\nwant %s", tc.game, err, tc.want)
		}
		if !errors.Is(err, ErrUnknownGame) {
			t.Errorf("ResolvePath(%s): %v is not an ErrUnknownGame", tc.game, err)
		}
		if _, err := Resolve(tc.game, tc.variant); err == nil || err.Error() != tc.want {
			t.Errorf("Resolve(%s) = %v", tc.game, err)
		}
	}
	if _, err := ResolvePath("g", ""); err != nil {
		t.Errorf("a game id still resolves: %v", err)
	}
}
