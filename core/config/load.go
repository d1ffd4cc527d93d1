package config

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"

	"go.yaml.in/yaml/v3"
)

// ErrUnknownGame is returned (wrapped) when a game id is neither bundled nor a file.
var ErrUnknownGame = errors.New("unknown game")

// Load reads a game or variant YAML file, applies its `extends` chain and checks the result.
func Load(path string) (*Game, error) { return LoadWith(path, nil) }

// LoadWith is Load with values set at dotted paths of the merged configuration before it is decoded
// and checked (sweep's grid points; see Set).
func LoadWith(path string, sets []Set) (*Game, error) {
	path = Locate(path)
	nf := nodeFiles{}
	root, err := loadMerged(path, nf, 0)
	if err != nil {
		return nil, err
	}
	if root, err = applySets(root, sets, nf); err != nil {
		return nil, err
	}
	if sn := mapValue(root, "stats"); sn != nil && sn.Kind == yaml.SequenceNode {
		return nil, nf.errAt(sn, "`stats` declares each statistic's kind: `stats: {name: rate|count|mean, ...}`")
	}
	g := &Game{}
	if err := nf.decodeStrict(root, reflect.ValueOf(g).Elem()); err != nil {
		return nil, err
	}
	abs, _ := filepath.Abs(path)
	g.Path = abs
	if g.Extends != "" {
		// A variant is named by its file; its game id is the base's.
		if idn := mapValue(root, "id"); idn != nil && nf[idn] == path {
			return nil, nf.errAt(idn, "a variant is named by its file name: remove `id`")
		}
		g.Variant = strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
		g.Base = g.ID
	}
	if err := resolvePaths(g, root, nf); err != nil {
		return nil, err
	}
	if err := check(g, root, nf); err != nil {
		return nil, err
	}
	return g, nil
}

// loadMerged parses path and, if it extends another file, merges it over that file's merged tree.
func loadMerged(path string, nf nodeFiles, depth int) (*yaml.Node, error) {
	if depth > 8 {
		return nil, &PosError{File: path, Msg: "`extends` chain is too deep (a cycle?)"}
	}
	root, err := readRoot(path, nf)
	if err != nil {
		return nil, err
	}
	ext := mapValue(root, "extends")
	if ext == nil {
		return root, nil
	}
	if ext.Kind != yaml.ScalarNode {
		return nil, nf.errAt(ext, "`extends` must be a file name")
	}
	var basePath string
	switch {
	case isBundledRef(ext.Value):
		// `extends: mimic-taking` or `extends: mimic-taking/face-up` names a bundled game or variant, so
		// a house rule can live anywhere.
		bp, err := bundledPath(ext.Value)
		if err != nil {
			return nil, nf.errAt(ext, "extends %q: %v", ext.Value, err)
		}
		basePath = bp
	case isYAMLName(ext.Value):
		basePath = ext.Value
		if !filepath.IsAbs(basePath) {
			basePath = filepath.Join(filepath.Dir(path), basePath)
		}
	default:
		return nil, nf.errAt(ext, "extends %q: not a game or variant YAML file (give a .yaml path, or a bundled game or variant such as mimic-taking or mimic-taking/face-up)", ext.Value)
	}
	base, err := loadMerged(basePath, nf, depth+1)
	if err != nil {
		// A problem with the base file as a whole (missing, too large, a folder) is reported where it is named.
		var pe *PosError
		if errors.As(err, &pe) && pe.File == basePath && pe.Line == 0 {
			return nil, nf.errAt(ext, "extends %q: %s", ext.Value, pe.Msg)
		}
		return nil, err
	}
	// A variant may only change params its base has: a typo in a house rule is an error, not a no-op.
	if err := checkParams(mapValue(base, "params"), mapValue(root, "params"), nf, "params"); err != nil {
		return nil, err
	}
	// The variant's overrides add to its base's, so a house rule needs no copy of the base list.
	if bo, vo := mapValue(base, "overrides"), mapValue(root, "overrides"); bo != nil && vo != nil &&
		bo.Kind == yaml.SequenceNode && vo.Kind == yaml.SequenceNode {
		merged := *vo
		nf[&merged] = nf[vo]
		merged.Content = append(append([]*yaml.Node{}, bo.Content...), vo.Content...)
		setMapValue(root, "overrides", &merged)
	}
	return mergeNodes(base, root, nf), nil
}

