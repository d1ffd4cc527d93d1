package scripting

import "strings"

// Hook is one function the engine calls in a game's scripts: its name, the parameters the engine passes
// (in order), and what the engine does with its result. docs/authoring.md's hook table lists the same
// hooks (a test checks it), the override checks read the arity from here, and `ruleslab hooks` prints
// them.
type Hook struct {
	Name     string
	Params   []string
	Returns  string
	Optional bool // the engine runs without it
}

// Signature is the hook as Lua declares it: `trick_winner(g, trick)`.
func (h Hook) Signature() string { return h.Name + "(" + strings.Join(h.Params, ", ") + ")" }

// Hooks are every hook the engine calls (engine.go, screen.go), in the order the docs list them.
var Hooks = []Hook{
	{Name: "setup", Params: []string{"g"}, Returns: "nothing; must end by asking the first decision"},
	{Name: "on_move", Params: []string{"g", "seat", "move"}, Returns: "nothing; must ask the next decision or end the game"},
	{Name: "normalize", Params: []string{"g", "seat", "move"}, Returns: "the move's canonical spelling (a string)", Optional: true},
	{Name: "trick_winner", Params: []string{"g", "trick"}, Returns: "the 1-based index of the winning card in trick.cards, and optionally a value for trick_done"},
	{Name: "trick_done", Params: []string{"g", "winner", "trick", "info"}, Returns: "nothing; must ask the next decision, start a trick, or end the game"},
	{Name: "can_play", Params: []string{"g", "seat", "card", "trick"}, Returns: "whether seat may play card (a boolean)", Optional: true},
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
