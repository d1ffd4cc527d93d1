package config

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/ruleslab/ruleslab/core/suggest"
)

// A base game may declare each parameter beside its default, so that every value a variant file,
// `--set` or a sweep gives is checked against the values the rules were written for:
//
//	params:
//	  mimic_lead: {default: effective, choices: [effective, original], rule: MT-D1, about: ...}
//	  scoring:                                   # a group: a mapping of declarations
//	    smallest: {default: present, choices: [present, all], rule: MT-D4, about: ...}
//
// The loader reads the declarations and puts each default in its place, so overlays, `--set` and the
// Lua see the same plain values as in a game that declares nothing (whose params are not checked).

// declKeys are the keys of one parameter's declaration.
var declKeys = []string{"default", "choices", "range", "type", "list", "length", "by_players", "rule", "about"}

// domainKeys are the keys that give a domain; a declaration (or a list's or map's items) has at most one.
var domainKeys = []string{"choices", "range", "type", "list", "by_players"}

// elemKeys are the keys of the domain of a list's items or of a by_players map's values.
var elemKeys = []string{"choices", "range", "type", "list", "length", "by_players"}

// paramGroup is a declared group of parameters (the whole `params:` is one), in declaration order.
type paramGroup struct {
	names   []string
	members map[string]*paramDecl
}

// paramDecl is one declared entry of a group: a nested group, or a parameter with its domain.
type paramDecl struct {
	group       *paramGroup
	dom         domain
	rule, about string
}

// isDeclared reports whether a `params:` node declares its parameters: some mapping in it has `default:`.
func isDeclared(n *yaml.Node) bool {
	if n == nil || n.Kind != yaml.MappingNode {
		return false
	}
	if mapValue(n, "default") != nil {
		return true
	}
	for i := 1; i < len(n.Content); i += 2 {
		if isDeclared(n.Content[i]) {
			return true
		}
	}
	return false
}

// declareParams reads the declarations of a base game's `params:` and puts their defaults in their place;
// nil when the game declares nothing. Every problem of the declarations is reported (errors.Join).
func declareParams(root *yaml.Node, nf nodeFiles) (*paramGroup, error) {
	pn := mapValue(root, "params")
	if !isDeclared(pn) {
		return nil, nil
	}
	d := declReader{nf: nf}
	gr, values := d.group(pn, "")
	if len(d.errs) > 0 {
		return nil, errors.Join(d.errs...)
	}
	setMapValue(root, "params", values)
	return gr, nil
}

// declReader reads declarations, collecting every problem.
type declReader struct {
	nf   nodeFiles
	errs []error
}

func (d *declReader) bad(n *yaml.Node, path, format string, args ...any) {
	d.errs = append(d.errs, d.nf.errAt(n, "%s: %s", paramPath(path), fmt.Sprintf(format, args...)))
}

// paramPath is how messages name a parameter: params.scoring.smallest ("params" for the whole).
func paramPath(path string) string {
	if path == "" {
		return "params"
	}
	return "params." + path
}

func joinPath(prefix, name string) string {
	if prefix == "" {
		return name
	}
	return prefix + "." + name
}

// group reads a mapping of declarations and returns it with the mapping of their defaults.
func (d *declReader) group(n *yaml.Node, prefix string) (*paramGroup, *yaml.Node) {
	gr := &paramGroup{members: map[string]*paramDecl{}}
	values := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", Line: n.Line, Column: n.Column}
	d.nf[values] = d.nf[n]
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		path := joinPath(prefix, k.Value)
		if strings.Contains(k.Value, ".") {
			d.bad(k, path, "a parameter's name has no dot (dots separate the names of a path)")
			continue
		}
		decl, val := d.entry(v, path)
		if decl == nil {
			continue
		}
		gr.names = append(gr.names, k.Value)
		gr.members[k.Value] = decl
		values.Content = append(values.Content, k, val)
	}
	return gr, values
}

// entry reads one entry of a group: a declaration (a mapping with `default:`) or a nested group (a
// mapping of declarations); anything else is an undeclared parameter.
func (d *declReader) entry(v *yaml.Node, path string) (*paramDecl, *yaml.Node) {
	switch {
	case v.Kind == yaml.MappingNode && mapValue(v, "default") != nil:
		return d.leaf(v, path)
	case v.Kind == yaml.MappingNode && len(v.Content) > 0 && allMappings(v):
		gr, values := d.group(v, path)
		return &paramDecl{group: gr}, values
	case v.Kind == yaml.MappingNode:
		d.bad(v, path, "neither a declaration (it has no `default:`) nor a group of declarations")
	default:
		name, value := path[strings.LastIndex(path, ".")+1:], v.Value
		if v.Kind != yaml.ScalarNode {
			value = "VALUE"
		}
		d.bad(v, path, "undeclared parameter: a game that declares its parameters declares each one, "+
			"e.g. `%s: {default: %s, choices: [...] or range: [lo, hi], rule: ID, about: TEXT}`", name, value)
	}
	return nil, nil
}

// allMappings reports whether every value of a mapping is a mapping.
func allMappings(m *yaml.Node) bool {
	for i := 1; i < len(m.Content); i += 2 {
		if m.Content[i].Kind != yaml.MappingNode {
			return false
		}
	}
	return true
}

// leaf reads a parameter's declaration and returns it with its default's node.
func (d *declReader) leaf(v *yaml.Node, path string) (*paramDecl, *yaml.Node) {
	if !d.knownKeys(v, path, declKeys, "a declaration") {
		return nil, nil
	}
	decl := &paramDecl{rule: d.text(v, "rule", path), about: d.text(v, "about", path)}
	def := mapValue(v, "default")
	decl.dom = d.domain(v, path, def)
	if decl.dom == nil {
		return nil, nil
	}
	return decl, def
}

// knownKeys reports an unknown key of a declaration (or a domain: what) with the closest known one.
func (d *declReader) knownKeys(m *yaml.Node, path string, known []string, what string) bool {
	ok := true
	for i := 0; i+1 < len(m.Content); i += 2 {
		if k := m.Content[i]; !slices.Contains(known, k.Value) {
			d.bad(k, path, "unknown key %q in %s%s (known: %s)", k.Value, what, suggest.DidYouMean(k.Value, known), strings.Join(known, ", "))
			ok = false
		}
	}
	return ok
}

// text returns a declaration's text under key (`rule`, `about`), "" if absent.
func (d *declReader) text(m *yaml.Node, key, path string) string {
	n := mapValue(m, key)
	if n == nil {
		return ""
	}
	if n.Kind != yaml.ScalarNode {
		d.bad(n, path, "`%s` is a line of text, not %s", key, describe(n))
		return ""
	}
	return n.Value
}
