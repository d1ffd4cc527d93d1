package coverage

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
)

// Pct prints a share as a percentage with one decimal: "62.5%".
func Pct(x float64) string { return fmt.Sprintf("%.1f%%", 100*x) }

// Numbers is a rule's games, share and times as the tables show them: a rule no script of this game
// marks shows "-" (nothing here would count it, so 0 would claim too much).
func (e Entry) Numbers() (games, share, times string) {
	if e.Status == StatusNotMarked || e.Status == StatusOtherVariant {
		return "-", "-", "-"
	}
	return fmt.Sprint(e.Games), Pct(e.Share), fmt.Sprint(e.Calls)
}

// List is one of a report's lists of rules that did not fire, with its heading in the designer's
// words.
type List struct {
	Heading string
	Rules   []NeverFired
}

// Lists are the report's lists of rules that did not fire: never fired, not marked, another variant's.
func (c Report) Lists() []List {
	return []List{
		{fmt.Sprintf("never fired in %d games (dead rules or untested corners)", c.Games), c.Never},
		{"not marked by any hook (applied by the engine or by the YAML data, or by a hook without g:rule)", c.NotMarked},
		{"a variant's rules, not played here (marked by another variant's hooks, or under a Variant heading)", c.OtherVariants},
	}
}

// Print writes the report as text: the hooks' table, the rules' table, then the rules that did not
// fire and the ids the rules doc does not define.
func Print(w io.Writer, c Report) {
	name := "coverage"
	if c.Variant != "" {
		name += " (" + c.Variant + ")"
	}
	fmt.Fprintf(w, "%s over %d games\n", name, c.Games)
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "HOOK\tGAMES\tSHARE\tCALLS")
	for _, h := range c.Hooks {
		fmt.Fprintf(tw, "%s\t%d\t%s\t%d\n", h.Name, h.Games, Pct(h.Share), h.Calls)
	}
	tw.Flush()
	if len(c.Rules) == 0 {
		fmt.Fprintln(w, "no rule ids: no rules doc found and no rule marked (a hook marks a rule with g:rule(\"ID\"))")
		return
	}
	if c.RulesDoc != "" {
		fmt.Fprintf(w, "rule ids from %s\n", c.RulesDoc)
	}
	fired := printRules(w, c.Rules)
	fmt.Fprintf(w, "%d of %d rule ids fired; %d never fired, %d not marked by any hook", fired, len(c.Rules), len(c.Never), len(c.NotMarked))
	if len(c.OtherVariants) > 0 {
		fmt.Fprintf(w, ", %d another variant's", len(c.OtherVariants))
	}
	fmt.Fprintln(w)
	if len(c.Never) == 0 && fired > 0 {
		fmt.Fprintf(w, "every marked rule fired in some game\n")
	}
	printLists(w, c.Lists())
	if len(c.Undocumented) > 0 {
		fmt.Fprintf(w, "marked but not defined in %s (a typo?): %s\n", c.RulesDoc, strings.Join(c.Undocumented, ", "))
	}
}

// printRules writes the rules' table and returns how many fired.
func printRules(w io.Writer, rules []Entry) int {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "RULE\tGAMES\tSHARE\tTIMES")
	fired := 0
	for _, r := range rules {
		games, share, times := r.Numbers()
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", r.Name, games, share, times)
		if r.Status == StatusFired {
			fired++
		}
	}
	tw.Flush()
	return fired
}

func printLists(w io.Writer, lists []List) {
	for _, l := range lists {
		if len(l.Rules) == 0 {
			continue
		}
		fmt.Fprintf(w, "%s:\n", l.Heading)
		for _, n := range l.Rules {
			if n.Text != "" {
				fmt.Fprintf(w, "  %s: %s\n", n.ID, n.Text)
			} else {
				fmt.Fprintf(w, "  %s\n", n.ID)
			}
		}
	}
}
