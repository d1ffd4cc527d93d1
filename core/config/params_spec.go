package config

import (
	"errors"

	"go.yaml.in/yaml/v3"
)

// ParamSpec is one declared parameter of a game, for people and for the commands that list or template
// them (`show --params`, `new --from`).
type ParamSpec struct {
	Path string `json:"path"` // dotted, e.g. "scoring.smallest"
	// Default is the value this configuration plays with: the declaration's default, as a variant's
	// overlay or a --set changed it.
	Default any    `json:"default"`
	Domain  string `json:"allowed"` // for people: "effective | original", "integer 1..20", "by player count (3, 4): integer 1..20"
	Rule    string `json:"rule,omitempty"`
	About   string `json:"about,omitempty"`
}

// ParamSpecs lists the game's declared parameters in declaration order, groups flattened; nil when the
// game does not declare its parameters.
func (g *Game) ParamSpecs() []ParamSpec {
	if g.declared == nil {
		return nil
	}
	var out []ParamSpec
	g.declared.specs("", g, &out)
	return out
}

func (gr *paramGroup) specs(prefix string, g *Game, out *[]ParamSpec) {
	for _, name := range gr.names {
		m, path := gr.members[name], joinPath(prefix, name)
		if m.group != nil {
			m.group.specs(path, g, out)
			continue
		}
		*out = append(*out, ParamSpec{Path: path, Default: g.Param(path), Domain: m.dom.String(), Rule: m.rule, About: m.about})
	}
}

// params checks the values of a game's declared parameters (its defaults, a variant's overlay, --set),
// reporting every wrong one.
func (c checker) params() error {
	pn := mapValue(c.root, "params")
	if c.g.declared == nil || pn == nil {
		return nil
	}
	vc := &valueCheck{nf: c.nf, players: c.g.Players}
	checkValue(c.g.declared, pn, "", vc)
	return errors.Join(vc.errs...)
}

// declaredOverPlain reports a variant that declares parameters (`default:`): declarations belong to the
// base game; a variant sets plain values (`params: {mimic_lead: original}`).
func declaredOverPlain(top *yaml.Node, nf nodeFiles) error {
	if pn := mapValue(top, "params"); isDeclared(pn) {
		return nf.errAt(pn, "params: a variant sets plain values (`name: value`); declarations (`default:`) belong to the base game")
	}
	return nil
}
