package config

import (
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// domain reads the domain of a declaration or of a list's items (m: the mapping holding its key; def:
// the default, nil for items). Without a domain key, a true/false default is a boolean.
func (d *declReader) domain(m *yaml.Node, path string, def *yaml.Node) domain {
	var found []string
	for _, k := range domainKeys {
		if mapValue(m, k) != nil {
			found = append(found, k)
		}
	}
	if ln := mapValue(m, "length"); ln != nil && (len(found) != 1 || found[0] != "list") {
		d.bad(KeyAt(m, "length"), path, "`length` goes with `list:` (the number of items of a list)")
		return nil
	}
	switch {
	case len(found) > 1:
		d.bad(m, path, "one domain only: %s", strings.Join(found, " or "))
		return nil
	case len(found) == 0 && def != nil && def.Kind == yaml.ScalarNode && def.Tag == "!!bool":
		return boolDomain()
	case len(found) == 0:
		d.bad(m, path, "no domain: give `choices: [...]`, `range: [lo, hi]`, `list: {...}`, `by_players: {...}` or `type: text`")
		return nil
	}
	n := mapValue(m, found[0])
	switch found[0] {
	case "choices":
		return d.choices(n, path)
	case "range":
		return d.rangeOf(n, path)
	case "type":
		return d.typed(n, path)
	case "list":
		return d.list(m, n, path)
	}
	return d.byPlayers(n, path, def)
}

// items reads the domain of a list's items or of a by_players map's values: a mapping of domain keys.
func (d *declReader) items(n *yaml.Node, path, key string) domain {
	if n.Kind != yaml.MappingNode {
		d.bad(n, path, "`%s` gives its items' domain as a mapping, e.g. `%s: {range: [1, 10]}`", key, key)
		return nil
	}
	if !d.knownKeys(n, path, elemKeys, "the domain of `"+key+"`") {
		return nil
	}
	return d.domain(n, path, nil)
}

func (d *declReader) choices(n *yaml.Node, path string) domain {
	if n.Kind != yaml.SequenceNode || len(n.Content) == 0 {
		d.bad(n, path, "`choices` is a list of the allowed values")
		return nil
	}
	c := &choicesDomain{}
	for _, item := range n.Content {
		v, err := d.nf.plain(item)
		if err != nil || item.Kind != yaml.ScalarNode {
			d.bad(item, path, "a choice is a single value, not %s", describe(item))
			return nil
		}
		c.values = append(c.values, v)
		c.shown = append(c.shown, item.Value)
	}
	return c
}

// rangeOf reads `range: [lo, hi]`: an integer range when both bounds are integers, else a number range.
func (d *declReader) rangeOf(n *yaml.Node, path string) domain {
	if n.Kind != yaml.SequenceNode || len(n.Content) != 2 {
		d.bad(n, path, "`range` is [lo, hi], e.g. [1, 20] (integers) or [0.0, 1.0] (numbers)")
		return nil
	}
	r := &rangeDomain{integer: true, bounded: true}
	bounds := [2]*float64{&r.lo, &r.hi}
	for i, b := range n.Content {
		f, err := strconv.ParseFloat(b.Value, 64)
		if b.Kind != yaml.ScalarNode || (b.Tag != "!!int" && b.Tag != "!!float") || err != nil {
			d.bad(b, path, "a bound of `range` is a number, not %s", describe(b))
			return nil
		}
		*bounds[i] = f
		r.integer = r.integer && b.Tag == "!!int"
	}
	if r.lo > r.hi {
		d.bad(n, path, "`range` is [lo, hi] with lo <= hi")
		return nil
	}
	return r
}

// typeNames are the words of `type:`: a domain without bounds or choices.
var typeNames = []string{"text", "boolean", "integer", "number"}

func (d *declReader) typed(n *yaml.Node, path string) domain {
	switch n.Value {
	case "text":
		return textDomain{}
	case "boolean":
		return boolDomain()
	case "integer", "number":
		return &rangeDomain{integer: n.Value == "integer"}
	}
	d.bad(n, path, "`type` is one of %s, not %s", strings.Join(typeNames, ", "), describe(n))
	return nil
}

// list reads `list: {items' domain}` and the declaration's optional `length: N` or `length: [min, max]`.
func (d *declReader) list(m, n *yaml.Node, path string) domain {
	elem := d.items(n, path, "list")
	if elem == nil {
		return nil
	}
	l := &listDomain{elem: elem, maxLen: -1}
	if ln := mapValue(m, "length"); ln != nil {
		var ok bool
		if l.minLen, l.maxLen, ok = d.length(ln, path); !ok {
			return nil
		}
	}
	return l
}

// length reads a list's `length: N` or `length: [min, max]`.
func (d *declReader) length(ln *yaml.Node, path string) (int, int, bool) {
	bounds := []*yaml.Node{ln, ln}
	if ln.Kind == yaml.SequenceNode && len(ln.Content) == 2 {
		bounds = ln.Content
	}
	var lh [2]int
	for i, b := range bounds {
		n, err := strconv.Atoi(b.Value)
		if b.Kind != yaml.ScalarNode || b.Tag != "!!int" || err != nil || n < 0 {
			d.bad(ln, path, "`length` is a number of items, N or [min, max]")
			return 0, 0, false
		}
		lh[i] = n
	}
	if lh[0] > lh[1] {
		d.bad(ln, path, "`length` is [min, max] with min <= max")
		return 0, 0, false
	}
	return lh[0], lh[1], true
}

// byPlayers reads `by_players: {values' domain}`; the default's keys name the player counts shown.
func (d *declReader) byPlayers(n *yaml.Node, path string, def *yaml.Node) domain {
	elem := d.items(n, path, "by_players")
	if elem == nil {
		return nil
	}
	b := &byPlayersDomain{elem: elem}
	if def != nil && def.Kind == yaml.MappingNode {
		for i := 0; i+1 < len(def.Content); i += 2 {
			b.counts = append(b.counts, def.Content[i].Value)
		}
	}
	return b
}
