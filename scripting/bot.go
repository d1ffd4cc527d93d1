package scripting

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"

	lua "github.com/yuin/gopher-lua"

	"github.com/ruleslab/ruleslab/core"
)

// LuaBot is a bot written in Lua: its script defines choose(obs, legal). Each seat gets its own
// environment per game, so a bot may remember what it saw in its globals. It runs on an engine's host
// and reaches the rules' functions as RULES.<name>.
type LuaBot struct {
	Name   string
	e      *Engine
	chunk  *Chunk
	seed   uint64
	env    *lua.LTable
	choose *lua.LFunction
	rng    *rand.Rand
	// the line of play the bot follows and how many of its events the bot has been handed: shown a
	// different line (a clone), the bot starts over with a fresh memory and the whole history
	lineage uint64
	events  int
	facts   *botFacts
	obs     *obsBuilder
	legal   keptList   // refilled for each decision
	label   string     // "bot NAME choose", the hook's name in errors and bench, spelled once
	copy    *graphCopy // the bot's copy of its loaded script, refilled when it starts again
}

// botFacts is what a bot's `g` answers: the game's fixed facts, never the state. It lets a bot call the
// rules' helpers that take g and read only params and cards (RULES.score(g, ...)).
type botFacts struct {
	e       *Engine // whose RULES g:remember remembers
	p       *Program
	data    *hostData
	players int
}

var botFactMethods = map[string]lua.LGFunction{
	"players": func(L *lua.LState) int { L.Push(lua.LNumber(factsArg(L).players)); return 1 },
	"param": func(L *lua.LState) int {
		f := factsArg(L)
		L.Push(f.data.param(L, f.p.Game.Config, L.CheckString(2)))
		return 1
	},
	"card": func(L *lua.LState) int {
		f := factsArg(L)
		L.Push(f.data.cardIdx.RawGetString(L.CheckString(2)))
		return 1
	},
	"is_card": func(L *lua.LState) int {
		L.Push(lua.LBool(factsArg(L).p.Game.Catalog.Has(L.CheckString(2))))
		return 1
	},
	"card_list": cardList,
	"remember":  rememberHelper,
}

// cardList is g:card_list([attr]): a fresh list with an entry per card of the catalogue, in its order
// (a card with several copies once per copy): its id, or its value of attr ("id", "kind" or one of its
// attributes; false when it has none). A bot that builds tables of card facts reads them so at the
// cost of one Go call, where iterating CARDS costs a read-only lookup per card and field; the values
// are looked up once per host, and each call copies them into a new list (the bot's to change).
func cardList(L *lua.LState) int {
	vals := factsArg(L).data.cardValues(L.OptString(2, "id"))
	t := L.CreateTable(len(vals), 0)
	for i, v := range vals {
		t.RawSetInt(i+1, v)
	}
	L.Push(t)
	return 1
}

// cardValues are every card's value of attr in catalogue order, as g:card_list lists them.
func (d *hostData) cardValues(attr string) []lua.LValue {
	if vals, ok := d.lists[attr]; ok {
		return vals
	}
	vals := make([]lua.LValue, len(d.cardStr))
	for i := range vals {
		var v lua.LValue = d.cardStr[i]
		if attr != "id" {
			v = raw(d.cardIdx.RawGetString(string(d.cardStr[i].(lua.LString))).(*lua.LTable)).RawGetString(attr)
			if v == lua.LNil {
				v = lua.LFalse
			}
		}
		vals[i] = v
	}
	d.lists[attr] = vals
	return vals
}

func factsArg(L *lua.LState) *botFacts {
	if ud, ok := L.Get(1).(*lua.LUserData); ok {
		if f, ok := ud.Value.(*botFacts); ok {
			return f
		}
	}
	L.ArgError(1, "expected g (call methods as g:name(...))")
	return nil
}

// NewLuaBot creates one of the program's Lua bots (a scripted bot of the game, or a `lua:PATH` script
// added by LoadLuaBot) for one seat of one game, running on engine e.
func (e *Engine) NewLuaBot(name string, seed uint64) (*LuaBot, error) {
	chunk, ok := e.p.Bots[name]
	if !ok {
		return nil, fmt.Errorf("unknown bot %q", name)
	}
	b := &LuaBot{Name: name, e: e, chunk: chunk, seed: seed, label: "bot " + name + " choose"}
	if err := b.start(); err != nil {
		return nil, err
	}
	return b, nil
}

// Restart makes the bot the one NewLuaBot makes with seed, for another game, in this one's memory:
// its copy of the loaded script is refilled in place rather than allocated again, and the tables of
// its observations are kept as from one line of play to another (obsBuilder checks each before
// handing it again).
func (b *LuaBot) Restart(seed uint64) error {
	b.seed = seed
	return b.start()
}

