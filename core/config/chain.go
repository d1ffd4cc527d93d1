package config

import "path/filepath"

// maxExtendsDepth is how many files an `extends` chain may have above the first (a longer one is
// taken for a cycle).
const maxExtendsDepth = 8

// Chain is the YAML files a game or variant file is made of, following `extends:` as Load does: the
// base game first, path itself last, each absolute (`ruleslab source --yaml` prints them).
func Chain(path string) ([]string, error) {
	path = Locate(path)
	nf := nodeFiles{}
	var chain []string
	for depth := 0; ; depth++ {
		if depth > maxExtendsDepth {
			return nil, &PosError{File: path, Msg: "`extends` chain is too deep (a cycle?)"}
		}
		root, err := readRoot(path, nf)
		if err != nil {
			return nil, err
		}
		abs, err := filepath.Abs(path)
		if err != nil {
			return nil, err
		}
		chain = append([]string{abs}, chain...)
		ext := mapValue(root, "extends")
		if ext == nil {
			return chain, nil
		}
		if path, err = extendsPath(path, ext, nf); err != nil {
			return nil, err
		}
	}
}

// SourceFile is a file a game is made of, and its part in the game.
type SourceFile struct {
	Path string // absolute, or below EmbeddedRoot
	Part string // the YAML: "base game", "variant"; the Lua: "base rules", "base screen", "override"
	Lua  bool
}

// Sources lists the files g is made of: with withYAML its YAML files (Chain, base first), then its Lua
// scripts in the order they load (the rules, the screen script, then the overrides, each of which may
// replace the functions of those before it).
func Sources(g *Game, withYAML bool) ([]SourceFile, error) {
	var out []SourceFile
	if withYAML {
		chain, err := Chain(g.Path)
		if err != nil {
			return nil, err
		}
		for i, p := range chain {
			part := "variant"
			if i == 0 {
				part = "base game"
			}
			out = append(out, SourceFile{Path: p, Part: part})
		}
	}
	for i, p := range g.Scripts {
		part := "override"
		switch {
		case i == 0:
			part = "base rules"
		case i == 1 && g.Screen != "":
			part = "base screen"
		}
		out = append(out, SourceFile{Path: p, Part: part, Lua: true})
	}
	return out, nil
}
