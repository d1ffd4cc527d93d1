package scenario

import (
	"fmt"
	"sort"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/core/config"
)

// checkSetup checks setup keys against the game's declared slots and card ids against its catalogue.
func (sc *Scenario) checkSetup(g *core.Game, players int) error {
	slots := g.Config.Setup
	setupNode := config.At(sc.root, "setup")
	var known []string
	for k := range slots {
		known = append(known, k)
	}
	for key, val := range sc.Setup {
		slot, ok := slots[key]
		if !ok {
			return config.ErrAt(sc.Path, config.KeyAt(setupNode, key), "unknown setup key %q for %s (known: %s)", key, g.Name(), strings.Join(sortStrings(known), ", "))
		}
		c := setupCheck{sc: sc, g: g, setup: setupNode, key: key, players: players}
		if err := c.check(slot.Kind, val); err != nil {
			return err
		}
	}
	return nil
}

// setupCheck checks the value of one setup key against its slot's kind.
type setupCheck struct {
	sc      *Scenario
	g       *core.Game
	setup   *yaml.Node
	key     string
	players int
}

func (c setupCheck) check(kind string, val any) error {
	switch kind {
	case "cards-per-seat":
		return c.cardsPerSeat(val)
	case "cards":
		return c.cards(val)
	case "card":
		return c.card(val)
	case "seat":
		n, ok := val.(int)
		if !ok || n < 0 || n >= c.players {
			return config.ErrAt(c.sc.Path, c.at(), "setup.%s: expected a seat 0..%d", c.key, c.players-1)
		}
	case "seats":
		return c.seats(val)
	}
	return nil
}

// at is the node of the key's value at path.
func (c setupCheck) at(path ...any) *yaml.Node {
	return config.At(c.setup, append([]any{c.key}, path...)...)
}

// card checks that v (at path) names a card of the game.
func (c setupCheck) card(v any, path ...any) error {
	id, ok := v.(string)
	if !ok {
		id = fmt.Sprint(v)
	}
	if !c.g.Catalog.Has(id) {
		return config.ErrAt(c.sc.Path, c.at(path...), "setup.%s: no card %q in %s", c.key, id, c.g.Name())
	}
	return nil
}

func (c setupCheck) cardsPerSeat(val any) error {
	lists, ok := val.([]any)
	if !ok || len(lists) != c.players {
		return config.ErrAt(c.sc.Path, c.at(), "setup.%s: expected one list of cards per seat (%d lists)", c.key, c.players)
	}
	for i, l := range lists {
		cards, ok := l.([]any)
		if !ok {
			return config.ErrAt(c.sc.Path, c.at(i), "setup.%s[%d]: expected a list of cards", c.key, i)
		}
		for j, v := range cards {
			if err := c.card(v, i, j); err != nil {
				return err
			}
		}
	}
	return nil
}

func (c setupCheck) cards(val any) error {
	cards, ok := val.([]any)
	if !ok {
		return config.ErrAt(c.sc.Path, c.at(), "setup.%s: expected a list of cards", c.key)
	}
	for j, v := range cards {
		if err := c.card(v, j); err != nil {
			return err
		}
	}
	return nil
}

func (c setupCheck) seats(val any) error {
	l, ok := val.([]any)
	if !ok {
		return config.ErrAt(c.sc.Path, c.at(), "setup.%s: expected a list of seats", c.key)
	}
	for j, v := range l {
		n, ok := v.(int)
		if !ok || n < 0 || n >= c.players {
			return config.ErrAt(c.sc.Path, c.at(j), "setup.%s[%d]: expected a seat 0..%d", c.key, j, c.players-1)
		}
	}
	return nil
}

func sortStrings(s []string) []string {
	sort.Strings(s)
	return s
}
