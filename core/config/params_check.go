package config

import (
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/ruleslab/ruleslab/core/suggest"
)

// domain is the set of values a declared parameter (or a list's item) may take.
type domain interface {
	// String is the domain for people: "effective | original", "integer 1..20".
	String() string
	// check reports each problem of the value n of the parameter at path.
	check(n *yaml.Node, path string, vc *valueCheck)
}

// valueCheck collects the problems of a game's parameter values, each at its node's file:line:col.
type valueCheck struct {
	nf      nodeFiles
	players Players
	errs    []error
}

func (vc *valueCheck) bad(n *yaml.Node, path, format string, args ...any) {
	vc.errs = append(vc.errs, vc.nf.errAt(n, "%s: %s", paramPath(path), fmt.Sprintf(format, args...)))
}

// checkValue checks n (through an alias) against d.
func checkValue(d domain, n *yaml.Node, path string, vc *valueCheck) {
	for n.Kind == yaml.AliasNode && n.Alias != nil {
		n = n.Alias
	}
	d.check(n, path, vc)
}

// shownValue is a value as a message quotes it: a string in quotes, a number or boolean as written.
func shownValue(n *yaml.Node) string {
	if n.Kind == yaml.ScalarNode && n.Tag != "!!str" {
		return n.Value
	}
	return describe(n)
}

// String lists a group's members, for messages.
func (gr *paramGroup) String() string { return "a group of " + strings.Join(gr.names, ", ") }

// check checks a group's values: every member is there with a value in its domain, and no other key is.
func (gr *paramGroup) check(n *yaml.Node, path string, vc *valueCheck) {
	if n.Kind != yaml.MappingNode {
		vc.bad(n, path, "%s is not a group of parameters (%s)", shownValue(n), strings.Join(gr.names, ", "))
		return
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if k := n.Content[i]; gr.members[k.Value] == nil {
			vc.bad(k, joinPath(path, k.Value), "unknown parameter%s; %s has: %s",
				suggest.DidYouMean(k.Value, gr.names), paramPath(path), strings.Join(gr.names, ", "))
		}
	}
	for _, name := range gr.names {
		v, p := mapValue(n, name), joinPath(path, name)
		switch m := gr.members[name]; {
		case v == nil:
			vc.bad(n, p, "missing")
		case m.group != nil:
			checkValue(m.group, v, p, vc)
		default:
			checkValue(m.dom, v, p, vc)
		}
	}
}

// choicesDomain allows a fixed set of values (a boolean is the choices true and false).
type choicesDomain struct {
	values []any
	shown  []string
}

func boolDomain() *choicesDomain {
	return &choicesDomain{values: []any{true, false}, shown: []string{"true", "false"}}
}

func (c *choicesDomain) String() string { return strings.Join(c.shown, " | ") }

func (c *choicesDomain) check(n *yaml.Node, path string, vc *valueCheck) {
	if n.Kind == yaml.ScalarNode {
		v, err := vc.nf.plain(n)
		for _, ok := range c.values {
			if err == nil && reflect.DeepEqual(v, ok) {
				return
			}
		}
	}
	vc.bad(n, path, "%s is not one of %s%s", shownValue(n), strings.Join(c.shown, ", "), suggest.DidYouMean(n.Value, c.shown))
}

// rangeDomain allows integers (or numbers) between lo and hi, or any when it is not bounded.
type rangeDomain struct {
	lo, hi           float64
	integer, bounded bool
}

func (r *rangeDomain) String() string {
	kind := "number"
	if r.integer {
		kind = "integer"
	}
	if !r.bounded {
		return kind
	}
	return fmt.Sprintf("%s %s..%s", kind, formatNumber(r.lo), formatNumber(r.hi))
}

func formatNumber(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }

func (r *rangeDomain) check(n *yaml.Node, path string, vc *valueCheck) {
	tagOK := n.Tag == "!!int" || (!r.integer && n.Tag == "!!float")
	f, err := strconv.ParseFloat(n.Value, 64)
	if n.Kind != yaml.ScalarNode || !tagOK || err != nil || math.IsNaN(f) {
		vc.bad(n, path, "%s is not %s", shownValue(n), r.article())
		return
	}
	if r.bounded && (f < r.lo || f > r.hi) {
		closest := math.Max(r.lo, math.Min(r.hi, f))
		vc.bad(n, path, "%s is outside %s (the closest allowed is %s)", n.Value, r, formatNumber(closest))
	}
}

// article is the domain after "is not": "an integer 1..20", "a number".
func (r *rangeDomain) article() string {
	if r.integer {
		return "an " + r.String()
	}
	return "a " + r.String()
}

// textDomain allows any single value (a line of text, shown to players or read by the rules).
type textDomain struct{}

func (textDomain) String() string { return "text" }

func (textDomain) check(n *yaml.Node, path string, vc *valueCheck) {
	if n.Kind != yaml.ScalarNode {
		vc.bad(n, path, "%s is not text", describe(n))
	}
}

// listDomain allows a list whose items have elem's domain, of minLen..maxLen items (maxLen -1: any).
type listDomain struct {
	elem           domain
	minLen, maxLen int
}

func (l *listDomain) String() string {
	switch {
	case l.maxLen < 0:
		return "list of " + l.elem.String()
	case l.minLen == l.maxLen:
		return fmt.Sprintf("list of %d items: %s", l.minLen, l.elem)
	}
	return fmt.Sprintf("list of %d..%d items: %s", l.minLen, l.maxLen, l.elem)
}

func (l *listDomain) check(n *yaml.Node, path string, vc *valueCheck) {
	if n.Kind != yaml.SequenceNode {
		vc.bad(n, path, "%s is not a list (%s)", shownValue(n), l)
		return
	}
	if k := len(n.Content); l.maxLen >= 0 && (k < l.minLen || k > l.maxLen) {
		vc.bad(n, path, "a list of %d items is not a %s", k, l)
	}
	for i, item := range n.Content {
		checkValue(l.elem, item, joinPath(path, strconv.Itoa(i)), vc)
	}
}

// byPlayersDomain allows a map from each player count the game allows to a value of elem's domain.
type byPlayersDomain struct {
	elem   domain
	counts []string // the declaration's default's player counts, for people
}

func (b *byPlayersDomain) String() string {
	return fmt.Sprintf("by player count (%s): %s", strings.Join(b.counts, ", "), b.elem)
}

func (b *byPlayersDomain) check(n *yaml.Node, path string, vc *valueCheck) {
	if n.Kind != yaml.MappingNode {
		vc.bad(n, path, "%s is not a map by player count (%s)", shownValue(n), b)
		return
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if c, err := strconv.Atoi(k.Value); err != nil || c < 1 || c > MaxPlayers {
			vc.bad(k, path, "%q is not a player count (1..%d)", k.Value, MaxPlayers)
			continue
		}
		checkValue(b.elem, v, joinPath(path, k.Value), vc)
	}
	if vc.players.Min < 1 || vc.players.Max > MaxPlayers {
		return // the player counts themselves are wrong: that is the players check's one error
	}
	for c := vc.players.Min; c <= vc.players.Max; c++ {
		if mapValue(n, strconv.Itoa(c)) == nil {
			vc.bad(n, path, "no value for %d players (the game is for %d to %d)", c, vc.players.Min, vc.players.Max)
		}
	}
}
