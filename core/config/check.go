package config

import (
	"sort"
	"strings"

	"go.yaml.in/yaml/v3"
)

func check(g *Game, root *yaml.Node, nf nodeFiles) error {
	at := func(key string) *yaml.Node {
		if n := mapValue(root, key); n != nil {
			return n
		}
		return root
	}
	if g.ID == "" {
		return nf.errAt(root, "missing `id`")
	}
	if g.Players.Min < 1 || g.Players.Max < g.Players.Min {
		return nf.errAt(at("players"), "`players` needs 1 <= min <= max")
	}
	if g.Players.Default == 0 {
		g.Players.Default = g.Players.Max
	}
	if g.Players.Default < g.Players.Min || g.Players.Default > g.Players.Max {
		return nf.errAt(at("players"), "`players.default` is outside min..max")
	}
	if len(g.Scripts) == 0 {
		return nf.errAt(root, "missing `script` (the Lua rules)")
	}
	if g.Players.Max > MaxPlayers {
		return nf.errAt(At(root, "players", "max"), "`players.max` is %d; a game has at most %d players", g.Players.Max, MaxPlayers)
	}
	if len(g.Components) == 0 {
		return nf.errAt(root, "missing `components`")
	}
	if err := checkComponents(g.Components, mapValue(root, "components"), nf); err != nil {
		return err
	}
	if len(g.Zones) == 0 {
		return nf.errAt(root, "missing `zones`")
	}
	zn := mapValue(root, "zones")
	for _, name := range sortedKeys(g.Zones) {
		switch g.Zones[name].Visible {
		case "owner", "all", "none":
		default:
			n := mapValue(mapValue(zn, name), "visible")
			if n == nil {
				n = mapValue(zn, name)
			}
			if n == nil {
				n = zn
			}
			return nf.errAt(n, "zone %s: `visible` must be owner, all or none", name)
		}
		if g.Zones[name].Visible == "owner" && !g.Zones[name].PerSeat {
			return nf.errAt(mapValue(zn, name), "zone %s: `visible: owner` needs `per_seat: true`", name)
		}
		if _, err := g.ZoneSize(g.Zones[name]); err != nil {
			n := mapValue(mapValue(zn, name), "size")
			if n == nil {
				n = mapValue(zn, name)
			}
			if g.Param(g.Zones[name].Size) != nil {
				// the param holds a wrong word: point at it (a variant may have set it)
				path := []any{"params"}
				for _, part := range strings.Split(g.Zones[name].Size, ".") {
					path = append(path, part)
				}
				n = At(root, path...)
			}
			return nf.errAt(n, "zone %s: %v", name, err)
		}
		switch v := g.Zones[name].AtMost.(type) {
		case nil:
		case int:
			if v < 0 {
				return nf.errAt(mapValue(mapValue(zn, name), "at_most"), "zone %s: `at_most` is %d; it must be a number >= 0 or the name of a value", name, v)
			}
		case string:
			if v == "" {
				return nf.errAt(mapValue(mapValue(zn, name), "at_most"), "zone %s: `at_most` must be a number >= 0 or the name of a value", name)
			}
		default:
			return nf.errAt(mapValue(mapValue(zn, name), "at_most"), "zone %s: `at_most` is %v; it must be a whole number >= 0 or the name of a value", name, v)
		}
		if p := g.Zones[name].SizePrior; p != 0 {
			at := mapValue(mapValue(zn, name), "size_prior")
			size, _ := g.ZoneSize(g.Zones[name])
			switch {
			case p < 0 || p >= 1:
				return nf.errAt(at, "zone %s: `size_prior` is %v; it must lie between 0 and 1", name, p)
			case g.Zones[name].AtMost == nil:
				return nf.errAt(at, "zone %s: `size_prior` needs `at_most` (the chances it weighs)", name)
			case size != SizeHidden && size != SizeSecret:
				return nf.errAt(at, "zone %s: `size_prior` needs `size: hidden` or `secret` (a public size is never sampled)", name)
			}
		}
	}
	for verb, vis := range g.PrivateMoves {
		if vis != "owner" && vis != "public" && vis != "none" {
			return nf.errAt(mapValue(mapValue(root, "private_moves"), verb), "private_moves.%s must be owner, public or none", verb)
		}
	}
	for _, name := range sortedKeys(g.Stats) {
		if !IsStatKind(g.Stats[name]) {
			return nf.errAt(mapValue(mapValue(root, "stats"), name), "stats.%s: the kind must be rate, count or mean, not %q",
				name, g.Stats[name])
		}
	}
	if t := g.Mechanics.Trick; t != nil {
		tn := mapValue(mapValue(root, "mechanics"), "trick")
		for _, z := range []string{t.Hand, t.Table} {
			if _, ok := g.Zones[z]; !ok {
				return nf.errAt(tn, "trick mechanic: no zone %q", z)
			}
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
