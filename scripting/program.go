package scripting

import (
	"fmt"
	"sort"

	lua "github.com/yuin/gopher-lua"

	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/core/config"
)

// Hook names a game script may define.
var hookNames = []string{"setup", "on_move", "normalize", "trick_winner", "trick_done", "can_play", "stats",
	"render", "describe", "explain", "evaluate", "sample_ok", "rollout"}

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

// Compile compiles a game's rule scripts and bot scripts.
func Compile(g *core.Game) (*Program, error) {
	p := &Program{Game: g, Bots: map[string]*Chunk{}}
	for _, path := range g.Config.Scripts {
		c, err := CompileFile(path)
		if err != nil {
			return nil, err
		}
		p.Chunks = append(p.Chunks, c)
		p.kept = firstWrites(append(p.kept, c.KeptState...))
	}
	names := make([]string, 0, len(g.Config.BotPaths))
	for n := range g.Config.BotPaths {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		c, err := CompileFile(g.Config.BotPaths[n])
		if err != nil {
			return nil, err
		}
		p.Bots[n] = c
	}
	// the game's ismcts defaults are checked now, not when a search bot is first seated
	if _, err := p.SearchDefaults(); err != nil {
		return nil, err
	}
	return p, nil
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
	d := &hostData{attrs: map[string][]string{}, params: map[string]lua.LValue{}, protect: h.protectDeep}
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
		for k, v := range c.Attrs {
			t.RawSetString(k, toLua(L, v))
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
// define no setup hook; `validate` uses it.
func (p *Program) CheckHooks() error {
	h := NewHost()
	defer h.Close()
	for _, c := range p.Chunks {
		if err := unknownGMethod(c, gMethods, "the rules'"); err != nil {
			return err
		}
	}
	for _, c := range p.Bots {
		if err := unknownGMethod(c, botFactMethods, "a bot's"); err != nil {
			return err
		}
	}
	env, err := h.newEnv(p, p.Chunks, hookNames)
	if err != nil {
		return err
	}
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
