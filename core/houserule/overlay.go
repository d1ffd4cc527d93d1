package houserule

import (
	"fmt"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/ruleslab/ruleslab/core/config"
)

// overlayYAML is the house rule's YAML: it extends the game, loads the override file, and lists every
// declared parameter commented out at the value the game plays with, under its rule id, meaning and
// allowed values. Uncommenting a value line (and its group's line) sets it.
func overlayYAML(g *config.Game, name, extends string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s: a house rule of %s, made by `ruleslab new`.\n", name, g.Title)
	b.WriteString("# Uncomment and change what your rule changes; whatever stays commented plays as the game does.\n")
	fmt.Fprintf(&b, "# Check it: ruleslab validate %s.yaml    Compare it with the game: ruleslab sim %s.yaml\n", name, name)
	fmt.Fprintf(&b, "extends: %s\n", extends)
	fmt.Fprintf(&b, "title: %s (%s)\n", g.Title, name)
	fmt.Fprintf(&b, "# The Lua functions this rule replaces (%s.lua; `ruleslab hooks %s.yaml` lists them all).\n", name, name)
	fmt.Fprintf(&b, "overrides: [%s.lua]\n", name)
	writeParams(&b, g.ParamSpecs())
	return b.String()
}

// writeParams writes the params section: every parameter commented out, each group's line written
// once before its first member, so that uncommenting keeps the YAML's nesting.
func writeParams(b *strings.Builder, specs []config.ParamSpec) {
	if len(specs) == 0 {
		b.WriteString("# This game declares no parameters: its rules are changed in the Lua file.\n")
		return
	}
	b.WriteString("# Parameters, at the values the game plays with. To change one, uncomment `params:`, the value's\n")
	b.WriteString("# line and the lines of the groups it is in. `ruleslab show GAME --params` lists them too.\n")
	b.WriteString("# params:\n")
	var open []string // the groups written so far for the current parameter's path
	for _, s := range specs {
		parts := strings.Split(s.Path, ".")
		groups, key := parts[:len(parts)-1], parts[len(parts)-1]
		same := commonPrefix(open, groups)
		for i := same; i < len(groups); i++ {
			fmt.Fprintf(b, "# %s%s:\n", indent(i+1), flowYAML(groups[i]))
		}
		open = groups
		depth := len(groups) + 1
		fmt.Fprintf(b, "# %s# %s\n", indent(depth), describe(s))
		fmt.Fprintf(b, "# %s%s: %s\n", indent(depth), flowYAML(key), flowYAML(s.Default))
	}
}

// describe is a parameter's comment: its rule id, what it means and its allowed values.
func describe(s config.ParamSpec) string {
	text := s.About
	if s.Rule != "" {
		text = s.Rule + ": " + text
	}
	return text + " (allowed: " + s.Domain + ")"
}

func indent(depth int) string { return strings.Repeat("  ", depth) }

func commonPrefix(a, b []string) int {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return n
}

// flowYAML writes a value on one line, as YAML reads it back: maps and lists in flow style, strings
// quoted only where YAML needs it (`"3"` as a key stays a string).
func flowYAML(v any) string {
	var n yaml.Node
	if err := n.Encode(v); err != nil {
		return fmt.Sprint(v)
	}
	setFlow(&n)
	out, err := yaml.Marshal(&n)
	if err != nil {
		return fmt.Sprint(v)
	}
	return strings.TrimSpace(string(out))
}

func setFlow(n *yaml.Node) {
	if n.Kind == yaml.MappingNode || n.Kind == yaml.SequenceNode {
		n.Style = yaml.FlowStyle
	}
	for _, c := range n.Content {
		setFlow(c)
	}
}
