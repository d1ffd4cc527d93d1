package scripting

import (
	"errors"
	"fmt"
	"maps"
	"slices"

	lua "github.com/yuin/gopher-lua"

	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/core/config"
)

// Program is a game's compiled Lua, shared read-only by every worker.
type Program struct {
	Game   *core.Game
	Chunks []*Chunk
	Bots   map[string]*Chunk
	kept   []StateWrite // the chunks' KeptState, in order
}

// KeptState lists where the rule scripts' functions write module-level locals or globals (state
// that would outlive a game), the first write of each name: such a program is loaded again for every
// game, at a cost; `validate` names each.
func (p *Program) KeptState() []StateWrite { return p.kept }

// Compile compiles a game's rule scripts and bot scripts and checks them before any runs (lint.go,
// overrides.go). It reports every problem it finds, joined (errors.Join), each as file:line:col: message.
func Compile(g *core.Game) (*Program, error) {
	sc, err := compileScripts(g.Config)
	if err != nil {
		return nil, err
	}
	p := &Program{Game: g, Chunks: sc.rules, Bots: sc.bots}
	for _, c := range p.Chunks {
		p.kept = firstWrites(append(p.kept, c.KeptState...))
	}
	// the game's ismcts defaults are checked now, not when a search bot is first seated
	if _, err := p.SearchDefaults(); err != nil {
		return nil, err
	}
	return p, nil
}

// CheckScripts compiles and checks a game's scripts as Compile does, for a configuration that failed
// its own checks (config.InvalidGame), so its scripts' problems are reported with the YAML's.
func CheckScripts(cfg *config.Game) error {
	_, err := compileScripts(cfg)
	return err
}

// scripts are a game's compiled Lua: the rules chunks in load order, and the bots by name.
type scripts struct {
	rules []*Chunk
	bots  map[string]*Chunk
}

// compileScripts compiles every script of cfg and checks them (staticProblems); every problem found,
// joined.
func compileScripts(cfg *config.Game) (scripts, error) {
	sc := scripts{bots: map[string]*Chunk{}}
	var errs []error
	add := func(path string) *Chunk {
		c, lint, err := compileChunk(path)
		errs = append(errs, err, lint)
		return c
	}
	for _, path := range cfg.Scripts {
		sc.rules = append(sc.rules, add(path))
	}
	for _, n := range slices.Sorted(maps.Keys(cfg.BotPaths)) {
		sc.bots[n] = add(cfg.BotPaths[n])
	}
	errs = append(errs, sc.staticProblems(len(cfg.Overrides), cfg.Params)...)
	return sc, errors.Join(errs...)
}

// staticProblems are the problems the scripts' syntax trees show: unknown g: methods in every script
// that compiled, and the override checks (the last overrides rules chunks are overrides) when every
// rules script compiled (with one missing, every function after it would look new).
func (sc scripts) staticProblems(overrides int, params map[string]any) []error {
	var errs []error
	all := true
	for _, c := range sc.rules {
		if c == nil {
			all = false
			continue
		}
		errs = append(errs, unknownGMethods(c, gMethods, "the rules'")...)
		errs = append(errs, unknownParams(c, params)...)
	}
	for _, n := range slices.Sorted(maps.Keys(sc.bots)) {
		if c := sc.bots[n]; c != nil {
			errs = append(errs, unknownGMethods(c, botFactMethods, "a bot's")...)
			errs = append(errs, unknownParams(c, params)...)
		}
	}
	if all {
		errs = append(errs, overrideProblems(sc.rules, len(sc.rules)-overrides, callArgsOf(sc.rules))...)
	}
	return errs
}

// hostData is what a host caches per program: card attribute tables, card id strings, attribute
// values as strings, and params as Lua values (hooks read them often; building them per call is slow).
type hostData struct {
	protect func(lua.LValue, string) lua.LValue // the host's protectDeep
	cards   *lua.LTable                         // CARDS: a read-only proxy of cardIdx
	cardIdx *lua.LTable                         // id -> the card's attribute table (a read-only proxy)
	cardStr []lua.LValue                        // CardIdx -> id string
	idStr   map[string]lua.LValue
	attrs   map[string][]string
	lists   map[string][]lua.LValue // g:card_list's values by attribute (cardList)
	codes   map[string]*attrCodes   // g:tally's view of attrs (tally.go)
	params  map[string]lua.LValue
	memo    map[string]lua.LValue // g:memo values: pure functions of the program, shared by its games
}

// idValue returns a card id as a preboxed Lua string.
func (d *hostData) idValue(id string) lua.LValue {
	if v, ok := d.idStr[id]; ok {
		return v
	}
	return lua.LString(id)
}

// attrKeys returns each card's value of attr as a string ("" when the card lacks it).
func (d *hostData) attrKeys(cat *core.Catalog, attr string) []string {
	if keys, ok := d.attrs[attr]; ok {
		return keys
	}
	keys := make([]string, len(cat.Cards))
	for i, c := range cat.Cards {
		if v, ok := c.Attrs[attr]; ok {
			keys[i] = fmt.Sprint(v)
		}
	}
	d.attrs[attr] = keys
	return keys
}

// paramsTable returns every param as one shared Lua table (bots and render read obs.params).
func (d *hostData) paramsTable(L *lua.LState, params map[string]any) lua.LValue {
	if v, ok := d.params[""]; ok {
		return v
	}
	v := d.protect(toLua(L, params), "params")
	d.params[""] = v
	return v
}

