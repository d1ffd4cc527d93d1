package config

import (
	"strings"

	"go.yaml.in/yaml/v3"
)

// zoneCheck checks one zone of a game: its visibility, size, bound and size prior.
type zoneCheck struct {
	checker
	name string
	z    Zone
	zn   *yaml.Node // the zones mapping
	n    *yaml.Node // the zone's mapping
}

// check runs the zone's checks; the first problem found is reported.
func (zc zoneCheck) check() error {
	for _, step := range []func() error{zc.visible, zc.size, zc.atMost, zc.sizePrior} {
		if err := step(); err != nil {
			return err
		}
	}
	return nil
}

// visible checks the zone's `visible`, and that a zone only its owner sees has one per seat.
func (zc zoneCheck) visible() error {
	switch zc.z.Visible {
	case "owner", "all", "none":
	default:
		return zc.nf.errAt(At(zc.zn, zc.name, "visible"), "zone %s: `visible` must be owner, all or none", zc.name)
	}
	if zc.z.Visible == "owner" && !zc.z.PerSeat {
		return zc.nf.errAt(zc.n, "zone %s: `visible: owner` needs `per_seat: true`", zc.name)
	}
	return nil
}

// size checks the zone's `size`; when it names a param, an error points at the param's value (a
// variant may have set it).
func (zc zoneCheck) size() error {
	_, err := zc.g.ZoneSize(zc.z)
	if err == nil {
		return nil
	}
	n := mapValue(zc.n, "size")
	if n == nil {
		n = zc.n
	}
	if zc.g.Param(zc.z.Size) != nil {
		path := []any{"params"}
		for _, part := range strings.Split(zc.z.Size, ".") {
			path = append(path, part)
		}
		n = At(zc.root, path...)
	}
	return zc.nf.errAt(n, "zone %s: %v", zc.name, err)
}

// atMost checks the zone's `at_most`: a number >= 0 or the name of a value.
func (zc zoneCheck) atMost() error {
	switch v := zc.z.AtMost.(type) {
	case nil:
	case int:
		if v < 0 {
			return zc.nf.errAt(mapValue(zc.n, "at_most"), "zone %s: `at_most` is %d; it must be a number >= 0 or the name of a value", zc.name, v)
		}
	case string:
		if v == "" {
			return zc.nf.errAt(mapValue(zc.n, "at_most"), "zone %s: `at_most` must be a number >= 0 or the name of a value", zc.name)
		}
	default:
		return zc.nf.errAt(mapValue(zc.n, "at_most"), "zone %s: `at_most` is %v; it must be a whole number >= 0 or the name of a value", zc.name, v)
	}
	return nil
}

// sizePrior checks the zone's `size_prior`: between 0 and 1, for a bounded zone whose size is not public.
func (zc zoneCheck) sizePrior() error {
	p := zc.z.SizePrior
	if p == 0 {
		return nil
	}
	at := mapValue(zc.n, "size_prior")
	size, _ := zc.g.ZoneSize(zc.z)
	switch {
	case p < 0 || p >= 1:
		return zc.nf.errAt(at, "zone %s: `size_prior` is %v; it must lie between 0 and 1", zc.name, p)
	case zc.z.AtMost == nil:
		return zc.nf.errAt(at, "zone %s: `size_prior` needs `at_most` (the chances it weighs)", zc.name)
	case size != SizeHidden && size != SizeSecret:
		return zc.nf.errAt(at, "zone %s: `size_prior` needs `size: hidden` or `secret` (a public size is never sampled)", zc.name)
	}
	return nil
}
