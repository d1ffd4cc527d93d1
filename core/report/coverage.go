package report

import (
	"fmt"
	"strings"

	"github.com/ruleslab/ruleslab/core/coverage"
)

// AddCoverage adds a section of rule coverage: the hooks' table, the rules' table, the lists of rules
// that did not fire and the ids the rules doc does not define.
func AddCoverage(r *Report, c coverage.Report) {
	h := "Rule coverage"
	if c.Variant != "" {
		h += " (" + c.Variant + ")"
	}
	s := r.Section(h)
	s.AddText("Over %d games: how often each hook ran and each rule id was marked (g:rule).", c.Games)
	var rows [][]string
	for _, e := range c.Hooks {
		rows = append(rows, []string{e.Name, fmt.Sprint(e.Games), coverage.Pct(e.Share), fmt.Sprint(e.Calls)})
	}
	s.AddTable([]string{"hook", "games", "share", "calls"}, rows)
	rows = nil
	for _, e := range c.Rules {
		games, share, times := e.Numbers()
		rows = append(rows, []string{e.Name, games, share, times})
	}
	if len(rows) > 0 {
		if c.RulesDoc != "" {
			s.AddText("Rule ids from %s.", c.RulesDoc)
		}
		s.AddTable([]string{"rule", "games", "share", "times"}, rows)
	}
	for _, l := range c.Lists() {
		if len(l.Rules) == 0 {
			continue
		}
		rows = nil
		for _, n := range l.Rules {
			rows = append(rows, []string{n.ID, n.Text})
		}
		s.AddText("%s:", strings.ToUpper(l.Heading[:1])+l.Heading[1:])
		s.AddTable([]string{"rule", "text"}, rows)
	}
	if len(c.Undocumented) > 0 {
		s.AddText("Marked but not defined in %s (a typo?): %s.", c.RulesDoc, strings.Join(c.Undocumented, ", "))
	}
}
