package coverage

import (
	"fmt"
	"regexp"
	"sort"
	"strings"

	"github.com/ruleslab/ruleslab/core/config"
)

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
