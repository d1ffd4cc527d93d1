package scripting

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
	lua "github.com/yuin/gopher-lua"

	"github.com/ruleslab/ruleslab/core"
)

// zoneWant is what a zone table must show seat's view v of ref: cards only when the seat sees them,
// count when it may know the size, has_cards unless the size is secret.
func zoneWant(v core.View, ref core.ZoneRef) map[string]any {
	z := v.Zone(ref)
	want := map[string]any{}
	if z.Visible {
		want["cards"] = append([]string{}, z.Cards...)
	}
	if z.SizeKnown == core.SizeCount {
		want["count"] = z.Count
	}
	if z.SizeKnown != core.SizeNothing {
		want["has_cards"] = z.HasCards
	}
	return want
}

// zoneGot reads a zone table's fields as a script does (through __index).
func zoneGot(L *lua.LState, zt lua.LValue) map[string]any {
	got := map[string]any{}
	for _, k := range zoneFields {
		switch x := L.GetField(zt, k).(type) {
		case *lua.LTable:
			ids := []string{}
			for i := 1; i <= x.Len(); i++ {
				ids = append(ids, x.RawGetInt(i).String())
			}
			got[k] = ids
		case lua.LNumber:
			got[k] = int(x)
		case lua.LBool:
			got[k] = bool(x)
		}
	}
	return got
}

// zoneOf is obs.zones[name] for a shared zone, obs.zones[name][seat+1] per seat, read as a script does.
func zoneOf(L *lua.LState, obs *lua.LTable, name string, seat int) lua.LValue {
	zt := L.GetField(L.GetField(obs, "zones"), name)
	if seat >= 0 {
		zt = L.GetTable(zt, lua.LNumber(seat+1))
	}
	return zt
}

// A bot's zone tables across the decisions of a Mito game (hands of other seats show only has_cards,
// the box is secret to others, the deck's count is public): whatever the bot read, wrote or left at
// earlier decisions, every table shows the seat's latest view of its zone.
func TestBotZoneTablesShowTheLatestView(t *testing.T) {
	const me = 1
	cases := []struct {
		name string
		// decide reads (and may write into) the bot's tables at one decision; it checks what it reads
		decide func(t *testing.T, L *lua.LState, obs *lua.LTable, v core.View)
	}{
		{"every zone, own seat first, then the others", func(t *testing.T, L *lua.LState, obs *lua.LTable, v core.View) {
			for _, ref := range zoneRefsFrom(v, me) {
				name := v.Game().Zones[ref.Def].Name
				require.Equal(t, zoneWant(v, ref), zoneGot(L, zoneOf(L, obs, name, ref.Seat)), "%s of seat %d", name, ref.Seat)
			}
		}},
		{"another seat's hand only, every other decision", func(t *testing.T, L *lua.LState, obs *lua.LTable, v core.View) {
			if v.MoveCount()%2 == 0 {
				ref := core.ZoneRef{Def: zoneDef(v, "hand"), Seat: 2}
				require.Equal(t, zoneWant(v, ref), zoneGot(L, zoneOf(L, obs, "hand", 2)))
			}
		}},
		{"own hand written into after reading", func(t *testing.T, L *lua.LState, obs *lua.LTable, v core.View) {
			ref := core.ZoneRef{Def: zoneDef(v, "hand"), Seat: me}
			zt := zoneOf(L, obs, "hand", me).(*lua.LTable)
			require.Equal(t, zoneWant(v, ref), zoneGot(L, zt))
			zt.RawSetString("count", lua.LNumber(-1))
			zt.RawSetString("mine", lua.LTrue)
			cards := L.GetField(zt, "cards").(*lua.LTable)
			cards.Append(lua.LString("tampered"))
			cards.RawSetInt(1, lua.LString("tampered"))
		}},
		{"own hand written into before any read", func(t *testing.T, L *lua.LState, obs *lua.LTable, v core.View) {
			ref := core.ZoneRef{Def: zoneDef(v, "hand"), Seat: me}
			zt := zoneOf(L, obs, "hand", me).(*lua.LTable)
			if v.MoveCount()%2 == 0 {
				zt.RawSetString("count", lua.LNumber(-1))
				zt.RawSetString("has_cards", lua.LString("tampered"))
				return
			}
			require.Equal(t, zoneWant(v, ref), zoneGot(L, zt))
		}},
		{"the list of a per-seat zone written into", func(t *testing.T, L *lua.LState, obs *lua.LTable, v core.View) {
			list := L.GetField(L.GetField(obs, "zones"), "hand").(*lua.LTable)
			require.Equal(t, v.Players(), L.ObjLen(list))
			for seat := 0; seat < v.Players(); seat++ {
				ref := core.ZoneRef{Def: zoneDef(v, "hand"), Seat: seat}
				require.Equal(t, zoneWant(v, ref), zoneGot(L, list.RawGetInt(seat+1)), "seat %d", seat)
			}
			switch v.MoveCount() % 3 {
			case 0:
				list.RawSetInt(2, lua.LNil)
				list.RawSetInt(1, lua.LString("tampered"))
			case 1:
				list.Append(lua.LString("tampered"))
			default:
				list.RawSetString("n", lua.LTrue)
			}
		}},
		{"a zone name set by the bot in obs.zones", func(t *testing.T, L *lua.LState, obs *lua.LTable, v core.View) {
			zones := L.GetField(obs, "zones").(*lua.LTable)
			for _, name := range []string{"deck", "discard"} {
				ref := core.ZoneRef{Def: zoneDef(v, name), Seat: -1}
				require.Equal(t, zoneWant(v, ref), zoneGot(L, zoneOf(L, obs, name, -1)), name)
			}
			zones.RawSetString("deck", lua.LString("tampered"))
			if v.MoveCount()%2 == 0 {
				require.IsType(t, &lua.LTable{}, L.GetField(zones, "keeper_card"))
			} else {
				zones.RawSetString("keeper_card", lua.LString("tampered")) // not read in this decision
			}
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			playDecisions(t, me, func(L *lua.LState, obs *lua.LTable, v core.View) { c.decide(t, L, obs, v) })
		})
	}
}

