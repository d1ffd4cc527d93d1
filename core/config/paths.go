package config

import (
	"os"
	"path/filepath"
	"strings"

	"go.yaml.in/yaml/v3"
)

// resolvePaths makes script and bot paths absolute, relative to the file each was written in, and
// checks that each stays inside the root of its file's tree (see scriptRoot) and is small enough.
func resolvePaths(g *Game, root *yaml.Node, nf nodeFiles) error {
	roots := map[string]string{}
	total, files := int64(0), 0
	rel := func(key string, n *yaml.Node) (string, error) {
		file := nf[n]
		dir, err := filepath.Abs(filepath.Dir(file))
		if err != nil {
			return "", nf.errAt(n, "%s: %v", key, err)
		}
		if real, err := realPath(dir); err == nil {
			dir = real
		}
		fileRoot, ok := roots[dir]
		if !ok {
			fileRoot = scriptRoot(dir)
			roots[dir] = fileRoot
		}
		p := n.Value
		if !filepath.IsAbs(p) {
			p = filepath.Join(dir, p)
		}
		p = filepath.Clean(p)
		outside := func() error {
			where := "the folder of the file that names it"
			if fileRoot != dir {
				where = "the ruleslab folder"
			}
			shownRoot := fileRoot
			if IsEmbedded(fileRoot) {
				shownRoot = "built into ruleslab"
			}
			return nf.errAt(n, "%s: %q is outside %s (%s): a script or bot must lie in that folder or below", key, n.Value, where, shownRoot)
		}
		// The file as found (symbolic links followed) must lie inside; a missing one is "outside" when
		// its path is.
		real, err := realPath(p)
		if err != nil {
			if !inside(fileRoot, p) {
				return "", outside()
			}
			return "", nf.errAt(n, "script %q: no such file", n.Value)
		}
		if !inside(fileRoot, real) {
			return "", outside()
		}
		st, err := statPath(real)
		if err != nil {
			return "", nf.errAt(n, "script %q: no such file", n.Value)
		}
		if !st.Mode().IsRegular() {
			return "", nf.errAt(n, "%s: %q is not a file", key, n.Value)
		}
		if st.Size() > MaxScriptBytes {
			return "", nf.errAt(n, "%s: %q is too large (%d bytes; the limit is %s)", key, n.Value, st.Size(), byteSize(MaxScriptBytes))
		}
		if total += st.Size(); total > MaxGameScriptBytes {
			return "", nf.errAt(n, "%s: the game's Lua files come to more than %s (each listing counts)", key, byteSize(MaxGameScriptBytes))
		}
		if files++; files > MaxGameScripts {
			return "", nf.errAt(n, "%s: a game may name at most %d Lua files", key, MaxGameScripts)
		}
		return p, nil
	}
	if n := mapValue(root, "script"); n != nil {
		p, err := rel("script", n)
		if err != nil {
			return err
		}
		g.Scripts = append(g.Scripts, p)
	}
	// the screen script right after the rules: before the overrides, so an override's `base` is still
	// the rules' (each chunk loaded rebinds `base`), and a house rule may redefine render
	if n := mapValue(root, "screen"); n != nil {
		p, err := rel("screen", n)
		if err != nil {
			return err
		}
		g.Scripts = append(g.Scripts, p)
	}
	if n := mapValue(root, "overrides"); n != nil {
		for _, c := range n.Content {
			p, err := rel("overrides", c)
			if err != nil {
				return err
			}
			g.Scripts = append(g.Scripts, p)
		}
	}
	g.BotPaths = map[string]string{}
	if n := mapValue(root, "bots"); n != nil {
		for i := 0; i+1 < len(n.Content); i += 2 {
			p, err := rel("bots."+n.Content[i].Value, n.Content[i+1])
			if err != nil {
				return err
			}
			g.BotPaths[n.Content[i].Value] = p
		}
	}
	return nil
}

// scriptRoot is the folder that the script and bot paths of a game file in dir may not leave: for a
// file under a ruleslab home's variants/ (a bundled game: the home is the nearest folder above that
// holds both variants/ and scripts/), the home; for any other file, its own folder.
func scriptRoot(dir string) string {
	if IsEmbedded(dir) {
		return EmbeddedRoot
	}
	for d := dir; ; d = filepath.Dir(d) {
		if filepath.Base(d) == "variants" {
			if st, err := os.Stat(filepath.Join(filepath.Dir(d), "scripts")); err == nil && st.IsDir() {
				return filepath.Dir(d)
			}
		}
		if filepath.Dir(d) == d {
			return dir
		}
	}
}

// inside reports whether path is root or lies below it (both clean and absolute).
func inside(root, path string) bool {
	r, err := filepath.Rel(root, path)
	return err == nil && r != ".." && !strings.HasPrefix(r, ".."+string(filepath.Separator))
}
