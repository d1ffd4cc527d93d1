package config

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
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
		b := Bundled{ID: e.Name(), Path: base}
		files, _ := readDir(filepath.Join(dir, e.Name()))
		for _, f := range files {
			name, ok := strings.CutSuffix(f.Name(), ".yaml")
			if ok && !f.IsDir() && name != e.Name() {
				b.Variants = append(b.Variants, name)
			}
		}
		sort.Strings(b.Variants)
		out = append(out, b)
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

// ResolvePath is the YAML file Resolve loads for GAME and an optional variant.
func ResolvePath(game, variant string) (string, error) {
	if err := notAScript(game, variant); err != nil {
		return "", err
	}
	path := game
	if !strings.HasSuffix(game, ".yaml") && !strings.HasSuffix(game, ".yml") && !strings.ContainsRune(game, os.PathSeparator) {
		games, err := BundledGames()
		if err != nil {
			return "", err
		}
		var found *Bundled
		var ids []string
		for i := range games {
			ids = append(ids, games[i].ID)
			if games[i].ID == game {
				found = &games[i]
			}
		}
		if found == nil {
			return "", fmt.Errorf("%w %q (bundled: %s; or give a path to a .yaml file)", ErrUnknownGame, game, strings.Join(ids, ", "))
		}
		path = found.Path
		if variant != "" {
			ok := false
			for _, v := range found.Variants {
				ok = ok || v == variant
			}
			if !ok {
				return "", fmt.Errorf("%w variant %q of %s (variants: %s)", ErrUnknownGame, variant, game, strings.Join(found.Variants, ", "))
			}
			path = filepath.Join(filepath.Dir(found.Path), variant+".yaml")
		}
	} else {
		path = Locate(game)
		if variant != "" {
			path = filepath.Join(filepath.Dir(path), variant+".yaml")
		}
	}
	if _, err := statPath(path); err != nil {
		return "", fmt.Errorf("%w: %s: no such file", ErrUnknownGame, Shown(path))
	}
	return path, nil
}

// bundledPath finds the YAML of a bundled "game" or "game/variant".
func bundledPath(ref string) (string, error) {
	game, variant, _ := strings.Cut(ref, "/")
	games, err := BundledGames()
	if err != nil {
		return "", err
	}
	for _, b := range games {
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
		return "", fmt.Errorf("%s has no variant %q", game, variant)
	}
	return "", fmt.Errorf("no bundled game %q", game)
}
