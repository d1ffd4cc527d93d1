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

// VariantsDir finds the bundled `variants/` folder: $RULESLAB_HOME/variants, else the nearest
// `variants/` in the working directory or its parents, else next to the executable.
func VariantsDir() (string, error) {
	if home := os.Getenv("RULESLAB_HOME"); home != "" {
		return filepath.Join(home, "variants"), nil
	}
	var starts []string
	if wd, err := os.Getwd(); err == nil {
		starts = append(starts, wd)
	}
	if exe, err := os.Executable(); err == nil {
		starts = append(starts, filepath.Dir(exe))
	}
	for _, dir := range starts {
		for d := dir; ; d = filepath.Dir(d) {
			cand := filepath.Join(d, "variants")
			if st, err := os.Stat(cand); err == nil && st.IsDir() {
				if _, err := os.Stat(filepath.Join(d, "scripts")); err == nil {
					return cand, nil
				}
			}
			if filepath.Dir(d) == d {
				break
			}
		}
	}
	return "", fmt.Errorf("cannot find the bundled games: run from the ruleslab folder or set RULESLAB_HOME")
}

// BundledGames lists the bundled games in id order.
func BundledGames() ([]Bundled, error) {
	dir, err := VariantsDir()
	if err != nil {
		return nil, err
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var out []Bundled
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		base := filepath.Join(dir, e.Name(), e.Name()+".yaml")
		if _, err := os.Stat(base); err != nil {
			continue
		}
		b := Bundled{ID: e.Name(), Path: base}
		files, _ := filepath.Glob(filepath.Join(dir, e.Name(), "*.yaml"))
		for _, f := range files {
			name := strings.TrimSuffix(filepath.Base(f), ".yaml")
			if name != e.Name() {
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
	} else if variant != "" {
		path = filepath.Join(filepath.Dir(game), variant+".yaml")
	}
	if _, err := os.Stat(path); err != nil {
		return "", fmt.Errorf("%w: %s: no such file", ErrUnknownGame, path)
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
