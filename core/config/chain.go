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
