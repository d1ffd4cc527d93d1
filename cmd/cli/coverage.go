package cli

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"text/tabwriter"

	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/core/config"
	"github.com/ruleslab/ruleslab/scripting"
)

// coverage counts, over a batch, the games in which each hook ran and each rule id was marked
// (g:rule), and how often. Workers run at once: the counts are shared under a lock.
type coverage struct {
	mu        sync.Mutex
	games     int
	hookGames map[string]int
	hookCalls map[string]int
	ruleGames map[string]int
	ruleHits  map[string]int
}

func newCoverage() *coverage {
	return &coverage{hookGames: map[string]int{}, hookCalls: map[string]int{}, ruleGames: map[string]int{}, ruleHits: map[string]int{}}
}

// prepare makes the worker's host count its hook calls.
func (c *coverage) prepare(w *scripting.Worker) {
	if c != nil && w.H.Profile == nil {
		w.H.Profile = map[string]*scripting.HookCost{}
	}
}

// play plays one game on w and counts what ran in it.
func (c *coverage) play(w *scripting.Worker, i int, seed uint64) core.Result {
	c.prepare(w)
	before := map[string]int{}
	for n, hc := range w.H.Profile {
		before[n] = hc.Calls
	}
	r := w.Play(i, seed)
	if r.Error != "" {
		return r
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.games++
	for n, hc := range w.H.Profile {
		if d := hc.Calls - before[n]; d > 0 {
			c.hookGames[n]++
			c.hookCalls[n] += d
		}
	}
	for _, h := range r.Rules {
		c.ruleGames[h.ID]++
		c.ruleHits[h.ID] += h.N
	}
	return r
}

// CoverageReport is one variant's coverage over its finished games (--json).
type CoverageReport struct {
	Variant string          `json:"variant,omitempty"`
	Games   int             `json:"games"`
	Hooks   []CoverageEntry `json:"hooks"`
	// Rules lists every rule id of the game: those its rules doc defines and those a script marks or a
	// game marked, each with its status.
	Rules []CoverageEntry `json:"rules"`
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

// CoverageEntry is a hook or rule id: the games in which it ran and its share of them, and its calls.
// A rule's Status is fired, never_fired, not_marked or other_variant (see CoverageReport).
type CoverageEntry struct {
	Name   string  `json:"name"`
	Games  int     `json:"games"`
	Share  float64 `json:"share"`
	Calls  int     `json:"calls"`
	Status string  `json:"status,omitempty"`
}

// A rule id's status in a coverage report.
const (
	ruleFired        = "fired"
	ruleNeverFired   = "never_fired"
	ruleNotMarked    = "not_marked"
	ruleOtherVariant = "other_variant"
)

// NeverFired is a rule that no game reached, in the designer's words (the spec's line) when found.
type NeverFired struct {
	ID   string `json:"id"`
	Text string `json:"text,omitempty"`
}

// hookOrder lists the engine's hooks in the order a game meets them.
var hookOrder = []string{"setup", "on_move", "normalize", "can_play", "trick_winner", "trick_done", "stats"}

func (c *coverage) report(variant string, p *scripting.Program, _ int) CoverageReport {
	c.mu.Lock()
	defer c.mu.Unlock()
	r := CoverageReport{Variant: variant, Games: c.games, Hooks: []CoverageEntry{}, Rules: []CoverageEntry{},
		Never: []NeverFired{}, NotMarked: []NeverFired{}}
	share := func(n int) float64 {
		if c.games == 0 {
			return 0
		}
		return float64(n) / float64(c.games)
	}
	// the rules' hooks (bots' calls are timed by the same profile and left out)
	for _, h := range hookOrder {
		if c.hookCalls[h] > 0 {
			r.Hooks = append(r.Hooks, CoverageEntry{Name: h, Games: c.hookGames[h], Share: share(c.hookGames[h]), Calls: c.hookCalls[h]})
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
	for _, id := range all {
		e := CoverageEntry{Name: id, Games: c.ruleGames[id], Share: share(c.ruleGames[id]), Calls: c.ruleHits[id], Status: ruleFired}
		said := NeverFired{ID: id, Text: doc.text[id]}
		switch {
		case e.Games > 0:
		case elsewhere[id] || (doc.variant[id] && marked[id]):
			e.Status = ruleOtherVariant
			r.OtherVariants = append(r.OtherVariants, said)
		case marked[id]:
			e.Status = ruleNeverFired
			r.Never = append(r.Never, said)
		default:
			e.Status = ruleNotMarked
			r.NotMarked = append(r.NotMarked, said)
		}
		if doc.file != "" && !doc.has(id) {
			r.Undocumented = append(r.Undocumented, id)
		}
		r.Rules = append(r.Rules, e)
	}
	return r
}

// markedRules lists the rule ids the scripts mark with a literal g:rule("ID"), in the order met. Every
// id-shaped string literal inside the call counts, so g:rule("MI-15", "MI-D6") and
// g:rule(double and "ZM-6" or "ZM-5") mark both; a mark whose id is computed is not seen here (its
// rule shows once a game marks it). Comment lines are skipped.
func markedRules(scripts []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, path := range scripts {
		data, err := config.ReadFile(path, config.MaxScriptBytes)
		if err != nil {
			continue
		}
		for _, line := range strings.Split(string(data), "\n") {
			if t := strings.TrimSpace(line); strings.HasPrefix(t, "--") {
				continue
			}
			for _, id := range ruleCallIDs(line) {
				if !seen[id] {
					seen[id] = true
					out = append(out, id)
				}
			}
		}
	}
	return out
}

var stringLiteral = regexp.MustCompile(`"([^"\\]*)"|'([^'\\]*)'`)

// ruleCallIDs returns the string literals inside each `:rule(...)` call of a line of Lua.
func ruleCallIDs(line string) []string {
	var out []string
	for rest := line; ; {
		i := strings.Index(rest, ":rule(")
		if i < 0 {
			return out
		}
		rest = rest[i+len(":rule("):]
		depth, end := 1, len(rest)
		for j := 0; j < len(rest); j++ {
			switch rest[j] {
			case '(':
				depth++
			case ')':
				depth--
			}
			if depth == 0 {
				end = j
				break
			}
		}
		for _, m := range stringLiteral.FindAllStringSubmatch(rest[:end], -1) {
			// a rule id has a dash and no space ("MT-9", "HR-2"); other literals in the call are
			// its conditions (how == "closest" and "MT-9" or ...)
			if id := m[1] + m[2]; strings.Contains(id, "-") && !strings.ContainsAny(id, " \t") {
				out = append(out, id)
			}
		}
		rest = rest[end:]
	}
}

// variantScripts lists the scripts of every bundled variant of the game id (none for a game that is
// not bundled): a rule a variant marks is that variant's, not an unmarked rule of the base game.
func variantScripts(id string) []string {
	games, err := config.BundledGames()
	if err != nil {
		return nil
	}
	var out []string
	for _, b := range games {
		if b.ID != id {
			continue
		}
		for _, v := range b.Variants {
			if g, err := config.Resolve(b.ID, v); err == nil {
				out = append(out, g.Scripts...)
			}
		}
	}
	return out
}

// sortRuleIDs orders ids as a reader expects: by prefix, then by number (MT-2 before MT-12), then text.
func sortRuleIDs(ids []string) {
	key := func(id string) (string, int, string) {
		i := strings.LastIndexByte(id, '-')
		if i < 0 {
			return id, -1, ""
		}
		j := i + 1
		for j < len(id) && id[j] >= '0' && id[j] <= '9' {
			j++
		}
		n := -1
		if j > i+1 {
			fmt.Sscan(id[i+1:j], &n)
			return id[:i+1], n, id[j:]
		}
		return id[:i+1], 1 << 30, id[i+1:] // a lettered id (MT-D1) after the numbered ones
	}
	sort.Slice(ids, func(a, b int) bool {
		pa, na, ra := key(ids[a])
		pb, nb, rb := key(ids[b])
		if pa != pb {
			return pa < pb
		}
		if na != nb {
			return na < nb
		}
		return ra < rb
	})
}

// ruleDoc is a game's rules doc: the rule ids it defines, in order, and each one's text.
type ruleDoc struct {
	file string // as shown to the user; "" when no doc was found
	ids  []string
	text map[string]string
	// variant: the id is defined under a heading that names a variant ("## Variant: `face-up`")
	variant map[string]bool
}

func (d ruleDoc) has(id string) bool { return slices.Contains(d.ids, id) }

// rulesDoc finds the game's rules: RULES.md beside its YAML and beside the bundled game it extends
// (a house rule's own ids and the game's), else the shared rules spec (shared/rules/GAME.md beside the
// ruleslab folder, when present).
func rulesDoc(g *config.Game) ruleDoc {
	doc := ruleDoc{text: map[string]string{}, variant: map[string]bool{}}
	var files []string
	if g.Path != "" {
		files = append(files, filepath.Join(filepath.Dir(g.Path), "RULES.md"))
	}
	if g.ID != "" {
		if base, err := config.ResolvePath(g.ID, ""); err == nil {
			if f := filepath.Join(filepath.Dir(base), "RULES.md"); !slices.Contains(files, f) {
				files = append(files, f)
			}
		}
	}
	for _, f := range files {
		if doc.read(f) {
			if doc.file != "" {
				doc.file += ", "
			}
			doc.file += shownDoc(f)
		}
	}
	if doc.file != "" {
		return doc
	}
	if f := sharedSpec(g.Base, g.ID); f != "" && doc.read(f) {
		doc.file = f
	}
	return doc
}

// shownDoc is a rules doc's path relative to the ruleslab folder when it is a bundled game's (the same
// text on every machine), else as messages show paths.
func shownDoc(f string) string {
	if rel, err := filepath.Rel(config.Home(), f); err == nil && !strings.HasPrefix(rel, "..") && !config.IsEmbedded(f) {
		return rel
	}
	return config.Shown(f)
}

// sharedSpec is the shared rules spec of the first of the game ids found, or "".
func sharedSpec(ids ...string) string {
	dir, err := config.VariantsDir()
	if err != nil {
		return ""
	}
	root := filepath.Dir(dir)
	for _, id := range ids {
		if id == "" {
			continue
		}
		for _, cand := range []string{filepath.Join(root, "..", "shared", "rules", id+".md"), filepath.Join(root, "shared", "rules", id+".md")} {
			if _, err := os.Stat(cand); err == nil {
				return cand
			}
		}
	}
	return ""
}

var (
	ruleIDText = `[A-Z]{1,4}-[A-Z]?\d+[a-z]?`
	anyRuleID  = regexp.MustCompile(`\b` + ruleIDText + `\b`)
	// `- **MT-8** (trump) A card ...`, `- **MT-22 DECISION MT-D3** ...`, `- **DECISION MI-D7** ...`
	boldItem = regexp.MustCompile(`^\s*[-*]\s+\*\*([^*]+)\*\*[\s:]*(.*)$`)
	// the shared spec's `- MT-5 (must follow): a later player ...`
	plainItem = regexp.MustCompile(`^\s*[-*]\s+(?:DECISION\s+)?(` + ruleIDText + `)\b[^:]*:\s*(.*)$`)
	// a decision named in the text (**DECISION MT-D1**) is a rule id too
	decision = regexp.MustCompile(`DECISION\s+(` + ruleIDText + `)`)
	// `| MT-D1 | our reading | how to change it |`: a decision's reading in a word
	tableRow = regexp.MustCompile(`^\|\s*(` + ruleIDText + `)\s*\|\s*([^|]*?)\s*\|`)
)

// read adds the ids a rules doc defines (list items that start with an id, decisions, the decisions
// table) and their texts; false when the file cannot be read.
func (d *ruleDoc) read(file string) bool {
	data, err := config.ReadFile(file, config.MaxFileBytes)
	if err != nil {
		return false
	}
	inVariant := false // under a heading that names a variant
	define := func(id string) {
		if !d.has(id) {
			d.ids = append(d.ids, id)
			d.variant[id] = inVariant
		}
	}
	var item []string // the ids of the list item being read, whose text continues on indented lines
	for _, line := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(line, "#") {
			inVariant = strings.Contains(strings.ToLower(line), "variant")
		}
		switch m, p, t := boldItem.FindStringSubmatch(line), plainItem.FindStringSubmatch(line), tableRow.FindStringSubmatch(line); {
		case m != nil && anyRuleID.MatchString(m[1]):
			item = anyRuleID.FindAllString(m[1], -1)
			for _, id := range item {
				define(id)
				d.text[id] = m[2]
			}
		case p != nil:
			item = []string{p[1]}
			define(p[1])
			d.text[p[1]] = p[2]
		case t != nil:
			item = nil
			define(t[1])
			d.text[t[1]] = t[2] // the table's short reading is the decision in a word
		case strings.HasPrefix(line, "  ") && strings.TrimSpace(line) != "":
			for _, id := range item {
				d.text[id] += " " + strings.TrimSpace(line)
			}
		default:
			item = nil
		}
		for _, m := range decision.FindAllStringSubmatch(line, -1) {
			define(m[1])
		}
	}
	for id, text := range d.text {
		text = strings.TrimSpace(strings.ReplaceAll(text, "**", "")) // the doc's bold marks read as noise here
		if r := []rune(text); len(r) > 160 {
			text = string(r[:157]) + "..."
		}
		d.text[id] = text
	}
	return true
}

func pct(x float64) string { return fmt.Sprintf("%.1f%%", 100*x) }

// ruleNumbers is a rule's games, share and times as the tables show them: a rule no script of this
// game marks shows "-" (nothing here would count it, so 0 would claim too much).
func ruleNumbers(e CoverageEntry) (games, share, times string) {
	if e.Status == ruleNotMarked || e.Status == ruleOtherVariant {
		return "-", "-", "-"
	}
	return fmt.Sprint(e.Games), pct(e.Share), fmt.Sprint(e.Calls)
}

// coverageLists are the report's lists of rules that did not fire, each with its heading in the
// designer's words.
func coverageLists(c CoverageReport) []struct {
	Heading string
	Rules   []NeverFired
} {
	return []struct {
		Heading string
		Rules   []NeverFired
	}{
		{fmt.Sprintf("never fired in %d games (dead rules or untested corners)", c.Games), c.Never},
		{"not marked by any hook (applied by the engine or by the YAML data, or by a hook without g:rule)", c.NotMarked},
		{"a variant's rules, not played here (marked by another variant's hooks, or under a Variant heading)", c.OtherVariants},
	}
}

func printCoverage(w io.Writer, c CoverageReport) {
	name := "coverage"
	if c.Variant != "" {
		name += " (" + c.Variant + ")"
	}
	fmt.Fprintf(w, "%s over %d games\n", name, c.Games)
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "HOOK\tGAMES\tSHARE\tCALLS")
	for _, h := range c.Hooks {
		fmt.Fprintf(tw, "%s\t%d\t%s\t%d\n", h.Name, h.Games, pct(h.Share), h.Calls)
	}
	tw.Flush()
	if len(c.Rules) == 0 {
		fmt.Fprintln(w, "no rule ids: no rules doc found and no rule marked (a hook marks a rule with g:rule(\"ID\"))")
		return
	}
	if c.RulesDoc != "" {
		fmt.Fprintf(w, "rule ids from %s\n", c.RulesDoc)
	}
	tw = tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "RULE\tGAMES\tSHARE\tTIMES")
	fired := 0
	for _, r := range c.Rules {
		games, share, times := ruleNumbers(r)
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", r.Name, games, share, times)
		if r.Status == ruleFired {
			fired++
		}
	}
	tw.Flush()
	fmt.Fprintf(w, "%d of %d rule ids fired; %d never fired, %d not marked by any hook", fired, len(c.Rules), len(c.Never), len(c.NotMarked))
	if len(c.OtherVariants) > 0 {
		fmt.Fprintf(w, ", %d another variant's", len(c.OtherVariants))
	}
	fmt.Fprintln(w)
	if len(c.Never) == 0 && fired > 0 {
		fmt.Fprintf(w, "every marked rule fired in some game\n")
	}
	for _, l := range coverageLists(c) {
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
	if len(c.Undocumented) > 0 {
		fmt.Fprintf(w, "marked but not defined in %s (a typo?): %s\n", c.RulesDoc, strings.Join(c.Undocumented, ", "))
	}
}

func addCoverageSection(r *Report, c CoverageReport) {
	h := "Rule coverage"
	if c.Variant != "" {
		h += " (" + c.Variant + ")"
	}
	s := r.Section(h)
	s.AddText("Over %d games: how often each hook ran and each rule id was marked (g:rule).", c.Games)
	var rows [][]string
	for _, e := range c.Hooks {
		rows = append(rows, []string{e.Name, fmt.Sprint(e.Games), pct(e.Share), fmt.Sprint(e.Calls)})
	}
	s.AddTable([]string{"hook", "games", "share", "calls"}, rows)
	rows = nil
	for _, e := range c.Rules {
		games, share, times := ruleNumbers(e)
		rows = append(rows, []string{e.Name, games, share, times})
	}
	if len(rows) > 0 {
		if c.RulesDoc != "" {
			s.AddText("Rule ids from %s.", c.RulesDoc)
		}
		s.AddTable([]string{"rule", "games", "share", "times"}, rows)
	}
	for _, l := range coverageLists(c) {
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

// coveredWorker is a batch worker whose games are counted for coverage.
type coveredWorker struct {
	w   *scripting.Worker
	cov *coverage
}

func (c coveredWorker) Play(i int, seed uint64) core.Result { return c.cov.play(c.w, i, seed) }
func (c coveredWorker) Close()                              { c.w.Close() }
