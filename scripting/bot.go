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
}

// botFacts is what a bot's `g` answers: the game's fixed facts, never the state. It lets a bot call the
// rules' helpers that take g and read only params and cards (RULES.score(g, ...)).
type botFacts struct {
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
	b := &LuaBot{Name: name, e: e, chunk: chunk, seed: seed}
	if err := b.start(); err != nil {
		return nil, err
	}
	return b, nil
}

// start loads the bot's script into a fresh environment: a new memory.
func (b *LuaBot) start() error {
	h := b.e.h
	b.facts = &botFacts{p: b.e.p, data: b.e.data}
	env, err := h.newEnv(b.e.p, []*Chunk{b.chunk}, nil, func(env *lua.LTable) {
		env.RawSetString("RULES", b.e.Exports())
		env.RawSetString("g", h.botFacts(b.facts))
	})
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
		b.obs = newObsBuilder(h, b.e.p)
	}
	obs := b.obs.build(v, b.events)
	b.events = v.EventCount()
	n := v.NumLegal()
	lt := L.CreateTable(n, 0)
	for i := 0; i < n; i++ {
		lt.RawSetInt(i+1, lua.LString(v.Move(i)))
	}
	h.rand = b.rng
	h.SetBudget(b.e.p.Game.Config.Limits.HookMillis)
	defer func() { h.rand = nil }()
	if err := h.call("bot "+b.Name+" choose", b.choose, 1, obs, lt); err != nil {
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

// Observation builds the Lua table a bot or the render hook receives for a seat's view. Only seat,
// players and to_act are filled at once; every other field (zones and each zone, vars, seat_vars,
// scores, events, boards, params) is built when the script first reads it, so a bot pays for what it
// looks at. events holds those logged from index from on.
func (h *Host) Observation(p *Program, v core.View, from int) *lua.LTable {
	return newObsBuilder(h, p).build(v, from)
}

// obsBuilder makes observation tables for one reader (a bot seat, or render). Its metatable and lazy
// field builder are made once and reused: each decision costs one table. A table is good for the
// decision it was made for; fields first read later come from the reader's latest view.
type obsBuilder struct {
	h    *Host
	p    *Program
	meta *lua.LTable
	v    core.View
	from int
}

func newObsBuilder(h *Host, p *Program) *obsBuilder {
	b := &obsBuilder{h: h, p: p}
	L := h.L
	b.meta = L.CreateTable(0, 1)
	b.meta.RawSetString("__index", L.NewFunction(b.index))
	return b
}

func (b *obsBuilder) build(v core.View, from int) *lua.LTable {
	h := b.h
	b.v, b.from = v, from
	t := h.L.CreateTable(0, 8)
	t.RawSetString("seat", h.int(v.Seat()))
	t.RawSetString("players", h.int(v.Players()))
	t.RawSetString("to_act", h.int(v.ToAct()))
	h.L.SetMetatable(t, b.meta)
	return t
}

func (b *obsBuilder) index(L *lua.LState) int {
	t, ok1 := L.Get(1).(*lua.LTable)
	key, ok2 := L.Get(2).(lua.LString)
	if !ok1 || !ok2 || b.v == (core.View{}) {
		return 0
	}
	h, v, p := b.h, b.v, b.p
	var val lua.LValue = lua.LNil
	switch string(key) {
	case "zones":
		val = h.zonesTable(v)
	case "vars":
		val = toLua(L, v.Vars(-1))
	case "seat_vars":
		sv := L.CreateTable(v.Players(), 0)
		for i := 0; i < v.Players(); i++ {
			sv.RawSetInt(i+1, toLua(L, v.Vars(i)))
		}
		val = sv
	case "scores":
		val = toLua(L, v.Scores())
	case "events":
		val = h.eventsTable(p, v.Events(b.from))
	case "boards":
		if bs := v.Boards(); len(bs) > 0 {
			val = boardsTable(L, bs)
		}
	case "params":
		val = h.data(p).paramsTable(L, p.Game.Config.Params)
	default:
		return 0
	}
	t.RawSet(key, val)
	L.Push(val)
	return 1
}

// zonesTable is obs.zones: obs.zones[name] for a shared zone, obs.zones[name][seat+1] per seat, each
// {cards = {...}, count = n, has_cards = bool} (cards only when the seat sees them; no count when the
// zone's size is hidden from the seat, and not even has_cards when it is secret), built per zone on
// first read.
func (h *Host) zonesTable(v core.View) *lua.LTable {
	L := h.L
	zones := L.CreateTable(0, 0)
	g := v.Game()
	meta := L.CreateTable(0, 1)
	meta.RawSetString("__index", L.NewFunction(func(L *lua.LState) int {
		name, ok := L.Get(2).(lua.LString)
		if !ok {
			return 0
		}
		d, ok := g.ZoneIndex(string(name))
		if !ok {
			return 0
		}
		var val lua.LValue
		if !g.Zones[d].PerSeat {
			val = zoneTable(L, v.Zone(core.ZoneRef{Def: d, Seat: -1}))
		} else {
			per := L.CreateTable(v.Players(), 0)
			for i := 0; i < v.Players(); i++ {
				per.RawSetInt(i+1, zoneTable(L, v.Zone(core.ZoneRef{Def: d, Seat: i})))
			}
			val = per
		}
		zones.RawSet(name, val)
		L.Push(val)
		return 1
	}))
	L.SetMetatable(zones, meta)
	return zones
}

func zoneTable(L *lua.LState, z core.ZoneView) *lua.LTable {
	zt := L.CreateTable(0, 3)
	if z.Visible {
		ct := L.CreateTable(len(z.Cards), 0)
		for _, id := range z.Cards {
			ct.Append(lua.LString(id))
		}
		zt.RawSetString("cards", ct)
	}
	// a size the seat may not know (zone option `size`) has no count: hidden shows only has_cards,
	// secret nothing
	switch z.SizeKnown {
	case core.SizeCount:
		zt.RawSetString("count", lua.LNumber(z.Count))
		zt.RawSetString("has_cards", lua.LBool(z.HasCards))
	case core.SizeHasCards:
		zt.RawSetString("has_cards", lua.LBool(z.HasCards))
	}
	return zt
}

// the engine's own event types, preboxed (a Go string handed to Lua allocates)
var eventTypes = map[string]lua.LValue{"move": lua.LString("move"), "trick": lua.LString("trick"),
	"round_end": lua.LString("round_end"), "game_end": lua.LString("game_end")}

func (h *Host) eventsTable(p *Program, events []core.Event) *lua.LTable {
	L := h.L
	d := h.data(p)
	ev := L.CreateTable(len(events), 0)
	for _, e := range events {
		et := L.CreateTable(0, 4)
		typ, ok := eventTypes[e.Type]
		if !ok {
			typ = lua.LString(e.Type)
		}
		et.RawSetString("type", typ)
		if e.Seat >= 0 {
			et.RawSetString("seat", h.int(e.Seat))
		}
		switch e.Type {
		case "move":
			et.RawSetString("move", lua.LString(e.Move))
		case "trick":
			et.RawSetString("winner", h.int(e.Winner))
			ct := L.CreateTable(len(e.Cards), 0)
			for _, id := range e.Cards {
				ct.Append(d.idValue(id))
			}
			et.RawSetString("cards", ct)
		case "round_end":
			et.RawSetString("round", h.int(e.Round))
			et.RawSetString("scores", toLua(L, e.Scores))
		}
		for k, v := range e.Fields {
			et.RawSetString(k, toLua(L, v))
		}
		ev.Append(et)
	}
	return ev
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
			L.RaiseError("a bot's g has no method %s: bots read the game only through obs (g offers players, param, card, is_card)", name)
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
