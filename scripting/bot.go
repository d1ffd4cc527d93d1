package scripting

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"

	lua "github.com/yuin/gopher-lua"

	"ruleslab/core"
)

// LuaBot is a bot written in Lua: its script defines choose(obs, legal). Each seat gets its own
// environment per game, so a bot may remember what it saw in its globals.
type LuaBot struct {
	Name   string
	h      *Host
	p      *Program
	env    *lua.LTable
	choose *lua.LFunction
	rng    *rand.Rand
	events int // events already handed to the bot
}

// BotNames lists the bots a program offers: random plus the game's scripted bots.
func (p *Program) BotNames() []string {
	names := []string{"random"}
	for n := range p.Bots {
		names = append(names, n)
	}
	sort.Strings(names[1:])
	return names
}

// NewBot creates a bot by name for one seat of one game.
func (p *Program) NewBot(h *Host, name string, seed uint64) (core.Bot, error) {
	if name == "random" {
		return core.NewRandomBot(seed), nil
	}
	chunk, ok := p.Bots[name]
	if !ok {
		return nil, fmt.Errorf("unknown bot %q for %s (bots: %s)", name, p.Game.Name(), strings.Join(p.BotNames(), ", "))
	}
	env, err := h.newEnv(p, []*Chunk{chunk}, nil)
	if err != nil {
		return nil, err
	}
	fn, ok := env.RawGetString("choose").(*lua.LFunction)
	if !ok {
		return nil, fmt.Errorf("%s: bot %s defines no `choose(obs, legal)`", chunk.Path, name)
	}
	return &LuaBot{Name: name, h: h, p: p, env: env, choose: fn, rng: rand.New(rand.NewPCG(seed, 0x10a))}, nil
}

// Choose implements core.Bot. The bot sees only its seat's observation.
func (b *LuaBot) Choose(s *core.State, seat int, legal []string) (string, error) {
	L := b.h.L
	if b.events > s.EventCount() {
		b.events = 0 // a different (earlier) state: start over
	}
	obs := observationTable(L, s.ObserveFrom(seat, b.events))
	obs.RawSetString("params", b.h.data(b.p).paramsTable(L, b.p.Game.Config.Params))
	b.events = s.EventCount()
	lt := L.CreateTable(len(legal), 0)
	for _, m := range legal {
		lt.Append(lua.LString(m))
	}
	b.h.rand = b.rng
	defer func() { b.h.rand = nil }()
	if err := b.h.call("bot "+b.Name+" choose", b.choose, 1, obs, lt); err != nil {
		return "", err
	}
	v := L.Get(-1)
	L.Pop(1)
	move, ok := v.(lua.LString)
	if !ok {
		return "", fmt.Errorf("bot %s returned %s, not a move", b.Name, v.String())
	}
	for _, m := range legal {
		if m == string(move) {
			return m, nil
		}
	}
	return "", fmt.Errorf("bot %s chose %q, which is not legal (legal: %s)", b.Name, string(move), strings.Join(legal, ", "))
}

func observationTable(L *lua.LState, o *core.Observation) *lua.LTable {
	// CreateTable with small sizes: L.NewTable preallocates 32+32 slots, and an observation holds
	// dozens of tables per decision.
	t := L.CreateTable(0, 12)
	t.RawSetString("seat", lua.LNumber(o.Seat))
	t.RawSetString("players", lua.LNumber(o.Players))
	t.RawSetString("to_act", lua.LNumber(o.ToAct))
	zones := L.CreateTable(0, 8)
	for _, z := range o.Zones {
		zt := L.CreateTable(0, 2)
		if z.Visible {
			zt.RawSetString("cards", toLua(L, z.Cards))
			if z.Cards == nil {
				zt.RawSetString("cards", L.CreateTable(0, 0))
			}
		}
		zt.RawSetString("count", lua.LNumber(z.Count))
		if z.Seat < 0 {
			zones.RawSetString(z.Name, zt)
			continue
		}
		per, ok := zones.RawGetString(z.Name).(*lua.LTable)
		if !ok {
			per = L.CreateTable(o.Players, 0)
			zones.RawSetString(z.Name, per)
		}
		per.RawSetInt(z.Seat+1, zt)
	}
	t.RawSetString("zones", zones)
	t.RawSetString("vars", toLua(L, o.Vars))
	sv := L.CreateTable(len(o.SeatVars), 0)
	for _, m := range o.SeatVars {
		sv.Append(toLua(L, m))
	}
	t.RawSetString("seat_vars", sv)
	t.RawSetString("scores", toLua(L, o.Scores))
	ev := L.CreateTable(len(o.Events), 0)
	for _, e := range o.Events {
		et := L.CreateTable(0, 4)
		et.RawSetString("type", lua.LString(e.Type))
		if e.Seat >= 0 {
			et.RawSetString("seat", lua.LNumber(e.Seat))
		}
		switch e.Type {
		case "move":
			et.RawSetString("move", lua.LString(e.Move))
		case "trick":
			et.RawSetString("winner", lua.LNumber(e.Winner))
			et.RawSetString("cards", toLua(L, e.Cards))
		case "round_end":
			et.RawSetString("round", lua.LNumber(e.Round))
			et.RawSetString("scores", toLua(L, e.Scores))
		}
		for k, v := range e.Fields {
			et.RawSetString(k, toLua(L, v))
		}
		ev.Append(et)
	}
	t.RawSetString("events", ev)
	if len(o.Boards) > 0 {
		t.RawSetString("boards", boardsTable(L, o.Boards))
	}
	return t
}

// ObservationTable builds the Lua table a bot or the render hook receives for an observation.
func ObservationTable(L *lua.LState, o *core.Observation) *lua.LTable { return observationTable(L, o) }