// mergeNodes overlays top onto base: maps deep-merge, everything else is replaced. A merged map has
// top's position (the overlay changed it), so errors about it point into the overlay.
func mergeNodes(base, top *yaml.Node, nf nodeFiles) *yaml.Node {
	if base == nil || base.Kind != yaml.MappingNode || top.Kind != yaml.MappingNode {
		return top
	}
	out := *base
	out.Line, out.Column = top.Line, top.Column
	nf[&out] = nf[top]
	out.Content = append([]*yaml.Node{}, base.Content...)
	at := keyIndex(&out)
	for i := 0; i+1 < len(top.Content); i += 2 {
		k, v := top.Content[i], top.Content[i+1]
		if j, ok := at[k.Value]; ok {
			out.Content[j+1] = mergeNodes(out.Content[j+1], v, nf)
		} else {
			out.Content = append(out.Content, k, v)
		}
	}
	return &out
}

// keyIndex maps each key of a mapping to its index in Content (keys are unique: see checkTree), so
// merging two large mappings is not quadratic.
func keyIndex(m *yaml.Node) map[string]int {
	at := make(map[string]int, len(m.Content)/2)
	for j := 0; j+1 < len(m.Content); j += 2 {
		at[m.Content[j].Value] = j
	}
	return at
}

func mapValue(m *yaml.Node, key string) *yaml.Node {
	if m == nil || m.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return m.Content[i+1]
		}
	}
	return nil
}

func setMapValue(m *yaml.Node, key string, v *yaml.Node) {
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			m.Content[i+1] = v
			return
		}
	}
}

// resolvePaths makes script and bot paths absolute, relative to the file each was written in, and
// checks that each stays inside the root of its file's tree (see scriptRoot) and is small enough.
func resolvePaths(g *Game, root *yaml.Node, nf nodeFiles) error {
	roots := map[string]string{}
	total, files := int64(0), 0
	rel := func(key string, n *yaml.Node) (string, error) {
		file := nf[n]
		dir, err := filepath.Abs(filepath.Dir(file))
		if err != nil {
			return "", nf.errAt(n, "%s: %v", key, err)
		}
		if real, err := realPath(dir); err == nil {
			dir = real
		}
		fileRoot, ok := roots[dir]
		if !ok {
			fileRoot = scriptRoot(dir)
			roots[dir] = fileRoot
		}
		p := n.Value
		if !filepath.IsAbs(p) {
			p = filepath.Join(dir, p)
		}
		p = filepath.Clean(p)
		outside := func() error {
			where := "the folder of the file that names it"
			if fileRoot != dir {
				where = "the ruleslab folder"
			}
			shownRoot := fileRoot
			if IsEmbedded(fileRoot) {
				shownRoot = "built into ruleslab"
			}
			return nf.errAt(n, "%s: %q is outside %s (%s): a script or bot must lie in that folder or below", key, n.Value, where, shownRoot)
		}
		// The file as found (symbolic links followed) must lie inside; a missing one is "outside" when
		// its path is.
		real, err := realPath(p)
		if err != nil {
			if !inside(fileRoot, p) {
				return "", outside()
			}
			return "", nf.errAt(n, "script %q: no such file", n.Value)
		}
		if !inside(fileRoot, real) {
			return "", outside()
		}
		st, err := statPath(real)
		if err != nil {
			return "", nf.errAt(n, "script %q: no such file", n.Value)
		}
		if !st.Mode().IsRegular() {
			return "", nf.errAt(n, "%s: %q is not a file", key, n.Value)
		}
		if st.Size() > MaxScriptBytes {
			return "", nf.errAt(n, "%s: %q is too large (%d bytes; the limit is %s)", key, n.Value, st.Size(), byteSize(MaxScriptBytes))
		}
		if total += st.Size(); total > MaxGameScriptBytes {
			return "", nf.errAt(n, "%s: the game's Lua files come to more than %s (each listing counts)", key, byteSize(MaxGameScriptBytes))
		}
		if files++; files > MaxGameScripts {
			return "", nf.errAt(n, "%s: a game may name at most %d Lua files", key, MaxGameScripts)
		}
		return p, nil
	}
	if n := mapValue(root, "script"); n != nil {
		p, err := rel("script", n)
		if err != nil {
			return err
		}
		g.Scripts = append(g.Scripts, p)
	}
	// the screen script right after the rules: before the overrides, so an override's `base` is still
	// the rules' (each chunk loaded rebinds `base`), and a house rule may redefine render
	if n := mapValue(root, "screen"); n != nil {
		p, err := rel("screen", n)
		if err != nil {
			return err
		}
		g.Scripts = append(g.Scripts, p)
	}
	if n := mapValue(root, "overrides"); n != nil {
		for _, c := range n.Content {
			p, err := rel("overrides", c)
			if err != nil {
				return err
			}
			g.Scripts = append(g.Scripts, p)
		}
	}
	g.BotPaths = map[string]string{}
	if n := mapValue(root, "bots"); n != nil {
		for i := 0; i+1 < len(n.Content); i += 2 {
			p, err := rel("bots."+n.Content[i].Value, n.Content[i+1])
			if err != nil {
				return err
			}
			g.BotPaths[n.Content[i].Value] = p
		}
	}
	return nil
}

