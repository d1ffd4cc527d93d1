package cli

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
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
	Rules   []CoverageEntry `json:"rules"`
	// Never lists the rule ids the scripts mark (g:rule("...") in their text) that no game marked,
	// each with its text from the game's rules spec when one is found.
	Never []NeverFired `json:"never_fired"`
}

// CoverageEntry is a hook or rule id: the games in which it ran and its share of them, and its calls.
type CoverageEntry struct {
	Name  string  `json:"name"`
	Games int     `json:"games"`
	Share float64 `json:"share"`
	Calls int     `json:"calls"`
}

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
	r := CoverageReport{Variant: variant, Games: c.games, Hooks: []CoverageEntry{}, Rules: []CoverageEntry{}, Never: []NeverFired{}}
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
	marked := markedRules(p)
	ids := map[string]bool{}
	for _, id := range marked {
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
	spec := ruleTexts(p.Game.Config.Base, p.Game.Config.ID)
	for _, id := range all {
		r.Rules = append(r.Rules, CoverageEntry{Name: id, Games: c.ruleGames[id], Share: share(c.ruleGames[id]), Calls: c.ruleHits[id]})
		if c.ruleGames[id] == 0 {
			r.Never = append(r.Never, NeverFired{ID: id, Text: spec[id]})
		}
	}
	return r
}

var ruleCall = regexp.MustCompile(`:rule\(\s*["']([^"']+)["']\s*\)`)

// markedRules lists the rule ids the game's scripts mark with a literal g:rule("ID").
func markedRules(p *scripting.Program) []string {
	seen := map[string]bool{}
	var out []string
	for _, path := range p.Game.Config.Scripts {
		data, err := os.ReadFile(path)
		if err != nil {
			continue
		}
		for _, line := range strings.Split(string(data), "\n") {
			if t := strings.TrimSpace(line); strings.HasPrefix(t, "--") {
				continue
			}
			for _, m := range ruleCall.FindAllStringSubmatch(line, -1) {
				if !seen[m[1]] {
					seen[m[1]] = true
					out = append(out, m[1])
				}
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

// ruleTexts reads the game's rules spec (shared/rules/GAME.md beside the ruleslab folder, when present)
// and returns each rule id's line, so a rule that never fired is shown in the designer's words.
func ruleTexts(ids ...string) map[string]string {
	out := map[string]string{}
	dir, err := config.VariantsDir()
	if err != nil {
		return out
	}
	root := filepath.Dir(dir)
	var file string
	for _, id := range ids {
		if id == "" {
			continue
		}
		for _, cand := range []string{filepath.Join(root, "..", "shared", "rules", id+".md"), filepath.Join(root, "shared", "rules", id+".md")} {
			if _, err := os.Stat(cand); err == nil {
				file = cand
				break
			}
		}
		if file != "" {
			break
		}
	}
	if file == "" {
		return out
	}
	f, err := os.Open(file)
	if err != nil {
		return out
	}
	defer f.Close()
	id := regexp.MustCompile(`^\s*[-*]\s+(?:\*\*)?(?:DECISION\s+)?([A-Z]{1,4}-[A-Z]?\d+[a-z]?)(?:\*\*)?:\s*(.*)$`)
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if m := id.FindStringSubmatch(sc.Text()); m != nil {
			if _, ok := out[m[1]]; !ok {
				text := m[2]
				if len(text) > 160 {
					text = text[:157] + "..."
				}
				out[m[1]] = text
			}
		}
	}
	return out
}

func pct(x float64) string { return fmt.Sprintf("%.1f%%", 100*x) }

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
		fmt.Fprintln(w, "no rule ids marked (a hook marks a rule with g:rule(\"ID\"))")
		return
	}
	tw = tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "RULE\tGAMES\tSHARE\tTIMES")
	for _, r := range c.Rules {
		fmt.Fprintf(tw, "%s\t%d\t%s\t%d\n", r.Name, r.Games, pct(r.Share), r.Calls)
	}
	tw.Flush()
	if len(c.Never) == 0 {
		fmt.Fprintf(w, "every marked rule fired in some game\n")
		return
	}
	fmt.Fprintf(w, "never fired in %d games (dead rules or untested corners):\n", c.Games)
	for _, n := range c.Never {
		if n.Text != "" {
			fmt.Fprintf(w, "  %s: %s\n", n.ID, n.Text)
		} else {
			fmt.Fprintf(w, "  %s\n", n.ID)
		}
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
		rows = append(rows, []string{e.Name, fmt.Sprint(e.Games), pct(e.Share), fmt.Sprint(e.Calls)})
	}
	if len(rows) > 0 {
		s.AddTable([]string{"rule", "games", "share", "times"}, rows)
	}
	if len(c.Never) > 0 {
		rows = nil
		for _, n := range c.Never {
			rows = append(rows, []string{n.ID, n.Text})
		}
		s.AddText("Never fired (dead rules or untested corners):")
		s.AddTable([]string{"rule", "text"}, rows)
	}
}

// coveredWorker is a batch worker whose games are counted for coverage.
type coveredWorker struct {
	w   *scripting.Worker
	cov *coverage
}

func (c coveredWorker) Play(i int, seed uint64) core.Result { return c.cov.play(c.w, i, seed) }
func (c coveredWorker) Close()                              { c.w.Close() }
