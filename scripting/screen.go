package scripting

import (
	"fmt"

	lua "github.com/yuin/gopher-lua"

	"github.com/ruleslab/ruleslab/core"
)

// The hooks that explain a game to people (`play`'s screen, `run`'s errors), usually in the game's
// `screen:` script: render draws a seat's view, describe words an event, explain says why a move is
// not legal. None changes the game.

// Render asks the game's optional `render(obs, legal)` hook to draw a seat's view as text; "" when the
// game has none. The hook sees only the seat's observation and its legal moves, never the state.
func (r *Engine) Render(v core.View) (string, error) {
	if r.render == nil {
		return "", nil
	}
	ot := r.h.Observation(r.p, v, 0)
	if err := r.h.call("render", r.render, 1, ot, r.stringList(v.Legal())); err != nil {
		return "", err
	}
	return r.popString("render")
}

// Describe asks the game's optional `describe(event, seat)` hook for one readable line about an event
// that seat may see; "" when the game has no such hook or it returns nil (the caller then words it
// generically).
func (r *Engine) Describe(e core.Event, seat int) (string, error) {
	if r.describe == nil {
		return "", nil
	}
	list := r.h.eventsTable(r.p, []core.Event{e})
	if err := r.h.call("describe", r.describe, 1, list.RawGetInt(1), r.h.int(seat)); err != nil {
		return "", err
	}
	return r.popString("describe")
}

// Explain implements core.Explainer with the game's optional `explain(g, seat, move)` hook, which may
// only read the game: why `move` (its words canonical: card ids as in the catalogue, other words in
// lower case) is not legal for seat now; "" when it cannot tell.
func (r *Engine) Explain(s *core.State, seat int, move string) (string, error) {
	if r.explain == nil {
		return "", nil
	}
	r.bind(s)
	r.pure("explain")
	err := r.h.call("explain", r.explain, 1, r.g.table, r.h.int(seat), lua.LString(move))
	r.pure("")
	if err != nil {
		return "", err
	}
	return r.popString("explain")
}

// popString pops a hook's result: a string, or nil for none.
func (r *Engine) popString(hook string) (string, error) {
	v := r.h.L.Get(-1)
	r.h.L.Pop(1)
	switch v := v.(type) {
	case lua.LString:
		return string(v), nil
	case *lua.LNilType:
		return "", nil
	}
	return "", fmt.Errorf("hook %s returned a %s, not a string or nil", hook, v.Type())
}

func (r *Engine) stringList(list []string) *lua.LTable {
	t := r.h.L.CreateTable(len(list), 0)
	for _, s := range list {
		t.Append(lua.LString(s))
	}
	return t
}
