package config

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/ruleslab/ruleslab/core/suggest"
)

// decodeStrict fills out from n, rejecting unknown keys and wrong types with the node's position.
func (nf nodeFiles) decodeStrict(n *yaml.Node, out reflect.Value) error {
	if n = valueNode(n); n == nil {
		return nil
	}
	if s, ok := scalars[out.Kind()]; ok {
		return nf.decodeScalar(n, out, s)
	}
	switch out.Kind() {
	case reflect.Pointer:
		if out.IsNil() {
			out.Set(reflect.New(out.Type().Elem()))
		}
		return nf.decodeStrict(n, out.Elem())
	case reflect.Struct:
		return nf.decodeStruct(n, out)
	case reflect.Map:
		return nf.decodeMap(n, out)
	case reflect.Slice:
		return nf.decodeSlice(n, out)
	case reflect.Interface:
		return nf.decodeInterface(n, out)
	}
	return nf.errAt(n, "cannot decode into %s", out.Type())
}

// valueNode is the node that n stands for, through documents and aliases; nil for an empty document
// or a null, which leave the value as it was.
func valueNode(n *yaml.Node) *yaml.Node {
	for {
		switch {
		case n.Kind == yaml.DocumentNode && len(n.Content) == 0:
			return nil
		case n.Kind == yaml.DocumentNode:
			n = n.Content[0]
		case n.Kind == yaml.AliasNode:
			n = n.Alias
		case n.Tag == "!!null":
			return nil
		default:
			return n
		}
	}
}

// decodeStruct fills a struct from a mapping by the fields' yaml tags; a key no field has is an error.
func (nf nodeFiles) decodeStruct(n *yaml.Node, out reflect.Value) error {
	if n.Kind != yaml.MappingNode {
		return nf.errAt(n, "expected a mapping, found %s", describe(n))
	}
	fields, names := structFields(out.Type())
	var errs []error // every unknown key and wrong value of the mapping, not only the first
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		fi, ok := fields[k.Value]
		if !ok {
			errs = append(errs, nf.errAt(k, "unknown key %q%s (known: %s)", k.Value, suggest.DidYouMean(k.Value, names), strings.Join(names, ", ")))
			continue
		}
		errs = append(errs, nf.decodeStrict(v, out.Field(fi)))
	}
	return errors.Join(errs...)
}

// structFields maps the yaml names of a struct type's fields to their indices, and lists the names
// in field order (for the "known:" of an unknown key).
func structFields(t reflect.Type) (map[string]int, []string) {
	fields := map[string]int{}
	var names []string
	for i := 0; i < t.NumField(); i++ {
		tag := strings.Split(t.Field(i).Tag.Get("yaml"), ",")[0]
		if tag == "" || tag == "-" {
			continue
		}
		fields[tag] = i
		names = append(names, tag)
	}
	return fields, names
}

// decodeMap fills a map from a mapping, adding to what the map already holds.
func (nf nodeFiles) decodeMap(n *yaml.Node, out reflect.Value) error {
	if n.Kind != yaml.MappingNode {
		return nf.errAt(n, "expected a mapping, found %s", describe(n))
	}
	if out.IsNil() {
		out.Set(reflect.MakeMap(out.Type()))
	}
	var errs []error // every entry's problems, not only the first's
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		ev := reflect.New(out.Type().Elem()).Elem()
		if err := nf.decodeStrict(v, ev); err != nil {
			errs = append(errs, err)
			continue
		}
		out.SetMapIndex(reflect.ValueOf(k.Value).Convert(out.Type().Key()), ev)
	}
	return errors.Join(errs...)
}

// decodeSlice replaces a slice with a list's items.
func (nf nodeFiles) decodeSlice(n *yaml.Node, out reflect.Value) error {
	if n.Kind != yaml.SequenceNode {
		return nf.errAt(n, "expected a list, found %s", describe(n))
	}
	s := reflect.MakeSlice(out.Type(), len(n.Content), len(n.Content))
	for i, c := range n.Content {
		if err := nf.decodeStrict(c, s.Index(i)); err != nil {
			return err
		}
	}
	out.Set(s)
	return nil
}

