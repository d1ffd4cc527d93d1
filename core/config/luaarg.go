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

// notAScript refuses a Lua file given where a game or a variant is expected (`ruleslab show
// scripts/zoomies/rules.lua`), which would otherwise be read as YAML and fail with a parse error. For a
// script of a bundled game (scripts/<game>/...), the message names the game (or variant) and the
// command that prints the script.
func notAScript(game, variant string) error {
	if isLuaName(game) {
		id, v := scriptGame(game)
		if id == "" {
			return &scriptArgError{fmt.Sprintf("%s is a Lua script, not a game: give the game YAML that names it (in script: or overrides:) or a variant file; to read a game's scripts: ruleslab source GAME", game)}
		}
		return &scriptArgError{fmt.Sprintf("%s is a Lua script, not a game: give the game (%s) or a variant file; to read the script: %s", game, id, sourceCommand(id, v))}
	}
	if isLuaName(variant) {
		id, v := scriptGame(variant)
		if id == "" || v == "" {
			return &scriptArgError{fmt.Sprintf("--variant %s is a Lua script, not a variant: give a variant of %s or a variant file that names the script in overrides:", variant, game)}
		}
		return &scriptArgError{fmt.Sprintf("--variant %s is a Lua script, not a variant: give the variant (%s) or a variant file; to read the script: %s", variant, v, sourceCommand(id, v))}
	}
	return nil
}

func isLuaName(p string) bool { return strings.EqualFold(filepath.Ext(p), ".lua") }

// sourceCommand is the command that prints the scripts of a bundled game or variant.
func sourceCommand(id, variant string) string {
	if variant == "" {
		return "ruleslab source " + id
	}
	return "ruleslab source " + id + " --variant " + variant
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
