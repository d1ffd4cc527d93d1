package config

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
)

// scriptArgError is a Lua file given where a game is expected. It is an ErrUnknownGame (a mistyped
// argument), with a message of its own that says what to give instead.
type scriptArgError struct{ msg string }

func (e *scriptArgError) Error() string        { return e.msg }
func (e *scriptArgError) Is(target error) bool { return errors.Is(target, ErrUnknownGame) }

// notAScript refuses a Lua file given where a game is expected (`ruleslab show
// scripts/zoomies/rules.lua`), which would otherwise be read as YAML and fail with a parse error. For a
// script of a bundled game (scripts/<game>/...), the message names the game and the command that
// prints the script.
func notAScript(game string) error {
	if !strings.EqualFold(filepath.Ext(game), ".lua") {
		return nil
	}
	id, variant := scriptGame(game)
	if id == "" {
		return &scriptArgError{fmt.Sprintf("%s is a Lua script, not a game: give the game YAML that names it (in script: or overrides:) or a variant file; to read a game's scripts: ruleslab source GAME", game)}
	}
	source := "ruleslab source " + id
	if variant != "" {
		source += " --variant " + variant
	}
	return &scriptArgError{fmt.Sprintf("%s is a Lua script, not a game: give the game (%s) or a variant file; to read the script: %s", game, id, source)}
}

// scriptGame is the bundled game whose scripts folder holds the Lua file p (scripts/<game>/x.lua), and
// the variant of that game named like the file (scripts/simino/whites.lua: whites), if any; "" when p
// is not in a bundled game's scripts folder.
func scriptGame(p string) (id, variant string) {
	dir := filepath.Dir(filepath.Clean(p))
	if filepath.Base(filepath.Dir(dir)) != "scripts" {
		return "", ""
	}
	games, err := BundledGames()
	if err != nil {
		return "", ""
	}
	for _, g := range games {
		if g.ID != filepath.Base(dir) {
			continue
		}
		if stem := strings.TrimSuffix(filepath.Base(p), filepath.Ext(p)); slices.Contains(g.Variants, stem) {
			return g.ID, stem
		}
		return g.ID, ""
	}
	return "", ""
}
