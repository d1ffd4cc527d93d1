package core

import (
	"fmt"
	"sort"
	"strings"

	"github.com/ruleslab/ruleslab/core/config"
)

// CardIdx indexes a component in its game's Catalog. Copies of one card have distinct indices and the
// same ID.
type CardIdx int16

// Card is one physical component.
type Card struct {
	ID    string
	Kind  string
	Attrs map[string]any // numbers as float64, everything else as string
}

// Catalog is every component of a game in a fixed order, plus derived lookups the hot path needs.
type Catalog struct {
	Cards    []Card
	byID     map[string][]CardIdx
	playMove []string // "play <id>", cached so the trick mechanic allocates no strings
	// identity keys each card by its id and which copy of that id it is (not by its index), so a
	// shuffle orders the same components alike in two variants (random.go)
	identity []uint64
}

// NewCatalog expands the component templates of a config.
func NewCatalog(defs []config.Component) (*Catalog, error) {
	// Count first: a config that did not come through config.Load must not make us allocate millions.
	total, cells := 0, 0
	for _, d := range defs {
		combos := 1
		for _, l := range d.Each {
			if combos > config.MaxComponents {
				break // before multiplying, so combos cannot overflow
			}
			combos *= len(l)
		}
		n := combos
		if combos <= config.MaxComponents {
			n *= min(max(d.Count, 1), config.MaxComponents+1)
		}
		if n > config.MaxComponents || total+n > config.MaxComponents {
			return nil, fmt.Errorf("too many components (more than %d)", config.MaxComponents)
		}
		total += n
		// Each combination has its own attribute map.
		if cells += combos * (len(d.Attrs) + len(d.Each) + 1); cells > config.MaxAttrCells {
			return nil, fmt.Errorf("too many attribute values (more than %d)", config.MaxAttrCells)
		}
	}
	c := &Catalog{byID: map[string][]CardIdx{}}
	for _, d := range defs {
		count := d.Count
		if count == 0 {
			count = 1
		}
		for _, combo := range expand(d.Each) {
			attrs := map[string]any{}
			for k, v := range d.Attrs {
				attrs[k] = normalizeAttr(v)
			}
			pairs := make([]string, 0, 2*len(combo))
			for k, v := range combo {
				pairs = append(pairs, "{"+k+"}", fmt.Sprint(v))
				attrs[k] = normalizeAttr(v)
			}
			// One pass: a value is never itself filled in (so ids cannot grow key after key).
			id := strings.NewReplacer(pairs...).Replace(d.ID)
			if strings.Contains(id, "{") {
				return nil, fmt.Errorf("component id template %q names a key not in `each`", d.ID)
			}
			if len(id) > config.MaxIDBytes {
				return nil, fmt.Errorf("component id %.20q... is %d bytes long; at most %d", id, len(id), config.MaxIDBytes)
			}
			for i := 0; i < count; i++ {
				idx := CardIdx(len(c.Cards))
				c.identity = append(c.identity, hashString(mix(uint64(len(c.byID[id]))+1), id))
				c.Cards = append(c.Cards, Card{ID: id, Kind: d.Kind, Attrs: attrs})
				c.byID[id] = append(c.byID[id], idx)
				c.playMove = append(c.playMove, "play "+id)
			}
		}
	}
	return c, nil
}

func normalizeAttr(v any) any {
	switch x := v.(type) {
	case int:
		return float64(x)
	case int64:
		return float64(x)
	case float64:
		return x
	case bool:
		return x
	default:
		return fmt.Sprint(x)
	}
}

// expand returns the cartesian product of the `each` lists in sorted key order, first key slowest.
func expand(each map[string][]any) []map[string]any {
	keys := make([]string, 0, len(each))
	for k := range each {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	out := []map[string]any{{}}
	for _, k := range keys {
		var next []map[string]any
		for _, base := range out {
			for _, v := range each[k] {
				m := make(map[string]any, len(base)+1)
				for bk, bv := range base {
					m[bk] = bv
				}
				m[k] = v
				next = append(next, m)
			}
		}
		out = next
	}
	return out
}

// Lookup returns the indices of every copy of a card id.
func (c *Catalog) Lookup(id string) []CardIdx { return c.byID[id] }

// Has reports whether id names a component.
func (c *Catalog) Has(id string) bool { return len(c.byID[id]) > 0 }

// ID returns a card's id.
func (c *Catalog) ID(i CardIdx) string { return c.Cards[i].ID }

// PlayMove returns the cached "play <id>" move of a card.
func (c *Catalog) PlayMove(i CardIdx) string { return c.playMove[i] }