// param returns a params value by dotted path, converted once and shared (treat it as read-only).
func (d *hostData) param(L *lua.LState, cfg *config.Game, path string) lua.LValue {
	if v, ok := d.params[path]; ok {
		return v
	}
	v := d.protect(toLua(L, cfg.Param(path)), "params")
	d.params[path] = v
	return v
}

func (h *Host) data(p *Program) *hostData {
	if h.progs == nil {
		h.progs = map[*Program]*hostData{}
	}
	if d, ok := h.progs[p]; ok {
		return d
	}
	L := h.L
	d := &hostData{attrs: map[string][]string{}, lists: map[string][]lua.LValue{}, params: map[string]lua.LValue{}, protect: h.protectDeep}
	cards := L.NewTable()
	d.idStr = map[string]lua.LValue{}
	for _, c := range p.Game.Catalog.Cards {
		d.cardStr = append(d.cardStr, lua.LString(c.ID))
		d.idStr[c.ID] = d.cardStr[len(d.cardStr)-1]
		if cards.RawGetString(c.ID) != lua.LNil {
			continue
		}
		t := L.NewTable()
		t.RawSetString("id", lua.LString(c.ID))
		t.RawSetString("kind", lua.LString(c.Kind))
		for _, k := range sortedKeys(c.Attrs) { // in order: pairs() follows it
			t.RawSetString(k, toLua(L, c.Attrs[k]))
		}
		cards.RawSetString(c.ID, t)
	}
	d.cards = h.protectDeep(cards, "CARDS").(*lua.LTable)
	d.cardIdx = cards
	h.progs[p] = d
	return d
}

// newEnv makes a fresh global environment that reads the sandboxed libraries through __index, runs
// chunks in order, and before each later chunk exposes the hooks defined so far as `base`.
func (h *Host) newEnv(p *Program, chunks []*Chunk, hooks []string, prepare ...func(env *lua.LTable)) (*lua.LTable, error) {
	L := h.L
	env := L.NewTable()
	meta := L.NewTable()
	meta.RawSetString("__index", h.globals)
	L.SetMetatable(env, meta)
	env.RawSetString("CARDS", h.data(p).cards)
	// PARAMS: every param, the shared read-only table obs.params is; a script may read it at load
	// (params never change within an engine) instead of calling g:param on every move
	env.RawSetString("PARAMS", h.data(p).paramsTable(L, p.Game.Config.Params))
	for _, f := range prepare {
		f(env)
	}
	for i, c := range chunks {
		if i > 0 {
			base := L.NewTable()
			for _, name := range hooks {
				if fn, ok := env.RawGetString(name).(*lua.LFunction); ok {
					base.RawSetString(name, fn)
				}
			}
			if hooks != nil {
				// every function the earlier chunks defined, so an override may wrap a game's own
				// helper hooks (a rule a variant replaces) as well as the engine's
				env.ForEach(func(k, v lua.LValue) {
					if fn, ok := v.(*lua.LFunction); ok && base.RawGet(k) == lua.LNil {
						base.RawSet(k, fn)
					}
				})
			}
			env.RawSetString("base", h.protect(base, "base"))
		}
		fn := L.NewFunctionFromProto(c.Proto)
		fn.Env = env
		if err := h.call("(loading "+c.Path+")", fn, 0); err != nil {
			return nil, err
		}
	}
	return env, nil
}

// CheckHooks loads a program once on a fresh host to report scripts that fail at load time or that
// define no setup hook; `validate` uses it (the static checks ran in Compile). It returns the notes of
// the state the static checks cannot see: a library's Go function kept from loading.
func (p *Program) CheckHooks() ([]StateWrite, error) {
	h := NewHost()
	defer h.Close()
	env, err := h.newEnv(p, p.Chunks, hookNames)
	if err != nil {
		return nil, err
	}
	var notes []StateWrite
	if w := p.goFunctionKept(h, env); w != nil {
		notes = append(notes, *w)
	}
	return notes, p.checkHookDefs(h, env)
}

// checkHookDefs reports a hook the game needs that its scripts do not define, and a bot that does not
// load or defines no choose.
func (p *Program) checkHookDefs(h *Host, env *lua.LTable) error {
	for _, name := range []string{"setup", "on_move"} {
		if _, ok := env.RawGetString(name).(*lua.LFunction); !ok {
			return fmt.Errorf("%s: no `%s` hook is defined", p.Chunks[0].Path, name)
		}
	}
	if p.Game.Config.Mechanics.Trick != nil {
		for _, name := range []string{"trick_winner", "trick_done"} {
			if _, ok := env.RawGetString(name).(*lua.LFunction); !ok {
				return fmt.Errorf("%s: the trick mechanic needs a `%s` hook", p.Chunks[0].Path, name)
			}
		}
	}
	for name, c := range p.Bots {
		// as a game loads it: RULES and the facts-only g are there (a bot may read them at load time)
		benv, err := h.newEnv(p, []*Chunk{c}, nil, func(b *lua.LTable) {
			b.RawSetString("RULES", h.exportsOf(env))
			b.RawSetString("g", h.botFacts(&botFacts{p: p, data: h.data(p), players: p.Game.Config.Players.Default}))
		})
		if err != nil {
			return err
		}
		if _, ok := benv.RawGetString("choose").(*lua.LFunction); !ok {
			return fmt.Errorf("%s: bot %s defines no `choose(obs, legal)`", c.Path, name)
		}
	}
	return nil
}
