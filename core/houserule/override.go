package houserule

import (
	"fmt"
	"strings"

	"github.com/ruleslab/ruleslab/scripting"
)

// overrideLua is the house rule's Lua: every function of the game a house rule may replace, commented
// out, as a replacement that calls the game's own through `base`, under the comment the game's script
// gives it. Hooks the game does not define are left out: there is no `base` to call.
func overrideLua(defs []scripting.Definition, name string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "-- %s.lua: the functions of the game this house rule replaces.\n", name)
	b.WriteString("-- Uncomment one and change it: a global function of the same name replaces the game's, and\n")
	b.WriteString("-- base.NAME(...) calls the game's own. `ruleslab source` prints the game's scripts.\n")
	for _, d := range defs {
		if d.File == "" {
			continue
		}
		b.WriteString("\n")
		for _, line := range strings.Split(strings.TrimSpace(d.Comment), "\n") {
			if line != "" {
				fmt.Fprintf(&b, "-- %s\n", strings.TrimSpace(line))
			}
		}
		fmt.Fprintf(&b, "-- (%s:%d)\n", scripting.DisplayPath(d.File), d.Line)
		fmt.Fprintf(&b, "-- function %s\n", d.Signature)
		fmt.Fprintf(&b, "--   return base.%s(%s)\n", d.Name, arguments(d.Signature))
		b.WriteString("-- end\n")
	}
	return b.String()
}

// arguments is the parameter list of a signature: `play_effect(g, goal, id, decl)` -> `g, goal, id, decl`.
func arguments(signature string) string {
	open, end := strings.IndexByte(signature, '('), strings.LastIndexByte(signature, ')')
	if open < 0 || end < open {
		return ""
	}
	return signature[open+1 : end]
}
