package config

import (
	"errors"
	"path/filepath"
	"reflect"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/ruleslab/ruleslab/core/suggest"
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
	root, declared, err := loadMerged(path, nf, 0)
	if err != nil {
		return nil, err
	}
	if root, err = applySets(root, sets, nf); err != nil {
		return nil, err
	}
	if sn := mapValue(root, "stats"); sn != nil && sn.Kind == yaml.SequenceNode {
		return nil, nf.errAt(sn, "`stats` declares each statistic's kind: `stats: {name: rate|count|mean, ...}`")
	}
	g := &Game{declared: declared}
	if err := nf.decodeStrict(root, reflect.ValueOf(g).Elem()); err != nil {
		// The parameters are checked all the same: a misspelled key must not hide a wrong value.
		if perr := (checker{g: g, root: root, nf: nf}).params(); perr != nil {
			return nil, errors.Join(err, perr)
		}
		return nil, err
	}
	abs, _ := filepath.Abs(path)
	g.Path = abs
	g.Files = nf.files(abs)
	if n := mapValue(root, "ismcts"); n != nil {
		g.ismctsAt = PosError{File: nf[n], Line: n.Line, Col: n.Column}
	}
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
		return nil, &InvalidGame{Game: g, Problems: err}
	}
	return g, nil
}

// InvalidGame is the error of a game that decoded, whose scripts were all found, but that fails its
// checks: its problems (as they print), and the game as decoded (Scripts and BotPaths resolved), so
// its scripts can be checked too and every problem of every file reported at once. Do not play it.
type InvalidGame struct {
	Game     *Game
	Problems error // joined *PosErrors
}

func (e *InvalidGame) Error() string { return e.Problems.Error() }

// Unwrap gives the problems one by one (errors.As finds a *PosError among them).
func (e *InvalidGame) Unwrap() []error {
	if multi, ok := e.Problems.(interface{ Unwrap() []error }); ok {
		return multi.Unwrap()
	}
	return []error{e.Problems}
}

// loadMerged parses path and, if it extends another file, merges it over that file's merged tree. It
// returns the base game's parameter declarations, if it declares them (see declareParams).
func loadMerged(path string, nf nodeFiles, depth int) (*yaml.Node, *paramGroup, error) {
	if depth > maxExtendsDepth {
		return nil, nil, &PosError{File: path, Msg: "`extends` chain is too deep (a cycle?)"}
	}
	root, err := readRoot(path, nf)
	if err != nil {
		return nil, nil, err
	}
	ext := mapValue(root, "extends")
	if ext == nil {
		declared, err := declareParams(root, nf)
		return root, declared, err
	}
	basePath, err := extendsPath(path, ext, nf)
	if err != nil {
		return nil, nil, err
	}
	if err := declaredOverPlain(root, nf); err != nil {
		return nil, nil, err
	}
	base, declared, err := loadMerged(basePath, nf, depth+1)
	if err != nil {
		// A problem with the base file as a whole (missing, too large, a folder) is reported where it is named.
		var pe *PosError
		if errors.As(err, &pe) && pe.File == basePath && pe.Line == 0 {
			return nil, nil, nf.errAt(ext, "extends %q: %s", ext.Value, pe.Msg)
		}
		return nil, nil, err
	}
	// A variant may only change params its base has: a typo in a house rule is an error, not a no-op.
	// Declared params are checked on the merged tree instead, every problem at once (checker.params).
	if declared == nil {
		if err := checkParams(mapValue(base, "params"), mapValue(root, "params"), nf, "params"); err != nil {
			return nil, nil, err
		}
	}
	// The variant's overrides add to its base's, so a house rule needs no copy of the base list.
	if bo, vo := mapValue(base, "overrides"), mapValue(root, "overrides"); bo != nil && vo != nil &&
		bo.Kind == yaml.SequenceNode && vo.Kind == yaml.SequenceNode {
		merged := *vo
		nf[&merged] = nf[vo]
		merged.Content = append(append([]*yaml.Node{}, bo.Content...), vo.Content...)
		setMapValue(root, "overrides", &merged)
	}
	return mergeNodes(base, root, nf), declared, nil
}

// extendsPath is the file that `extends:` (ext, in the file at path) names.
func extendsPath(path string, ext *yaml.Node, nf nodeFiles) (string, error) {
	if ext.Kind != yaml.ScalarNode {
		return "", nf.errAt(ext, "`extends` must be a file name")
	}
	switch {
	case isBundledRef(ext.Value):
		// `extends: mimic-taking` or `extends: mimic-taking/face-up` names a bundled game or variant, so
		// a house rule can live anywhere.
		bp, err := bundledPath(ext.Value)
		if err != nil {
			return "", nf.errAt(ext, "extends %q: %v", ext.Value, err)
		}
		return bp, nil
	case isYAMLName(ext.Value):
		if filepath.IsAbs(ext.Value) {
			return ext.Value, nil
		}
		return filepath.Join(filepath.Dir(path), ext.Value), nil
	}
	return "", nf.errAt(ext, "extends %q: not a game or variant YAML file (give a .yaml path, or a bundled game or variant such as mimic-taking or mimic-taking/face-up)", ext.Value)
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
				known = append(known, base.Content[j].Value)
			}
			hint := suggest.DidYouMean(k.Value, known)
			if len(known) > 20 {
				known = append(known[:20], "...")
			}
			return nf.errAt(k, "unknown parameter %s.%s%s (the base has: %s)", path, k.Value, hint, strings.Join(known, ", "))
		}
		bv := base.Content[j+1]
		if err := checkParams(bv, top.Content[i+1], nf, path+"."+k.Value); err != nil {
			return err
		}
	}
	return nil
}