// A table the bot did not write into is handed again at the next decision, refilled in place; one it
// wrote into is made anew, and so is its cards list.
func TestBotZoneTableKeptUnlessWrittenInto(t *testing.T) {
	const me = 0
	var hand, cards *lua.LTable
	step := 0
	playDecisions(t, me, func(L *lua.LState, obs *lua.LTable, v core.View) {
		step++
		zt := zoneOf(L, obs, "hand", me).(*lua.LTable)
		ct := L.GetField(zt, "cards").(*lua.LTable)
		switch {
		case step == 1:
		case step%3 == 0: // the bot wrote at the decision before
			require.NotSame(t, hand, zt, "decision %d", step)
			require.NotSame(t, cards, ct, "decision %d", step)
		default:
			require.Same(t, hand, zt, "decision %d", step)
			require.Same(t, cards, ct, "decision %d", step)
		}
		require.Equal(t, zoneWant(v, core.ZoneRef{Def: zoneDef(v, "hand"), Seat: me}), zoneGot(L, zt))
		hand, cards = zt, ct
		if step%3 == 2 {
			zt.RawSetString("note", lua.LTrue)
		}
	})
	require.Greater(t, step, 6)
}

// pairs over a zone table lists the fields read so far in the decision.
func TestBotZoneTableListsFieldsRead(t *testing.T) {
	playDecisions(t, 0, func(L *lua.LState, obs *lua.LTable, v core.View) {
		zt := zoneOf(L, obs, "hand", 0).(*lua.LTable)
		require.True(t, isEmpty(zt), "nothing read yet")
		L.GetField(zt, "count")
		k, _ := zt.Next(lua.LNil)
		require.Equal(t, lua.LString("count"), k)
		k, _ = zt.Next(k)
		require.Equal(t, lua.LNil, k)
	})
}

// playDecisions plays a 4-player Mito game at random and hands seat me's bot builder its view after
// every move, to decide.
func playDecisions(t *testing.T, me int, decide func(L *lua.LState, obs *lua.LTable, v core.View)) {
	t.Helper()
	p, err := Load("mito", "")
	require.NoError(t, err)
	h := NewHost()
	defer h.Close()
	e, err := p.NewEngine(h)
	require.NoError(t, err)
	s, err := e.NewState(4, 7, core.StateOptions{})
	require.NoError(t, err)
	b := newObsBuilder(h, p, &botShared{})
	rng := rand.New(rand.NewPCG(7, 1))
	for moves := 0; moves < 60 && !s.Over(); moves++ {
		v := s.ViewFor(me)
		decide(h.L, b.build(v, v.EventCount()), v)
		require.NoError(t, s.ApplyIndex(e, rng.IntN(len(s.Legal()))))
	}
}

// zoneRefsFrom lists the game's zones, per seat from seat me on.
func zoneRefsFrom(v core.View, me int) []core.ZoneRef {
	var out []core.ZoneRef
	for d, z := range v.Game().Zones {
		if !z.PerSeat {
			out = append(out, core.ZoneRef{Def: d, Seat: -1})
			continue
		}
		for i := 0; i < v.Players(); i++ {
			out = append(out, core.ZoneRef{Def: d, Seat: (me + i) % v.Players()})
		}
	}
	return out
}

func zoneDef(v core.View, name string) int {
	d, _ := v.Game().ZoneIndex(name)
	return d
}