// decodeInterface fills an `any` with the node's plain value (see plain).
func (nf nodeFiles) decodeInterface(n *yaml.Node, out reflect.Value) error {
	v, err := nf.plain(n)
	if err != nil {
		return err
	}
	if v != nil {
		out.Set(reflect.ValueOf(v))
	}
	return nil
}

// scalar is how a Go kind is read from a scalar node: what errors call it, the YAML tags it accepts
// (nil: any) and how it is set from the node's text (false: the text is not such a value).
type scalar struct {
	what string
	tags []string
	set  func(out reflect.Value, text string) bool
}

var (
	intScalar = scalar{"an integer", []string{"!!int"}, func(out reflect.Value, text string) bool {
		i, err := strconv.ParseInt(text, 0, 64)
		if err != nil {
			return false
		}
		out.SetInt(i)
		return true
	}}
	uintScalar = scalar{"a non-negative integer", []string{"!!int"}, func(out reflect.Value, text string) bool {
		u, err := strconv.ParseUint(text, 0, 64)
		if err != nil || out.OverflowUint(u) {
			return false
		}
		out.SetUint(u)
		return true
	}}
	// scalars are the kinds decoded from a scalar node.
	scalars = map[reflect.Kind]scalar{
		reflect.String: {"a string", nil, func(out reflect.Value, text string) bool {
			out.SetString(text)
			return true
		}},
		reflect.Int: intScalar, reflect.Int64: intScalar, reflect.Int32: intScalar,
		reflect.Uint: uintScalar, reflect.Uint64: uintScalar, reflect.Uint32: uintScalar,
		reflect.Float64: {"a number", []string{"!!int", "!!float"}, func(out reflect.Value, text string) bool {
			f, err := strconv.ParseFloat(text, 64)
			if err != nil {
				return false
			}
			out.SetFloat(f)
			return true
		}},
		reflect.Bool: {"true or false", []string{"!!bool"}, func(out reflect.Value, text string) bool {
			out.SetBool(text == "true" || text == "True" || text == "TRUE")
			return true
		}},
	}
)

// decodeScalar sets out from a scalar node of one of s's tags.
func (nf nodeFiles) decodeScalar(n *yaml.Node, out reflect.Value, s scalar) error {
	if n.Kind != yaml.ScalarNode || (s.tags != nil && !slices.Contains(s.tags, n.Tag)) {
		return nf.errAt(n, "expected %s, found %s", s.what, describe(n))
	}
	if !s.set(out, n.Value) {
		return nf.errAt(n, "expected %s, found %q", s.what, n.Value)
	}
	return nil
}

// plain converts a node to plain Go values: map[string]any, []any, int, float64, bool, string.
func (nf nodeFiles) plain(n *yaml.Node) (any, error) {
	switch n.Kind {
	case yaml.DocumentNode:
		if len(n.Content) == 0 {
			return nil, nil
		}
		return nf.plain(n.Content[0])
	case yaml.AliasNode:
		return nf.plain(n.Alias)
	case yaml.MappingNode:
		m := map[string]any{}
		for i := 0; i+1 < len(n.Content); i += 2 {
			v, err := nf.plain(n.Content[i+1])
			if err != nil {
				return nil, err
			}
			m[n.Content[i].Value] = v
		}
		return m, nil
	case yaml.SequenceNode:
		l := make([]any, 0, len(n.Content))
		for _, c := range n.Content {
			v, err := nf.plain(c)
			if err != nil {
				return nil, err
			}
			l = append(l, v)
		}
		return l, nil
	}
	switch n.Tag {
	case "!!null":
		return nil, nil
	case "!!int":
		i, err := strconv.ParseInt(n.Value, 0, 64)
		if err != nil {
			return nil, nf.errAt(n, "bad integer %q", n.Value)
		}
		return int(i), nil
	case "!!float":
		f, err := strconv.ParseFloat(n.Value, 64)
		if err != nil {
			return nil, nf.errAt(n, "bad number %q", n.Value)
		}
		return f, nil
	case "!!bool":
		return n.Value == "true" || n.Value == "True" || n.Value == "TRUE", nil
	}
	return n.Value, nil
}

func describe(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	}
	return fmt.Sprintf("%q", n.Value)
}