// scriptRoot is the folder that the script and bot paths of a game file in dir may not leave: for a
// file under a ruleslab home's variants/ (a bundled game: the home is the nearest folder above that
// holds both variants/ and scripts/), the home; for any other file, its own folder.
func scriptRoot(dir string) string {
	if IsEmbedded(dir) {
		return EmbeddedRoot
	}
	for d := dir; ; d = filepath.Dir(d) {
		if filepath.Base(d) == "variants" {
			if st, err := os.Stat(filepath.Join(filepath.Dir(d), "scripts")); err == nil && st.IsDir() {
				return filepath.Dir(d)
			}
		}
		if filepath.Dir(d) == d {
			return dir
		}
	}
}

// inside reports whether path is root or lies below it (both clean and absolute).
func inside(root, path string) bool {
	r, err := filepath.Rel(root, path)
	return err == nil && r != ".." && !strings.HasPrefix(r, ".."+string(filepath.Separator))
}

// isYAMLName reports whether a path names a .yaml or .yml file.
func isYAMLName(p string) bool {
	return strings.HasSuffix(p, ".yaml") || strings.HasSuffix(p, ".yml")
}

// isBundledRef reports whether `extends:` names a bundled game or variant ("mimic-taking",
// "mimic-taking/face-up") rather than a file.
func isBundledRef(ref string) bool {
	if ref == "" || isYAMLName(ref) {
		return false
	}
	parts := strings.Split(ref, "/")
	if len(parts) > 2 {
		return false
	}
	for _, p := range parts {
		if p == "" || p[0] == '.' || strings.ContainsAny(p, `\:`) {
			return false
		}
	}
	return true
}

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

// yamlSyntaxError turns yaml.v3's "yaml: line N: msg" into file:N:1: msg.
func yamlSyntaxError(path string, err error) error {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	var line int
	if n, _ := fmt.Sscanf(msg, "line %d:", &line); n == 1 {
		msg = strings.TrimSpace(msg[strings.Index(msg, ":")+1:])
		return &PosError{File: path, Line: line, Col: 1, Msg: msg}
	}
	return &PosError{File: path, Msg: msg}
}

// checkParams reports a key of top that base lacks, recursively through maps.
func checkParams(base, top *yaml.Node, nf nodeFiles, path string) error {
	if base == nil || top == nil || base.Kind != yaml.MappingNode || top.Kind != yaml.MappingNode {
		return nil
	}
	at := keyIndex(base)
	for i := 0; i+1 < len(top.Content); i += 2 {
		k := top.Content[i]
		j, ok := at[k.Value]
		if !ok {
			var known []string
			for j := 0; j+1 < len(base.Content); j += 2 {
				if len(known) == 20 {
					known = append(known, "...")
					break
				}
				known = append(known, base.Content[j].Value)
			}
			return nf.errAt(k, "unknown param %s.%s (the base has: %s)", path, k.Value, strings.Join(known, ", "))
		}
		bv := base.Content[j+1]
		if err := checkParams(bv, top.Content[i+1], nf, path+"."+k.Value); err != nil {
			return err
		}
	}
	return nil
}

