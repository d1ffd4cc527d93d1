package houserule

import (
	"fmt"
	"sort"
	"strings"

	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/core/config"
	"github.com/ruleslab/ruleslab/scripting"
)

// exampleMoves is how many opening moves the example scenario fixes.
const exampleMoves = 3

// exampleScenario is a scenario of the house rule: the game's default player count, seed 1, the setup
// keys the game lets a scenario fix (commented), and the first legal moves of that deal under the game's
// rules, so `ruleslab run` shows at once whether the house rule still allows them.
func exampleScenario(p *scripting.Program, name string) (string, error) {
	g := p.Game.Config
	moves, err := openingMoves(p, g.Players.Default)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "# An example position of %s: the game's first %d moves on seed 1 (the first legal move each\n", name, len(moves))
	b.WriteString("# time). Run it: ruleslab run scenarios/example.yaml --seats greedy,random (bots finish the\n")
	b.WriteString("# game). Fix a deal under setup: and write the moves that show your rule (docs/scenarios.md).\n")
	fmt.Fprintf(&b, "game: ../%s.yaml\n", name)
	fmt.Fprintf(&b, "players: %d\n", g.Players.Default)
	b.WriteString("seed: 1\n")
	writeSetupKeys(&b, g.Setup)
	b.WriteString("moves:\n")
	for _, m := range moves {
		fmt.Fprintf(&b, "  - %s\n", m)
	}
	return b.String(), nil
}

// openingMoves plays the first legal move of each turn from seed 1, up to exampleMoves.
func openingMoves(p *scripting.Program, players int) ([]string, error) {
	h := scripting.NewHost()
	defer h.Close()
	e, err := p.NewEngine(h)
	if err != nil {
		return nil, err
	}
	s, err := e.NewState(players, 1, core.StateOptions{})
	if err != nil {
		return nil, err
	}
	var moves []string
	for len(moves) < exampleMoves && !s.Over() {
		legal := s.Legal()
		if len(legal) == 0 {
			break
		}
		move := legal[0] // before Apply, which reuses the slice for the next decision's moves
		if err := s.Apply(e, move); err != nil {
			return nil, err
		}
		moves = append(moves, move)
	}
	return moves, nil
}

// writeSetupKeys lists, commented, the setup keys a scenario of this game may fix.
func writeSetupKeys(b *strings.Builder, setup map[string]config.SetupSlot) {
	if len(setup) == 0 {
		return
	}
	keys := make([]string, 0, len(setup))
	for k := range setup {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	b.WriteString("# setup:   (the parts of the deal a scenario may fix: " + strings.Join(keys, ", ") + ")\n")
}
