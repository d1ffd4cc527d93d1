package config

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/ruleslab/ruleslab/core/suggest"
)

// Bundled is a bundled game and its variants.
type Bundled struct {
	ID       string
	Path     string   // the base YAML
	Variants []string // variant names (file names without .yaml)
}

// VariantsDir is the bundled `variants/` folder: Home's (see Home: RULESLAB_HOME, a ruleslab folder
// found from the working directory or the executable, else the files embedded in the binary).
func VariantsDir() (string, error) {
	return filepath.Join(Home(), "variants"), nil
}

// BundledGames lists the bundled games in id order.
func BundledGames() ([]Bundled, error) {
	dir, err := VariantsDir()
	if err != nil {
		return nil, err
	}
	entries, err := readDir(dir)
	if err != nil {
		return nil, fmt.Errorf("cannot read the bundled games: %v", err)
	}
	var out []Bundled
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		base := filepath.Join(dir, e.Name(), e.Name()+".yaml")
		if _, err := statPath(base); err != nil {
			continue
		}
		b := Bundled{ID: e.Name(), Path: base, Variants: variantsBeside(base)}
		out = append(out, b)
	}
	return out, nil
}

// RuleSet is a bundled game under one of its rule sets: Variant "" is the game itself.
type RuleSet struct{ Game, Variant string }

// BundledRuleSets lists every bundled game and each of its variants, the game itself first, in id
// order: what a check of "every bundled game and variant" walks.
func BundledRuleSets() ([]RuleSet, error) {
	games, err := BundledGames()
	if err != nil {
		return nil, err
	}
	var out []RuleSet
	for _, g := range games {
		out = append(out, RuleSet{Game: g.ID})
		for _, v := range g.Variants {
			out = append(out, RuleSet{Game: g.ID, Variant: v})
		}
	}
	return out, nil
}

// Resolve turns GAME (a bundled id or a YAML path) and an optional variant name into a loaded config.
func Resolve(game, variant string) (*Game, error) {
	path, err := ResolvePath(game, variant)
	if err != nil {
		return nil, err
	}
	return Load(path)
}

// ResolvePath is the YAML file Resolve loads for GAME (a bundled id or a YAML path) and a variant: ""
// or "base" for GAME itself, a variant beside GAME's YAML (a bundled variant), or the path of a variant
// file, which must be a variant of the same game.
func ResolvePath(game, variant string) (string, error) {
	if err := notAScript(game, variant); err != nil {
		return "", err
	}
	path, err := gamePath(game)
	if err != nil {
		return "", err
	}
	switch {
	case variant == "" || variant == BaseVariant:
		return path, nil
	case IsVariantFile(variant):
		return variantFile(game, path, variant)
	}
	return namedVariant(game, path, variant)
}

// gamePath is the YAML of GAME: a bundled game's, or the file GAME names.
func gamePath(game string) (string, error) {
	if IsVariantFile(game) {
		path := Locate(game)
		if _, err := statPath(path); err != nil {
			return "", fmt.Errorf("%w: %s: no such file", ErrUnknownGame, Shown(path))
		}
		return path, nil
	}
	games, err := BundledGames()
	if err != nil {
		return "", err
	}
	var ids []string
	for _, g := range games {
		if g.ID == game {
			return g.Path, nil
		}
		ids = append(ids, g.ID)
	}
	if yamls := folderYAML(game); len(yamls) > 0 {
		return "", fmt.Errorf("%w %q: %s is a folder; give its YAML file: %s", ErrUnknownGame, game, game, strings.Join(yamls, " or "))
	}
	hint := ""
	if c, ok := suggest.Closest(game, ids); ok {
		hint = fmt.Sprintf("did you mean %q? ", c)
	}
	return "", fmt.Errorf("%w %q (%sbundled: %s; or give a path to a .yaml file)", ErrUnknownGame, game, hint, strings.Join(ids, ", "))
}

// folderYAML lists the YAML files in dir, when GAME names a folder (`ruleslab new house` writes
// house/house.yaml, and `sim house` is an easy slip); nil for anything else.
func folderYAML(dir string) []string {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range entries {
		if !e.IsDir() && isYAMLName(e.Name()) {
			out = append(out, filepath.Join(dir, e.Name()))
		}
	}
	return out
}

// bundledPath finds the YAML of a bundled "game" or "game/variant".
func bundledPath(ref string) (string, error) {
	game, variant, _ := strings.Cut(ref, "/")
	games, err := BundledGames()
	if err != nil {
		return "", err
	}
	var ids []string
	for _, b := range games {
		ids = append(ids, b.ID)
		if b.ID != game {
			continue
		}
		if variant == "" {
			return b.Path, nil
		}
		for _, v := range b.Variants {
			if v == variant {
				return filepath.Join(filepath.Dir(b.Path), v+".yaml"), nil
			}
		}
		return "", fmt.Errorf("%s has no variant %q%s", game, variant, closestOf(variant, b.Variants, "its variants"))
	}
	return "", fmt.Errorf("no bundled game %q%s", game, closestOf(game, ids, "bundled"))
}

// closestOf ends a message about a name that is none of names: the closest one when one is near, and
// the names under label, as ` (did you mean "x"? bundled: a, b)`.
func closestOf(name string, names []string, label string) string {
	hint := ""
	if c, ok := suggest.Closest(name, names); ok {
		hint = fmt.Sprintf("did you mean %q? ", c)
	}
	return fmt.Sprintf(" (%s%s: %s)", hint, label, strings.Join(names, ", "))
}
