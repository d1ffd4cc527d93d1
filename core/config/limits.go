package config

import (
	"errors"
	"fmt"
	"io"
	"io/fs"

	"go.yaml.in/yaml/v3"
)

// Limits on what the loader accepts, checked before any large allocation. Every bundled file is far
// below them (the largest YAML is under 10 KB and 1,000 values, the largest Lua file about 20 KB).
const (
	// MaxFileBytes caps a YAML file (game, variant or scenario).
	MaxFileBytes = 1 << 20
	// MaxScriptBytes caps a Lua file (compiling 1 MiB of Lua takes about a second and 200 MB).
	MaxScriptBytes = 256 << 10
	// MaxGameScriptBytes and MaxGameScripts cap the Lua files one game names (script, overrides and
	// bots, each listing counted), so a list of the same large file a thousand times is an error.
	MaxGameScriptBytes = 1 << 20
	MaxGameScripts     = 64
	// MaxNodes caps the YAML values of one file, counting an alias's value again at each use, so an
	// alias bomb (a few hundred bytes that expand to billions of values) is an error.
	MaxNodes = 100_000
	// MaxComponents caps the catalogue: the copies of every component (count × `each` combinations).
	MaxComponents = 32_000
	// MaxIDBytes caps a component's id (filled in), MaxValueBytes each attribute and `each` value, and
	// MaxAttrCells the catalogue's attribute values (every combination of a component has its own).
	MaxIDBytes    = 64
	MaxValueBytes = 256
	MaxAttrCells  = 200_000
	// MaxPlayers caps `players.max` (the engine tracks who saw a card in a 64-bit mask).
	MaxPlayers = 63
)

// ReadFile reads a regular file of at most limit bytes; a larger file is an error naming the limit,
// and nothing past the limit is read.
func ReadFile(path string, limit int64) ([]byte, error) {
	fail := func(err error) error {
		switch {
		case errors.Is(err, fs.ErrNotExist):
			return &PosError{File: path, Msg: "no such file"}
		case errors.Is(err, fs.ErrPermission):
			return &PosError{File: path, Msg: "permission denied"}
		}
		return &PosError{File: path, Msg: err.Error()}
	}
	// Stat before opening: opening a named pipe would wait for a writer.
	st, err := statPath(path)
	if err != nil {
		return nil, fail(err)
	}
	if st.IsDir() {
		return nil, &PosError{File: path, Msg: "is a folder, not a file"}
	}
	if !st.Mode().IsRegular() {
		return nil, &PosError{File: path, Msg: "not a regular file"}
	}
	if st.Size() > limit {
		return nil, tooLarge(path, st.Size(), limit)
	}
	f, err := openPath(path)
	if err != nil {
		return nil, fail(err)
	}
	defer f.Close()
	// The file may have grown or been replaced since: never read more than limit+1 bytes.
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, fail(err)
	}
	if int64(len(data)) > limit {
		return nil, tooLarge(path, int64(len(data)), limit)
	}
	return data, nil
}

func tooLarge(path string, size, limit int64) error {
	return &PosError{File: path, Msg: fmt.Sprintf("file too large (%d bytes; the limit is %s)", size, byteSize(limit))}
}

// byteSize prints a limit: whole MiB or KiB when it is one.
func byteSize(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// treeCheck walks a parsed document once, before anything decodes it: it rejects alias cycles,
// documents that expand to more than MaxNodes values, duplicate keys and keys that are not plain
// values, then replaces every alias by the node it names (so the loader's walkers need not know about
// aliases; the tree becomes a DAG whose expansion is bounded by MaxNodes).
type treeCheck struct {
	file   string
	size   map[*yaml.Node]int // expanded size of a finished node
	active map[*yaml.Node]bool
}

func checkTree(file string, root *yaml.Node) error {
	t := &treeCheck{file: file, size: map[*yaml.Node]int{}, active: map[*yaml.Node]bool{}}
	if _, err := t.walk(root); err != nil {
		return err
	}
	replaceAliases(root, map[*yaml.Node]bool{})
	return nil
}

// walk returns the number of values n stands for, aliases expanded.
func (t *treeCheck) walk(n *yaml.Node) (int, error) {
	if n.Kind == yaml.AliasNode {
		if n.Alias == nil {
			return 0, ErrAt(t.file, n, "unknown alias *%s", n.Value)
		}
		if t.active[n.Alias] {
			return 0, ErrAt(t.file, n, "alias *%s is used inside the value it names", n.Value)
		}
		return t.walk(n.Alias)
	}
	if s, ok := t.size[n]; ok {
		return s, nil
	}
	t.active[n] = true
	total := 1
	for _, c := range n.Content {
		s, err := t.walk(c)
		if err != nil {
			return 0, err
		}
		total += s
		if total > MaxNodes {
			if c.Kind == yaml.AliasNode {
				return 0, ErrAt(t.file, c, "alias *%s: the file expands to more than %d values (each use of an alias counts its whole value)", c.Value, MaxNodes)
			}
			return 0, ErrAt(t.file, c, "the file has more than %d values", MaxNodes)
		}
	}
	if n.Kind == yaml.MappingNode {
		if err := t.checkKeys(n); err != nil {
			return 0, err
		}
	}
	delete(t.active, n)
	t.size[n] = total
	return total, nil
}

// checkKeys rejects a mapping with a key that is not a plain value or that appears twice.
func (t *treeCheck) checkKeys(m *yaml.Node) error {
	var seen map[string]*yaml.Node
	for i := 0; i+1 < len(m.Content); i += 2 {
		k := m.Content[i]
		kv := k
		if kv.Kind == yaml.AliasNode {
			kv = kv.Alias
		}
		if kv.Kind != yaml.ScalarNode {
			return ErrAt(t.file, k, "a key must be a plain value, not %s", describe(kv))
		}
		if first, dup := seen[kv.Value]; dup {
			return ErrAt(t.file, k, "duplicate key %q (first at line %d)", kv.Value, first.Line)
		}
		if seen == nil {
			seen = make(map[string]*yaml.Node, len(m.Content)/2)
		}
		seen[kv.Value] = k
	}
	return nil
}

// replaceAliases makes every alias's parent point at the aliased node itself.
func replaceAliases(n *yaml.Node, done map[*yaml.Node]bool) {
	if done[n] {
		return
	}
	done[n] = true
	for i, c := range n.Content {
		if c.Kind == yaml.AliasNode {
			n.Content[i] = c.Alias
			continue // the aliased node is visited where it is defined
		}
		replaceAliases(c, done)
	}
}
