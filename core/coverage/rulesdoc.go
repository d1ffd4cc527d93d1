package coverage

import (
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/ruleslab/ruleslab/core/config"
)

// ruleDoc is a game's rules doc: the rule ids it defines, in order, and each one's text.
type ruleDoc struct {
	file string // as shown to the user; "" when no doc was found
	ids  []string
	text map[string]string
	// variant: the id is defined under a heading that names a variant ("## Variant: `face-up`")
	variant map[string]bool
}

func (d ruleDoc) has(id string) bool { return slices.Contains(d.ids, id) }

// rulesDoc finds the game's rules: the RULES.md beside its YAML and, for a house rule or a variant,
// the one beside the bundled game it extends (its own ids and the game's). A bundled game's is read
// from the ruleslab folder, or from the files embedded in the binary when there is none (see
// config.Home). A game with neither has no rules doc: its ids are those its scripts mark.
func rulesDoc(g *config.Game) ruleDoc {
	doc := ruleDoc{text: map[string]string{}, variant: map[string]bool{}}
	for _, f := range RulesFiles(g) {
		if doc.read(f) {
			if doc.file != "" {
				doc.file += ", "
			}
			doc.file += shownDoc(f)
		}
	}
	return doc
}

// RulesFiles are the RULES.md files a game's rules may be in: beside its YAML, then beside the
// bundled game of its id (`ruleslab rules` prints those that exist).
func RulesFiles(g *config.Game) []string {
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
	return files
}

// shownDoc is a rules doc's path relative to the ruleslab folder when it is a bundled game's (the same
// text on every machine), else as messages show paths.
func shownDoc(f string) string {
	if rel, err := filepath.Rel(config.Home(), f); err == nil && !strings.HasPrefix(rel, "..") && !config.IsEmbedded(f) {
		return rel
	}
	return config.Shown(f)
}

var (
	ruleIDText = `[A-Z]{1,4}-[A-Z]?\d+[a-z]?`
	anyRuleID  = regexp.MustCompile(`\b` + ruleIDText + `\b`)
	// `- **MT-8** (trump) A card ...`, `- **MT-22 DECISION MT-D3** ...`, `- **DECISION MI-D7** ...`
	boldItem = regexp.MustCompile(`^\s*[-*]\s+\*\*([^*]+)\*\*[\s:]*(.*)$`)
	// a plain item: `- MT-5 (must follow): a later player ...`
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
