package config

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// decodeStrict fills out from n, rejecting unknown keys and wrong types with the node's position.
func (nf nodeFiles) decodeStrict(n *yaml.Node, out reflect.Value) error {
	if n.Kind == yaml.DocumentNode {
		if len(n.Content) == 0 {
			return nil
		}
		return nf.decodeStrict(n.Content[0], out)
	}
	if n.Kind == yaml.AliasNode {
		return nf.decodeStrict(n.Alias, out)
	}
	if n.Tag == "!!null" {
		return nil
	}
	switch out.Kind() {
	case reflect.Pointer:
		if out.IsNil() {
			out.Set(reflect.New(out.Type().Elem()))
		}
		return nf.decodeStrict(n, out.Elem())
	case reflect.Struct:
		if n.Kind != yaml.MappingNode {
			return nf.errAt(n, "expected a mapping, found %s", describe(n))
		}
		fields := map[string]int{}
		var names []string
		t := out.Type()
		for i := 0; i < t.NumField(); i++ {
			tag := strings.Split(t.Field(i).Tag.Get("yaml"), ",")[0]
			if tag == "" || tag == "-" {
				continue
			}
			fields[tag] = i
			names = append(names, tag)
		}
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			fi, ok := fields[k.Value]
			if !ok {
				return nf.errAt(k, "unknown key %q (known: %s)", k.Value, strings.Join(names, ", "))
			}
			if err := nf.decodeStrict(v, out.Field(fi)); err != nil {
				return err
			}
		}
		return nil
	case reflect.Map:
		if n.Kind != yaml.MappingNode {
			return nf.errAt(n, "expected a mapping, found %s", describe(n))
		}
		if out.IsNil() {
			out.Set(reflect.MakeMap(out.Type()))
		}
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			ev := reflect.New(out.Type().Elem()).Elem()
			if err := nf.decodeStrict(v, ev); err != nil {
				return err
			}
			out.SetMapIndex(reflect.ValueOf(k.Value).Convert(out.Type().Key()), ev)
		}
		return nil
	case reflect.Slice:
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
	case reflect.Interface:
		v, err := nf.plain(n)
		if err != nil {
			return err
		}
		if v != nil {
			out.Set(reflect.ValueOf(v))
		}
		return nil
	case reflect.String:
		if n.Kind != yaml.ScalarNode {
			return nf.errAt(n, "expected a string, found %s", describe(n))
		}
		out.SetString(n.Value)
		return nil
	case reflect.Int, reflect.Int64, reflect.Int32:
		if n.Kind != yaml.ScalarNode || n.Tag != "!!int" {
			return nf.errAt(n, "expected an integer, found %s", describe(n))
		}
		i, err := strconv.ParseInt(n.Value, 0, 64)
		if err != nil {
			return nf.errAt(n, "expected an integer, found %q", n.Value)
		}
		out.SetInt(i)
		return nil
	case reflect.Uint, reflect.Uint64, reflect.Uint32:
		if n.Kind != yaml.ScalarNode || n.Tag != "!!int" {
			return nf.errAt(n, "expected a non-negative integer, found %s", describe(n))
		}
		u, err := strconv.ParseUint(n.Value, 0, 64)
		if err != nil || out.OverflowUint(u) {
			return nf.errAt(n, "expected a non-negative integer, found %q", n.Value)
		}
		out.SetUint(u)
		return nil
	case reflect.Float64:
		if n.Kind != yaml.ScalarNode || (n.Tag != "!!int" && n.Tag != "!!float") {
			return nf.errAt(n, "expected a number, found %s", describe(n))
		}
		f, err := strconv.ParseFloat(n.Value, 64)
		if err != nil {
			return nf.errAt(n, "expected a number, found %q", n.Value)
		}
		out.SetFloat(f)
		return nil
	case reflect.Bool:
		if n.Kind != yaml.ScalarNode || n.Tag != "!!bool" {
			return nf.errAt(n, "expected true or false, found %s", describe(n))
		}
		out.SetBool(n.Value == "true" || n.Value == "True" || n.Value == "TRUE")
		return nil
	}
	return nf.errAt(n, "cannot decode into %s", out.Type())
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
