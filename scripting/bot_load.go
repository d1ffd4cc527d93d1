package scripting

import (
	"fmt"
	"maps"
	"math/rand/v2"

	lua "github.com/yuin/gopher-lua"
)

// A Lua bot is loaded once per engine and copied for each seat and game. Running a bot's script builds
// its tables (a new string key costs a Go map entry: a bot that indexes its card facts by move spends
// far more loading than deciding a move), so the engine runs it once, into a template environment that
// no bot runs in, and each seat of each game gets a copy of what the script left (bot_clone.go): its
// memory starts as the script left it, its own, as if the script had run for it. A worker restarts a
// seat's bot for its next game in the same copy, refilled (LuaBot.Restart).
//
// A copy is what a load would have made only when the load did the same whoever ran it. So the bot is
// loaded again for every seat and game, as before, when its load drew a random number (from the game's
// stream), failed, or left something a copy cannot make anew: a coroutine, a userdata, a Go function
// or a function of the rules made while it loaded (a string.gmatch iterator keeps its place, a closure
// a rules helper returned may keep its own variables); and when the rules keep state between games,
// since RULES then changes with every game.

// botTemplate is a bot as the engine loaded it once: its environment and what a copy makes anew.
type botTemplate struct {
	env   *lua.LTable
	graph *loadedGraph
	why   string // why the bot is loaded for each seat and game instead ("" when it is copied)
}

// botTemplate returns the engine's template of the bot, loading it at its first use.
func (e *Engine) botTemplate(name string, chunk *Chunk) *botTemplate {
	if t, ok := e.botTemplates[name]; ok {
		return t
	}
	t := e.loadTemplate(chunk)
	if e.botTemplates == nil {
		e.botTemplates = map[string]*botTemplate{}
	}
	e.botTemplates[name] = t
	return t
}

// loadTemplate runs the bot's script once as a game would (RULES, a g of its own) and finds what a
// copy makes anew, or says why the bot cannot be copied.
func (e *Engine) loadTemplate(chunk *Chunk) *botTemplate {
	if !tableLayoutOK {
		return &botTemplate{why: "this build's gopher-lua tables are not the ones bot_clone.go copies"}
	}
	if e.keepsState() {
		return &botTemplate{why: "the rules keep state between games"}
	}
	h := e.h
	g := h.botFacts(&botFacts{e: e, p: e.p, data: e.data})
	draws := &countingSource{Source: rand.NewPCG(0, 0)}
	rng := h.rand
	h.rand = rand.New(draws) // a draw is seen, not refused: a refusal caught by pcall would go unseen
	env, err := h.newEnv(e.p, []*Chunk{chunk}, nil, func(env *lua.LTable) {
		env.RawSetString("RULES", e.Exports())
		env.RawSetString("g", g)
	})
	h.rand = rng
	switch {
	case err != nil:
		return &botTemplate{why: fmt.Sprintf("it failed to load (%v)", err)}
	case draws.n > 0:
		return &botTemplate{why: "it draws random numbers while it loads"}
	}
	shares := h.botShares(g, e.Exports())
	for t := range constantTables(h, env, chunk) {
		shares[t] = true
	}
	graph, why := findGraph(env, chunk, shares, g)
	return &botTemplate{env: env, graph: graph, why: why}
}

// constantTables are the tables of plain values the bot's script built at load that no code can
// change, which its copies share: each is held only by module-level locals that its functions only
// index or measure (`FACTS[id]`, `#IDS`; Chunk.escapes) and never write (`X[k] = v`: Chunk.KeptState),
// as the rules' frozen scripts leave such tables as they are (freeze.go). Anything else (a table
// passed to a function, held by another table, a global, or a function's own local a closure made at
// load keeps) is copied.
func constantTables(h *Host, env *lua.LTable, chunk *Chunk) map[*lua.LTable]bool {
	changing := maps.Clone(chunk.escapes) // the module-level locals whose tables may change
	for _, w := range chunk.KeptState {
		changing[w.Name] = true
	}
	f := &freezer{h: h, seen: map[*lua.LFunction]bool{}, escapes: map[string]map[string]bool{chunk.Path: changing},
		indexOnly: map[*lua.LTable]bool{}, moduleLevel: map[*lua.FunctionProto]bool{}}
	for _, p := range chunk.Proto.FunctionPrototypes {
		f.moduleLevel[p] = true
	}
	f.findIndexOnly(env)
	return f.indexOnly
}

// countingSource counts the numbers drawn from it.
type countingSource struct {
	rand.Source
	n int
}

func (s *countingSource) Uint64() uint64 {
	s.n++
	return s.Source.Uint64()
}

// botShares are the objects a bot's copies share: the library table its environment reads through,
// the Go functions of the libraries and g's methods (made once per host, they keep no state), and the
// rules' functions RULES lists (their module-level tables are frozen).
func (h *Host) botShares(g *lua.LUserData, rules *lua.LTable) map[lua.LValue]bool {
	shared := map[lua.LValue]bool{h.globals: true}
	addFuncs := func(t *lua.LTable) {
		raw(t).ForEach(func(_, v lua.LValue) {
			if fn, ok := v.(*lua.LFunction); ok && fn.IsG {
				shared[fn] = true
			}
		})
	}
	addFuncs(h.globals)
	h.globals.ForEach(func(_, v lua.LValue) {
		if t, ok := v.(*lua.LTable); ok {
			addFuncs(t)
		}
	})
	raw(rules).ForEach(func(_, v lua.LValue) { shared[v] = true })
	for name := range botFactMethods {
		shared[h.L.GetField(g, name)] = true
	}
	return shared
}

// copyFor is a new environment of the bot for a seat of a game: the template's copy, with g. c is the
// bot's earlier copy of this template, refilled in place, or nil; the copy used is returned with it.
func (t *botTemplate) copyFor(g *lua.LUserData, c *graphCopy) (*lua.LTable, *graphCopy) {
	if c == nil || c.from != t.graph {
		c = t.graph.newCopy()
	}
	return c.fill(t.env, g), c
}