// start gives the bot a fresh environment, as its script leaves it: a new memory.
func (b *LuaBot) start() error {
	b.facts = &botFacts{e: b.e, p: b.e.p, data: b.e.data}
	env, err := b.load()
	if err != nil {
		return err
	}
	fn, ok := env.RawGetString("choose").(*lua.LFunction)
	if !ok {
		return fmt.Errorf("%s: bot %s defines no `choose(obs, legal)`", b.chunk.Path, b.Name)
	}
	b.env, b.choose = env, fn
	b.rng = rand.New(rand.NewPCG(b.seed, 0x10a))
	b.lineage, b.events = 0, 0
	return nil
}

// load makes the bot's environment: a copy of the bot as the engine loaded it once (bot_load.go), or
// its script run again when it cannot be copied.
func (b *LuaBot) load() (*lua.LTable, error) {
	h := b.e.h
	g := h.botFacts(b.facts)
	if t := b.e.botTemplate(b.Name, b.chunk); t.graph != nil {
		env, c := t.copyFor(g, b.copy)
		b.copy = c
		return env, nil
	}
	return h.newEnv(b.e.p, []*Chunk{b.chunk}, nil, func(env *lua.LTable) {
		env.RawSetString("RULES", b.e.Exports())
		env.RawSetString("g", g)
	})
}

// Choose implements core.Bot. The bot sees only its seat's view.
func (b *LuaBot) Choose(v core.View) (int, error) {
	if b.lineage != v.Lineage() || b.events > v.EventCount() {
		if b.lineage != 0 {
			if err := b.start(); err != nil {
				return 0, err
			}
		}
		b.lineage = v.Lineage()
	}
	h := b.e.h
	L := h.L
	b.facts.players = v.Players()
	if b.obs == nil {
		b.obs = newObsBuilder(h, b.e.p, b.e.botShared())
	}
	obs := b.obs.build(v, b.events)
	b.events = v.EventCount()
	n := v.NumLegal()
	lt := b.legalTable(v, n)
	h.rand = b.rng
	h.SetBudget(b.e.p.Game.Config.Limits.HookMillis)
	defer func() { h.rand = nil }()
	if err := h.call(b.label, b.choose, 1, obs, lt); err != nil {
		return 0, err
	}
	res := L.Get(-1)
	L.Pop(1)
	move, ok := res.(lua.LString)
	if !ok {
		return 0, fmt.Errorf("bot %s returned %s, not a move", b.Name, res.String())
	}
	for i := 0; i < n; i++ {
		if v.Move(i) == string(move) {
			return i, nil
		}
	}
	return 0, fmt.Errorf("bot %s chose %q, which is not legal (legal: %s)", b.Name, string(move), strings.Join(v.Legal(), ", "))
}

// legalTable lists the n legal moves in the bot's legal table, refilled: a move string already in
// place at its index is kept, another is boxed once per host (Host.str: a seat's moves come back
// from decision to decision and game to game), and what is left past n is cleared (keptList).
func (b *LuaBot) legalTable(v core.View, n int) *lua.LTable {
	lt := b.legal.table(b.e.h.L, n)
	for i := 0; i < n; i++ {
		m := v.Move(i)
		if old, ok := lt.RawGetInt(i + 1).(lua.LString); !ok || string(old) != m {
			lt.RawSetInt(i+1, b.e.h.str(m))
		}
	}
	b.legal.clear(n)
	return lt
}

func (h *Host) botFacts(f *botFacts) *lua.LUserData {
	if h.factsMeta == nil {
		L := h.L
		methods := L.SetFuncs(L.NewTable(), botFactMethods)
		h.factsMeta = L.CreateTable(0, 2)
		h.factsMeta.RawSetString("__index", L.NewFunction(func(L *lua.LState) int {
			name := L.CheckString(2)
			if fn := methods.RawGetString(name); fn != lua.LNil {
				L.Push(fn)
				return 1
			}
			L.RaiseError("a bot's g has no method %s: bots read the game only through obs (g offers players, param, card, is_card, card_list, remember)", name)
			return 0
		}))
		h.factsMeta.RawSetString("__metatable", lua.LFalse)
	}
	ud := h.L.NewUserData()
	ud.Value = f
	h.L.SetMetatable(ud, h.factsMeta)
	return ud
}

// LuaBotPrefix names a bot script given on the command line: `lua:PATH` (choose(obs, legal), the same
// API, sandbox and limits as the game's own bots).
const LuaBotPrefix = "lua:"

// LoadLuaBot compiles the script of a `lua:PATH` bot spec and adds it to the program's bots under the
// spec. Call it before the program's games start (the bot registry does, when the command line is
// read): a program is read-only once workers use it.
func (p *Program) LoadLuaBot(spec string) error {
	path := strings.TrimPrefix(spec, LuaBotPrefix)
	if path == "" {
		return fmt.Errorf("bot %q: give the path of a Lua bot script (lua:PATH)", spec)
	}
	c, err := CompileFile(path)
	if err != nil {
		return fmt.Errorf("bot %q: %v", spec, err)
	}
	if err := errors.Join(unknownGMethods(c, botFactMethods, "a bot's")...); err != nil {
		return fmt.Errorf("bot %q: %v", spec, err)
	}
	p.Bots[spec] = c
	return nil
}
