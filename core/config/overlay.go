package config

import (
	"fmt"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/ruleslab/ruleslab/core/suggest"
)

// Set is one value put at a dotted path of a resolved configuration, as sweep's `--set key=value`
// does: `params.hand_size=4`, `params.trick_points.2=5` (a list index counts from 0),
// `params.board.size=8`. The value is YAML (`8`, `up`, `[1, 2, 3]`). The path must already exist in
// the configuration: a typo is an error, not a new key.
type Set struct {
	Key   string
	Value string
}

func (s Set) String() string { return s.Key + "=" + s.Value }

// applySets puts each value in a copy of the merged tree (the nodes on the way are copied, so the
// tree the files gave is unchanged).
func applySets(root *yaml.Node, sets []Set, nf nodeFiles) (*yaml.Node, error) {
	for _, s := range sets {
		var doc yaml.Node
		if err := yaml.Unmarshal([]byte(s.Value), &doc); err != nil || len(doc.Content) == 0 {
			return nil, &PosError{File: "--set " + s.Key, Msg: fmt.Sprintf("value %q is not YAML", s.Value)}
		}
		val := doc.Content[0]
		unposition(val) // errors about the value name the flag, not a line of it
		nf.mark(val, "--set "+s.String())
		parts := strings.Split(s.Key, ".")
		var err error
		if root, err = setAt(root, parts, s.Key, val, nf); err != nil {
			return nil, err
		}
	}
	return root, nil
}

// unposition clears the line and column of n and its children.
func unposition(n *yaml.Node) {
	n.Line, n.Column = 0, 0
	for _, c := range n.Content {
		unposition(c)
	}
}

func setAt(n *yaml.Node, parts []string, key string, val *yaml.Node, nf nodeFiles) (*yaml.Node, error) {
	if len(parts) == 0 {
		return val, nil
	}
	p := parts[0]
	done := strings.TrimSuffix(key, strings.Join(parts, "."))
	out := *n
	nf[&out] = nf[n]
	out.Content = append([]*yaml.Node(nil), n.Content...)
	switch n.Kind {
	case yaml.MappingNode:
		for i := 0; i+1 < len(out.Content); i += 2 {
			if out.Content[i].Value == p {
				v, err := setAt(out.Content[i+1], parts[1:], key, val, nf)
				if err != nil {
					return nil, err
				}
				out.Content[i+1] = v
				return &out, nil
			}
		}
		var keys []string
		for i := 0; i+1 < len(n.Content); i += 2 {
			keys = append(keys, n.Content[i].Value)
		}
		hint := suggest.DidYouMean(p, keys)
		if len(keys) > 20 {
			keys = append(keys[:20], "...")
		}
		return nil, &PosError{File: "--set " + key, Msg: fmt.Sprintf("no key %s%s in the configuration%s (there: %s)", done, p, hint, strings.Join(keys, ", "))}
	case yaml.SequenceNode:
		i, err := strconv.Atoi(p)
		if err != nil || i < 0 || i >= len(n.Content) {
			return nil, &PosError{File: "--set " + key, Msg: fmt.Sprintf("%s%s: the list has %d items (indices 0..%d)", done, p, len(n.Content), len(n.Content)-1)}
		}
		v, err := setAt(out.Content[i], parts[1:], key, val, nf)
		if err != nil {
			return nil, err
		}
		out.Content[i] = v
		return &out, nil
	}
	return nil, &PosError{File: "--set " + key, Msg: fmt.Sprintf("%s is a single value; %s goes no deeper", strings.TrimSuffix(done, "."), p)}
}
