package config

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/ruleslab/ruleslab/core/suggest"
)

// BaseVariant is the --variant that names GAME itself.
const BaseVariant = "base"

// ErrOtherGame is returned (wrapped) when a variant file given for GAME is a variant of another game.
var ErrOtherGame = errors.New("a variant of another game")

// nameError is a game or variant that cannot be used as named, with its own message; it wraps the
// kind of problem (ErrUnknownGame, ErrOtherGame), so a command can tell a mistyped argument.
type nameError struct {
	msg  string
	kind error
}

func (e *nameError) Error() string { return e.msg }
func (e *nameError) Unwrap() error { return e.kind }

func otherGame(format string, args ...any) error {
	return &nameError{msg: fmt.Sprintf(format, args...), kind: ErrOtherGame}
}

// IsVariantFile reports whether a --variant names a file (a .yaml or .yml path, or any path with a
// folder) rather than a bundled variant.
func IsVariantFile(v string) bool {
	return isYAMLName(v) || strings.ContainsRune(v, '/') || strings.ContainsRune(v, os.PathSeparator)
}

// variantFile is the path of a variant file given for the game at gamePath, which must be a variant of
// the same game: the game its `extends` chain starts from has the game's id.
func variantFile(game, gamePath, variant string) (string, error) {
	path := Locate(variant)
	if st, err := statPath(path); err != nil || st.IsDir() {
		msg := fmt.Sprintf("variant file %s: no such file", Shown(path))
		if name := strings.TrimSuffix(variant, filepath.Ext(variant)); slices.Contains(variantsBeside(gamePath), name) {
			msg += fmt.Sprintf(" (the variant %s of %s is --variant %s)", name, game, name)
		}
		return "", &nameError{msg: msg, kind: ErrUnknownGame}
	}
	want, _, err := gameOf(gamePath)
	if err != nil {
		return "", err
	}
	got, extends, err := gameOf(path)
	if err != nil {
		return "", err
	}
	if got == want {
		return path, nil
	}
	of := want
	if game != want {
		of += " (the game of " + game + ")"
	}
	if extends == "" {
		return "", otherGame("%s is the game %s, not a variant of %s: a variant file starts with `extends: %s`", variant, got, of, want)
	}
	if extends != got {
		extends += " (a variant of " + got + ")"
	}
	return "", otherGame("%s extends %s, not %s", variant, extends, of)
}

// gameOf is the id of the game a file's `extends` chain starts from (see Chain), and what the file
// itself extends as written ("" for a game).
func gameOf(path string) (id, extends string, err error) {
	chain, err := Chain(path)
	if err != nil {
		return "", "", err
	}
	top, err := ReadRoot(path)
	if err != nil {
		return "", "", err
	}
	if ext := mapValue(top, "extends"); ext != nil {
		extends = ext.Value
	}
	game, err := ReadRoot(chain[0])
	if err != nil {
		return "", "", err
	}
	if idn := mapValue(game, "id"); idn != nil {
		id = idn.Value
	}
	return id, extends, nil
}

// Extends is the file that the game or variant file at path extends, resolved as loading it resolves
// it (see Chain); "" for a game that extends nothing.
func Extends(path string) (string, error) {
	chain, err := Chain(path)
	if err != nil || len(chain) < 2 {
		return "", err
	}
	return chain[len(chain)-2], nil
}

// namedVariant is the path of a variant named without a path: a file beside the game's YAML (for a
// bundled game, one of its bundled variants). An unknown name is an error listing the variants, with
// the closest one.
func namedVariant(game, gamePath, variant string) (string, error) {
	names := variantsBeside(gamePath)
	for _, v := range names {
		if v == variant {
			return filepath.Join(filepath.Dir(gamePath), v+".yaml"), nil
		}
	}
	all := append([]string{BaseVariant}, names...)
	return "", fmt.Errorf("%w variant %q of %s%s; its variants: %s, or the path of a variant .yaml file", ErrUnknownGame,
		variant, game, suggest.DidYouMean(variant, all), strings.Join(all, ", "))
}

// variantsBeside lists the variants in the folder of a game's YAML: the other .yaml files there, by
// name without .yaml, in order.
func variantsBeside(gamePath string) []string {
	entries, _ := readDir(filepath.Dir(gamePath))
	self := filepath.Base(gamePath)
	var out []string
	for _, e := range entries {
		name, ok := strings.CutSuffix(e.Name(), ".yaml")
		if ok && !e.IsDir() && e.Name() != self {
			out = append(out, name)
		}
	}
	sort.Strings(out)
	return out
}
