package coverage

import (
	"strings"

	"github.com/ruleslab/ruleslab/core/config"
)

// RulesText is the text of a game's rules docs, the ones its rule ids come from (RulesFiles: its
// RULES.md, then the bundled game's it extends), one after the other; "" when it has none. `play`
// shows it on its rules pane.
func RulesText(g *config.Game) string {
	var parts []string
	for _, f := range RulesFiles(g) {
		if data, err := config.ReadFile(f, config.MaxFileBytes); err == nil {
			parts = append(parts, strings.TrimRight(string(data), "\n"))
		}
	}
	return strings.Join(parts, "\n\n")
}
