package config

import (
	"fmt"
	"strings"

	"go.yaml.in/yaml/v3"
)

// checkComponents counts the catalogue before anything builds it: each component's copies are its
// count times the combinations of its `each` lists, and the total may not pass MaxComponents.
func checkComponents(defs []Component, list *yaml.Node, nf nodeFiles) error {
	const huge = 1 << 62 // copies are counted up to this, so the product cannot overflow
	total, cells := 0, 0
	for i, d := range defs {
		cn := At(list, i)
		if d.Count < 0 {
			return nf.errAt(At(cn, "count"), "components[%d] %q: `count` must be at least 1", i, d.ID)
		}
		n, what := min(max(d.Count, 1), huge), "count"
		for _, k := range sortedKeys(d.Each) {
			l := len(d.Each[k])
			if l == 0 {
				return nf.errAt(At(cn, "each", k), "components[%d] %q: `each.%s` is empty, so it makes no component", i, d.ID, k)
			}
			what = "count × `each` combinations"
			if n > huge/l {
				n = huge
			} else {
				n *= l
			}
		}
		switch {
		case n > MaxComponents:
			return nf.errAt(cn, "components[%d] %q: %s copies (%s); a game has at most %d components",
				i, d.ID, bigCount(n, huge), what, MaxComponents)
		case total+n > MaxComponents:
			return nf.errAt(cn, "components[%d] %q: its %d copies bring the catalogue to %d components; a game has at most %d",
				i, d.ID, n, total+n, MaxComponents)
		}
		total += n
		if err := checkComponentSize(d, i, n/max(d.Count, 1), cn, nf, &cells); err != nil {
			return err
		}
	}
	return nil
}

// checkComponentSize bounds what building one component costs beyond its count: its attribute and
// `each` values are plain and short, its filled-in id is short, and the catalogue's attribute cells
// (combinations × attributes, each combination has its own map) stay below MaxAttrCells.
func checkComponentSize(d Component, i, combos int, cn *yaml.Node, nf nodeFiles, cells *int) error {
	// The node is looked up only for an error: At scans a mapping, once per attribute would be quadratic.
	value := func(v any, path []any) (int, error) {
		what := fmt.Sprintf("%s.%s", path[0], path[1])
		if len(path) > 2 {
			what += fmt.Sprintf("[%d]", path[2])
		}
		switch v.(type) {
		case map[string]any, []any:
			n := At(cn, path...)
			return 0, nf.errAt(n, "components[%d] %q: %s must be a number, string or boolean, not %s", i, d.ID, what, describe(n))
		}
		l := len(fmt.Sprint(v))
		if l > MaxValueBytes {
			return 0, nf.errAt(At(cn, path...), "components[%d] %q: %s is %d bytes long; at most %d", i, d.ID, what, l, MaxValueBytes)
		}
		return l, nil
	}
	for _, k := range sortedKeys(d.Attrs) {
		if _, err := value(d.Attrs[k], []any{"attrs", k}); err != nil {
			return err
		}
	}
	idn := At(cn, "id")
	if len(d.ID) > MaxIDBytes {
		return nf.errAt(idn, "components[%d]: the id is %d bytes long; at most %d", i, len(d.ID), MaxIDBytes)
	}
	longest := len(d.ID) // an upper bound of the filled-in id's length
	for _, k := range sortedKeys(d.Each) {
		maxLen := 0
		for j, v := range d.Each[k] {
			l, err := value(v, []any{"each", k, j})
			if err != nil {
				return err
			}
			maxLen = max(maxLen, l)
		}
		if grow := maxLen - len(k) - 2; grow > 0 {
			longest += strings.Count(d.ID, "{"+k+"}") * grow
		}
	}
	if longest > MaxIDBytes {
		return nf.errAt(idn, "components[%d] %q: a filled-in id can be %d bytes long; at most %d", i, d.ID, longest, MaxIDBytes)
	}
	if *cells += combos * (len(d.Attrs) + len(d.Each) + 1); *cells > MaxAttrCells {
		return nf.errAt(cn, "components[%d] %q: the catalogue reaches %d attribute values (cards × attributes); a game has at most %d",
			i, d.ID, *cells, MaxAttrCells)
	}
	return nil
}

func bigCount(n, huge int) string {
	if n >= huge {
		return "more than 4e18"
	}
	return fmt.Sprint(n)
}
