package config

import (
	"errors"
	"slices"
	"sort"
	"strings"

	"go.yaml.in/yaml/v3"
)

// check checks a decoded game against its merged tree; every problem found is reported (joined with
// errors.Join, each a *PosError), in the order of checker's steps.
func check(g *Game, root *yaml.Node, nf nodeFiles) error {
	c := checker{g: g, root: root, nf: nf}
	var errs []error
	for _, step := range []func() error{c.basics, c.params, c.components, c.zones, c.privateMoves, c.stats, c.trick, c.bots} {
		errs = append(errs, step())
	}
	return errors.Join(errs...)
}

// checker checks a game g decoded from root.
type checker struct {
	g    *Game
	root *yaml.Node
	nf   nodeFiles
}

// gameRules are the checks of the game's top-level keys, in the order they are reported.
var gameRules = []struct {
	at   []any // where the error points: a path of keys from the root, as deep as it is found
	bad  func(g *Game) bool
	msg  string
	args func(g *Game) []any // msg's arguments, if any
}{
	{nil, func(g *Game) bool { return g.ID == "" }, "missing `id`", nil},
	{[]any{"players"}, func(g *Game) bool { return g.Players.Min < 1 || g.Players.Max < g.Players.Min },
		"`players` needs 1 <= min <= max", nil},
	{[]any{"players"}, func(g *Game) bool { return g.Players.Default < g.Players.Min || g.Players.Default > g.Players.Max },
		"`players.default` is outside min..max", nil},
	{nil, func(g *Game) bool { return len(g.Scripts) == 0 }, "missing `script` (the Lua rules)", nil},
	{[]any{"players", "max"}, func(g *Game) bool { return g.Players.Max > MaxPlayers },
		"`players.max` is %d; a game has at most %d players", func(g *Game) []any { return []any{g.Players.Max, MaxPlayers} }},
}

// basics fills in the default player count (a game that fails a check is not returned, so filling it
// in first changes nothing else) and checks gameRules.
func (c checker) basics() error {
	if c.g.Players.Default == 0 {
		c.g.Players.Default = c.g.Players.Max
	}
	var errs []error
	for _, r := range gameRules {
		if !r.bad(c.g) {
			continue
		}
		var args []any
		if r.args != nil {
			args = r.args(c.g)
		}
		errs = append(errs, c.nf.errAt(At(c.root, r.at...), r.msg, args...))
	}
	return errors.Join(errs...)
}

// components checks that there are components and that the catalogue they make stays in bounds.
func (c checker) components() error {
	if len(c.g.Components) == 0 {
		return c.nf.errAt(c.root, "missing `components`")
	}
	return checkComponents(c.g.Components, mapValue(c.root, "components"), c.nf)
}

// zones checks that there are zones, and each one (see zoneCheck; its first problem), by name.
func (c checker) zones() error {
	if len(c.g.Zones) == 0 {
		return c.nf.errAt(c.root, "missing `zones`")
	}
	zn := mapValue(c.root, "zones")
	var errs []error
	for _, name := range sortedKeys(c.g.Zones) {
		errs = append(errs, zoneCheck{c, name, c.g.Zones[name], zn, mapValue(zn, name)}.check())
	}
	return errors.Join(errs...)
}

// privateMoves checks the visibility of each verb's private moves, by verb.
func (c checker) privateMoves() error {
	var errs []error
	for _, verb := range sortedKeys(c.g.PrivateMoves) {
		if vis := c.g.PrivateMoves[verb]; vis != "owner" && vis != "public" && vis != "none" {
			errs = append(errs, c.nf.errAt(mapValue(mapValue(c.root, "private_moves"), verb), "private_moves.%s must be owner, public or none", verb))
		}
	}
	return errors.Join(errs...)
}

// stats checks each statistic's kind.
func (c checker) stats() error {
	var errs []error
	for _, name := range sortedKeys(c.g.Stats) {
		if !IsStatKind(c.g.Stats[name]) {
			errs = append(errs, c.nf.errAt(mapValue(mapValue(c.root, "stats"), name), "stats.%s: the kind must be rate, count or mean, not %q",
				name, c.g.Stats[name]))
		}
	}
	return errors.Join(errs...)
}

// ReservedBotNames are the names a game's bot may not take: the bots every game has, the seat kinds of
// the commands and the policies of the search's options. A game's bot so named would shadow them (a
// bot `ismcts` whose defaults name itself as the prior recursed without end).
var ReservedBotNames = []string{"random", "human", "ismcts", "mast", "rules", "none"}

// bots checks the names of the game's bots: none reserved (ReservedBotNames), none with a character
// that bot specs use to separate or qualify (":" of `lua:`, `cmd:` and `ismcts:`, "," of seat lists,
// "=" of options), so that a bot spec read from the command line or from `ismcts:` names one thing.
func (c checker) bots() error {
	for _, name := range sortedKeys(c.g.Bots) {
		at := mapValue(mapValue(c.root, "bots"), name)
		if slices.Contains(ReservedBotNames, strings.ToLower(name)) {
			return c.nf.errAt(at, "bots.%s: a game's bot may not be named like a built-in bot or policy (%s)", name, strings.Join(ReservedBotNames, ", "))
		}
		if strings.ContainsAny(name, ":,= \t") || name == "" {
			return c.nf.errAt(at, "bots.%q: a bot's name may not be empty or contain ':', ',', '=' or spaces (bot specs use them)", name)
		}
	}
	return nil
}

// trick checks that the zones the trick mechanic plays from and to exist.
func (c checker) trick() error {
	t := c.g.Mechanics.Trick
	if t == nil {
		return nil
	}
	tn := mapValue(mapValue(c.root, "mechanics"), "trick")
	for _, z := range []string{t.Hand, t.Table} {
		if _, ok := c.g.Zones[z]; !ok {
			return c.nf.errAt(tn, "trick mechanic: no zone %q", z)
		}
	}
	return nil
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