// checkComponents counts the catalogue before anything builds it: each component's copies are its
// count times the combinations of its `each` lists, and the total may not pass MaxComponents.
func checkComponents(defs []Component, list *yaml.Node, nf nodeFiles) error {
	const huge = 1 << 62 // copies are counted up to this, so the product cannot overflow
	total, cells := 0, 0
	for i, d := range defs {
		cn := At(list, i)
		if d.Count < 0 {
			return nf.errAt(At(cn, "count"), "components[%d] %q: `count` must be at least 1", i, d.ID)
		}
		n, what := min(max(d.Count, 1), huge), "count"
		for _, k := range sortedKeys(d.Each) {
			l := len(d.Each[k])
			if l == 0 {
				return nf.errAt(At(cn, "each", k), "components[%d] %q: `each.%s` is empty, so it makes no component", i, d.ID, k)
			}
			what = "count × `each` combinations"
			if n > huge/l {
				n = huge
			} else {
				n *= l
			}
		}
		switch {
		case n > MaxComponents:
			return nf.errAt(cn, "components[%d] %q: %s copies (%s); a game has at most %d components",
				i, d.ID, bigCount(n, huge), what, MaxComponents)
		case total+n > MaxComponents:
			return nf.errAt(cn, "components[%d] %q: its %d copies bring the catalogue to %d components; a game has at most %d",
				i, d.ID, n, total+n, MaxComponents)
		}
		total += n
		if err := checkComponentSize(d, i, n/max(d.Count, 1), cn, nf, &cells); err != nil {
			return err
		}
	}
	return nil
}

// checkComponentSize bounds what building one component costs beyond its count: its attribute and
// `each` values are plain and short, its filled-in id is short, and the catalogue's attribute cells
// (combinations × attributes, each combination has its own map) stay below MaxAttrCells.
func checkComponentSize(d Component, i, combos int, cn *yaml.Node, nf nodeFiles, cells *int) error {
	// The node is looked up only for an error: At scans a mapping, once per attribute would be quadratic.
	value := func(v any, path []any) (int, error) {
		what := fmt.Sprintf("%s.%s", path[0], path[1])
		if len(path) > 2 {
			what += fmt.Sprintf("[%d]", path[2])
		}
		switch v.(type) {
		case map[string]any, []any:
			n := At(cn, path...)
			return 0, nf.errAt(n, "components[%d] %q: %s must be a number, string or boolean, not %s", i, d.ID, what, describe(n))
		}
		l := len(fmt.Sprint(v))
		if l > MaxValueBytes {
			return 0, nf.errAt(At(cn, path...), "components[%d] %q: %s is %d bytes long; at most %d", i, d.ID, what, l, MaxValueBytes)
		}
		return l, nil
	}
	for _, k := range sortedKeys(d.Attrs) {
		if _, err := value(d.Attrs[k], []any{"attrs", k}); err != nil {
			return err
		}
	}
	idn := At(cn, "id")
	if len(d.ID) > MaxIDBytes {
		return nf.errAt(idn, "components[%d]: the id is %d bytes long; at most %d", i, len(d.ID), MaxIDBytes)
	}
	longest := len(d.ID) // an upper bound of the filled-in id's length
	for _, k := range sortedKeys(d.Each) {
		maxLen := 0
		for j, v := range d.Each[k] {
			l, err := value(v, []any{"each", k, j})
			if err != nil {
				return err
			}
			maxLen = max(maxLen, l)
		}
		if grow := maxLen - len(k) - 2; grow > 0 {
			longest += strings.Count(d.ID, "{"+k+"}") * grow
		}
	}
	if longest > MaxIDBytes {
		return nf.errAt(idn, "components[%d] %q: a filled-in id can be %d bytes long; at most %d", i, d.ID, longest, MaxIDBytes)
	}
	if *cells += combos * (len(d.Attrs) + len(d.Each) + 1); *cells > MaxAttrCells {
		return nf.errAt(cn, "components[%d] %q: the catalogue reaches %d attribute values (cards × attributes); a game has at most %d",
			i, d.ID, *cells, MaxAttrCells)
	}
	return nil
}

func bigCount(n, huge int) string {
	if n >= huge {
		return "more than 4e18"
	}
	return fmt.Sprint(n)
}
