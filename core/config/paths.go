package config

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/ruleslab/ruleslab/core/suggest"
)

// resolvePaths makes script and bot paths absolute, relative to the file each was written in, and
// checks that each stays inside the root of its file's tree (see scriptRoot) and is small enough.
func resolvePaths(g *Game, root *yaml.Node, nf nodeFiles) error {
	r := &pathResolver{nf: nf, roots: map[string]string{}}
	if err := r.scripts(g, root); err != nil {
		return err
	}
	return r.bots(g, root)
}

// pathResolver resolves the paths a game names, counting the Lua files and bytes named so far.
type pathResolver struct {
	nf    nodeFiles
	roots map[string]string // a game file's folder: its scriptRoot
	total int64             // bytes of the files named so far
	files int               // files named so far
}

// scripts resolves the Lua chunks (see scriptNodes).
func (r *pathResolver) scripts(g *Game, root *yaml.Node) error {
	for _, s := range scriptNodes(root) {
		p, err := r.resolve(s.key, s.n)
		if err != nil {
			return err
		}
		g.Scripts = append(g.Scripts, p)
	}
	return nil
}

// keyedNode is a node naming a path, with the key that names it in errors.
type keyedNode struct {
	key string
	n   *yaml.Node
}

// scriptNodes lists the Lua chunks in the order they load: the rules, then the screen script (before
// the overrides, so an override's `base` is still the rules' (each chunk loaded rebinds `base`), and a
// house rule may redefine render), then the overrides.
func scriptNodes(root *yaml.Node) []keyedNode {
	var out []keyedNode
	for _, key := range []string{"script", "screen"} {
		if n := mapValue(root, key); n != nil {
			out = append(out, keyedNode{key, n})
		}
	}
	if n := mapValue(root, "overrides"); n != nil {
		for _, c := range n.Content {
			out = append(out, keyedNode{"overrides", c})
		}
	}
	return out
}

// bots resolves the bot scripts, by bot name.
func (r *pathResolver) bots(g *Game, root *yaml.Node) error {
	g.BotPaths = map[string]string{}
	n := mapValue(root, "bots")
	if n == nil {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		p, err := r.resolve("bots."+n.Content[i].Value, n.Content[i+1])
		if err != nil {
			return err
		}
		g.BotPaths[n.Content[i].Value] = p
	}
	return nil
}

// resolve is the clean absolute path that n (the value of key) names, relative to the folder of the
// file that wrote it; the file must lie inside that file's root and be small enough.
func (r *pathResolver) resolve(key string, n *yaml.Node) (string, error) {
	w, err := r.where(key, n)
	if err != nil {
		return "", err
	}
	p := n.Value
	if !filepath.IsAbs(p) {
		p = filepath.Join(w.dir, p)
	}
	p = filepath.Clean(p)
	real, err := r.find(key, n, p, w)
	if err != nil {
		return "", err
	}
	if err := r.count(key, n, real); err != nil {
		return "", err
	}
	return p, nil
}

// pathRoot is where a path is resolved: the folder of the file that names it (symbolic links followed)
// and the root that the path may not leave.
type pathRoot struct{ dir, root string }

// where is the pathRoot of the file that wrote n.
func (r *pathResolver) where(key string, n *yaml.Node) (pathRoot, error) {
	dir, err := filepath.Abs(filepath.Dir(r.nf[n]))
	if err != nil {
		return pathRoot{}, r.nf.errAt(n, "%s: %v", key, err)
	}
	if real, err := realPath(dir); err == nil {
		dir = real
	}
	root, ok := r.roots[dir]
	if !ok {
		root = scriptRoot(dir)
		r.roots[dir] = root
	}
	return pathRoot{dir, root}, nil
}

// find is the file p as found (symbolic links followed), which must lie inside w's root; a missing
// file is "outside" when its path is.
func (r *pathResolver) find(key string, n *yaml.Node, p string, w pathRoot) (string, error) {
	real, err := realPath(p)
	if err != nil {
		if !inside(w.root, p) {
			return "", r.outside(key, n, w)
		}
		return "", missingScript(r.nf, n, p)
	}
	if !inside(w.root, real) {
		return "", r.outside(key, n, w)
	}
	return real, nil
}

// missingScript is the error for a script n names that is not at p, with the closest Lua file of its
// folder when one is near (`overrides: [hose.lua]` beside house.lua).
func missingScript(nf nodeFiles, n *yaml.Node, p string) error {
	var names []string
	if entries, err := os.ReadDir(filepath.Dir(p)); err == nil {
		for _, e := range entries {
			if !e.IsDir() && strings.HasSuffix(e.Name(), ".lua") {
				names = append(names, e.Name())
			}
		}
	}
	hint := ""
	if c, ok := suggest.Closest(filepath.Base(p), names); ok {
		hint = fmt.Sprintf(" (did you mean %q?)", path.Join(path.Dir(n.Value), c))
	}
	return nf.errAt(n, "script %q: no such file%s", n.Value, hint)
}

// outside is the error for a path that leaves w's root.
func (r *pathResolver) outside(key string, n *yaml.Node, w pathRoot) error {
	where := "the folder of the file that names it"
	if w.root != w.dir {
		where = "the ruleslab folder"
	}
	shownRoot := w.root
	if IsEmbedded(w.root) {
		shownRoot = "built into ruleslab"
	}
	return r.nf.errAt(n, "%s: %q is outside %s (%s): a script or bot must lie in that folder or below", key, n.Value, where, shownRoot)
}

// count checks that the file found at real is a file small enough, and adds it to the game's Lua
// files and bytes, which have limits too (each listing counts).
func (r *pathResolver) count(key string, n *yaml.Node, real string) error {
	st, err := statPath(real)
	if err != nil {
		return r.nf.errAt(n, "script %q: no such file", n.Value)
	}
	if !st.Mode().IsRegular() {
		return r.nf.errAt(n, "%s: %q is not a file", key, n.Value)
	}
	if st.Size() > MaxScriptBytes {
		return r.nf.errAt(n, "%s: %q is too large (%d bytes; the limit is %s)", key, n.Value, st.Size(), byteSize(MaxScriptBytes))
	}
	if r.total += st.Size(); r.total > MaxGameScriptBytes {
		return r.nf.errAt(n, "%s: the game's Lua files come to more than %s (each listing counts)", key, byteSize(MaxGameScriptBytes))
	}
	if r.files++; r.files > MaxGameScripts {
		return r.nf.errAt(n, "%s: a game may name at most %d Lua files", key, MaxGameScripts)
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
