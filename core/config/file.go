package config

import (
	"fmt"
	"reflect"

	"go.yaml.in/yaml/v3"
)

// DecodeFile strictly decodes one YAML file (a command-line path: see Locate) (no overlays) into out and returns its root node, so the
// caller can point later errors at positions in the file.
func DecodeFile(path string, out any) (*yaml.Node, error) {
	nf := nodeFiles{}
	root, err := readRoot(Locate(path), nf)
	if err != nil {
		return nil, err
	}
	if err := nf.decodeStrict(root, reflect.ValueOf(out).Elem()); err != nil {
		return nil, err
	}
	return root, nil
}

// ReadRoot parses a YAML file whose top is a mapping, with the loader's limits and checks (size,
// aliases, duplicate keys): what every YAML file ruleslab reads goes through.
func ReadRoot(path string) (*yaml.Node, error) {
	return readRoot(Locate(path), nodeFiles{})
}

// readRoot parses a YAML file whose top is a mapping and records its nodes' file. The file's size is
// checked before it is read, and its tree (aliases expanded) before anything decodes it.
func readRoot(path string, nf nodeFiles) (*yaml.Node, error) {
	data, err := ReadFile(path, MaxFileBytes)
	if err != nil {
		return nil, err
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, yamlSyntaxError(path, err)
	}
	if len(doc.Content) == 0 {
		return nil, &PosError{File: path, Msg: "empty file"}
	}
	if err := checkTree(path, &doc); err != nil {
		return nil, err
	}
	root := doc.Content[0]
	nf.mark(root, path)
	if root.Kind != yaml.MappingNode {
		return nil, nf.errAt(root, "expected a mapping at the top of the file")
	}
	return root, nil
}

// At returns the value node under a chain of mapping keys or list indices ("setup", "hands"), or the
// deepest node found on the way, for pointing an error at it.
func At(n *yaml.Node, path ...any) *yaml.Node {
	cur := n
	for _, p := range path {
		var next *yaml.Node
		switch k := p.(type) {
		case string:
			next = mapValue(cur, k)
		case int:
			if cur.Kind == yaml.SequenceNode && k >= 0 && k < len(cur.Content) {
				next = cur.Content[k]
			}
		}
		if next == nil {
			return cur
		}
		cur = next
	}
	return cur
}

// KeyAt returns the key node of a mapping entry (for "unknown key" errors), or the mapping itself.
func KeyAt(m *yaml.Node, key string) *yaml.Node {
	if m != nil && m.Kind == yaml.MappingNode {
		for i := 0; i+1 < len(m.Content); i += 2 {
			if m.Content[i].Value == key {
				return m.Content[i]
			}
		}
	}
	return m
}

// ErrAt builds a file:line:col error at a node.
func ErrAt(file string, n *yaml.Node, format string, args ...any) error {
	e := &PosError{File: file, Msg: fmt.Sprintf(format, args...)}
	if n != nil {
		e.Line, e.Col = n.Line, n.Column
	}
	return e
}
