package coverage

import (
	"github.com/ruleslab/ruleslab/scripting"
)

// Report is one variant's coverage over its finished games (--json).
type Report struct {
	Variant string  `json:"variant,omitempty"`
	Games   int     `json:"games"`
	Hooks   []Entry `json:"hooks"`
	// Rules lists every rule id of the game: those its rules doc defines and those a script marks or a
	// game marked, each with its status.
	Rules []Entry `json:"rules"`
	// RulesDoc is the rules doc the ids and their texts come from ("" when none was found).
	RulesDoc string `json:"rules_doc,omitempty"`
	// Never lists the rule ids the scripts mark (g:rule("...") in their text) that no game marked,
	// each with its text from the game's rules doc when one is found.
	Never []NeverFired `json:"never_fired"`
	// NotMarked lists the rules doc's ids that no script of the game marks: the engine (the trick
	// mechanic, the deal) or the YAML data applies them, or a hook applies them without saying so.
	NotMarked []NeverFired `json:"not_marked"`
	// OtherVariants lists the ids that did not fire and belong to another variant of the game: only
	// another variant's scripts mark them, or the rules doc defines them under a "Variant" heading.
	OtherVariants []NeverFired `json:"other_variants,omitempty"`
	// Undocumented lists the ids a script marks or a game marked that the rules doc does not define
	// (a typo in a mark, or a house rule without a rules doc); empty when no doc was found.
	Undocumented []string `json:"not_in_rules_doc,omitempty"`
}

// Entry is a hook or rule id: the games in which it ran and its share of them, and its calls.
// A rule's Status is fired, never_fired, not_marked or other_variant (see Report).
type Entry struct {
	Name   string  `json:"name"`
	Games  int     `json:"games"`
	Share  float64 `json:"share"`
	Calls  int     `json:"calls"`
	Status string  `json:"status,omitempty"`
}

// A rule id's status in a coverage report.
const (
	StatusFired        = "fired"
	StatusNeverFired   = "never_fired"
	StatusNotMarked    = "not_marked"
	StatusOtherVariant = "other_variant"
)

// NeverFired is a rule that no game reached, in the designer's words (the spec's line) when found.
type NeverFired struct {
	ID   string `json:"id"`
	Text string `json:"text,omitempty"`
}

// hookOrder lists the engine's hooks in the order a game meets them.
var hookOrder = []string{"setup", "on_move", "normalize", "can_play", "trick_winner", "trick_done", "stats"}

// Report is the coverage of the games counted so far, for the program p (its rules doc and scripts);
// variant names it in a comparison ("" for sim).
func (c *Counter) Report(variant string, p *scripting.Program, _ int) Report {
	c.mu.Lock()
	defer c.mu.Unlock()
	r := Report{Variant: variant, Games: c.games, Hooks: []Entry{}, Rules: []Entry{},
		Never: []NeverFired{}, NotMarked: []NeverFired{}}
	// the rules' hooks (bots' calls are timed by the same profile and left out)
	for _, h := range hookOrder {
		if c.hookCalls[h] > 0 {
			r.Hooks = append(r.Hooks, Entry{Name: h, Games: c.hookGames[h], Share: c.share(c.hookGames[h]), Calls: c.hookCalls[h]})
		}
	}
	cfg := p.Game.Config
	doc := rulesDoc(cfg)
	r.RulesDoc = doc.file
	marked := map[string]bool{}
	for _, id := range markedRules(cfg.Scripts) {
		marked[id] = true
	}
	elsewhere := map[string]bool{}
	for _, id := range markedRules(variantScripts(cfg.ID)) {
		elsewhere[id] = !marked[id]
	}
	for _, id := range c.ruleIDs(doc, marked) {
		r.addRule(c.ruleEntry(id), doc, marked, elsewhere)
	}
	return r
}

func (c *Counter) share(n int) float64 {
	if c.games == 0 {
		return 0
	}
	return float64(n) / float64(c.games)
}

// ruleIDs is every rule id of the report in order: those the doc defines, those the scripts mark and
// those a game marked.
func (c *Counter) ruleIDs(doc ruleDoc, marked map[string]bool) []string {
	ids := map[string]bool{}
	for _, id := range doc.ids {
		ids[id] = true
	}
	for id := range marked {
		ids[id] = true
	}
	for id := range c.ruleGames {
		ids[id] = true
	}
	all := make([]string, 0, len(ids))
	for id := range ids {
		all = append(all, id)
	}
	sortRuleIDs(all)
	return all
}

func (c *Counter) ruleEntry(id string) Entry {
	return Entry{Name: id, Games: c.ruleGames[id], Share: c.share(c.ruleGames[id]), Calls: c.ruleHits[id], Status: StatusFired}
}

// addRule adds a rule's entry with its status, and lists it where it belongs when it did not fire.
func (r *Report) addRule(e Entry, doc ruleDoc, marked, elsewhere map[string]bool) {
	id := e.Name
	said := NeverFired{ID: id, Text: doc.text[id]}
	switch {
	case e.Games > 0:
	case elsewhere[id] || (doc.variant[id] && marked[id]):
		e.Status = StatusOtherVariant
		r.OtherVariants = append(r.OtherVariants, said)
	case marked[id]:
		e.Status = StatusNeverFired
		r.Never = append(r.Never, said)
	default:
		e.Status = StatusNotMarked
		r.NotMarked = append(r.NotMarked, said)
	}
	if doc.file != "" && !doc.has(id) {
		r.Undocumented = append(r.Undocumented, id)
	}
	r.Rules = append(r.Rules, e)
}
