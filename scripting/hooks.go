package scripting

import (
	"fmt"
	"strings"
)

// Hook is one function the engine calls in a game's scripts: its name, the parameters the engine passes
// (in order), and what the engine does with its result. docs/authoring.md's hook table lists the same
// hooks (a test checks it), the override checks read the arity from here, and `ruleslab hooks` prints
// them.
type Hook struct {
	Name     string
	Params   []string
	Returns  string
	Optional bool // the engine runs without it
	Trick    bool // only the trick mechanic calls it (and needs it)
}

// Signature is the hook as Lua declares it: `trick_winner(g, trick)`.
func (h Hook) Signature() string { return h.Name + "(" + strings.Join(h.Params, ", ") + ")" }

// Hooks are every hook the engine calls (engine.go, screen.go), in the order the docs list them.
var Hooks = []Hook{
	{Name: "setup", Params: []string{"g"}, Returns: "nothing; must end by asking the first decision"},
	{Name: "on_move", Params: []string{"g", "seat", "move"}, Returns: "nothing; must ask the next decision or end the game"},
	{Name: "normalize", Params: []string{"g", "seat", "move"}, Returns: "the move's canonical spelling (a string)", Optional: true},
	{Name: "trick_winner", Params: []string{"g", "trick"}, Returns: "the 1-based index of the winning card in trick.cards, and optionally a value for trick_done", Trick: true},
	{Name: "trick_done", Params: []string{"g", "winner", "trick", "info"}, Returns: "nothing; must ask the next decision, start a trick, or end the game", Trick: true},
	{Name: "can_play", Params: []string{"g", "seat", "card", "trick"}, Returns: "whether seat may play card (a boolean)", Optional: true, Trick: true},
	{Name: "stats", Params: []string{"g"}, Returns: "{seat = {name = {v0, v1, ...}}, game = {name = v}}", Optional: true},
	{Name: "render", Params: []string{"obs", "legal"}, Returns: "the seat's view as text (a string)", Optional: true},
	{Name: "describe", Params: []string{"event", "seat"}, Returns: "one line about the event (a string), or nil", Optional: true},
	{Name: "explain", Params: []string{"g", "seat", "move"}, Returns: "why move is not legal now (a string), or nil", Optional: true},
	{Name: "evaluate", Params: []string{"g"}, Returns: "every seat's standing, {v0, v1, ...}", Optional: true},
	{Name: "sample_ok", Params: []string{"g", "seat"}, Returns: "a boolean, or a chance from 0 to 1", Optional: true},
	{Name: "rollout", Params: []string{"g", "seat", "legal"}, Returns: "one of legal", Optional: true},
}

// hookNames are the names of Hooks, in their order.
var hookNames = func() []string {
	names := make([]string, len(Hooks))
	for i, h := range Hooks {
		names[i] = h.Name
	}
	return names
}()

// HookNamed returns the engine's hook of that name.
func HookNamed(name string) (Hook, bool) {
	for _, h := range Hooks {
		if h.Name == name {
			return h, true
		}
	}
	return Hook{}, false
}

// Definition is a function of a game's scripts a house rule may replace, as `ruleslab hooks` lists it:
// an engine hook (defined by the game or not), or a global function of its scripts.
type Definition struct {
	Name      string   `json:"name"`
	Signature string   `json:"signature"`          // a hook's as the engine calls it, else as defined
	Hook      bool     `json:"hook"`               // the engine calls it
	Optional  bool     `json:"optional,omitempty"` // a hook the engine runs without
	Trick     bool     `json:"trick,omitempty"`    // a hook only the trick mechanic calls
	Returns   string   `json:"returns,omitempty"`  // a hook's: what the engine does with its result
	File      string   `json:"file,omitempty"`     // where the definition in force is ("" for a hook the game lacks)
	Line      int      `json:"line,omitempty"`     // ... and its line
	Comment   string   `json:"comment"`            // the `--` lines right above it, without `--`
	Replaces  []string `json:"replaces,omitempty"` // the earlier definitions it replaces (an override's), file:line
}

// Definitions lists every engine hook (in Hooks' order) and then every other global function the
// game's scripts define (in the order they are first defined), each with the definition in force: a
// later script (an override) replaces an earlier one's.
func (p *Program) Definitions() []Definition {
	defs, order := p.definitionsByName()
	out := make([]Definition, 0, len(Hooks)+len(order))
	for _, h := range Hooks {
		d := Definition{Name: h.Name, Signature: h.Signature(), Hook: true, Optional: h.Optional, Trick: h.Trick, Returns: h.Returns}
		out = append(out, withDefinitions(d, defs[h.Name]))
	}
	for _, name := range order {
		if _, isHook := HookNamed(name); !isHook {
			list := defs[name]
			out = append(out, withDefinitions(Definition{Name: name, Signature: list[len(list)-1].def.Signature()}, list))
		}
	}
	return out
}

// withDefinitions fills in where d is defined: the last of its definitions (in load order) is in
// force, the others it replaces.
func withDefinitions(d Definition, list []baseFunc) Definition {
	if len(list) == 0 {
		return d
	}
	last := list[len(list)-1]
	d.File, d.Line, d.Comment = last.path, last.def.Line, last.def.Comment
	for _, earlier := range list[:len(list)-1] {
		d.Replaces = append(d.Replaces, fmt.Sprintf("%s:%d", earlier.path, earlier.def.Line))
	}
	return d
}

// definitionsByName is, by name, every definition of each global function of the rules scripts in
// load order, and the names in the order they are first defined.
func (p *Program) definitionsByName() (map[string][]baseFunc, []string) {
	defs := map[string][]baseFunc{}
	var order []string
	for _, c := range p.Chunks {
		for _, d := range c.Defs {
			if _, seen := defs[d.Name]; !seen {
				order = append(order, d.Name)
			}
			defs[d.Name] = append(defs[d.Name], baseFunc{def: d, path: c.Path})
		}
	}
	return defs, order
}
