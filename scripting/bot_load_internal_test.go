package scripting

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	lua "github.com/yuin/gopher-lua"

	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/core/config"
)

// The mirror of gopher-lua's tables matches the library built in: else no bot would be copied (each
// loaded for every seat and game, slowly) and nothing else would say so.
func TestTableLayoutMatchesGopherLua(t *testing.T) {
	require.True(t, tableLayoutOK)
}

func TestSameLayout(t *testing.T) {
	type a struct {
		X int
		y []string
	}
	type b struct {
		X int
		y []string
	}
	type renamed struct {
		X int
		z []string
	}
	type retyped struct {
		X int
		y []int
	}
	type longer struct {
		X int
		y []string
		w bool
	}
	for _, c := range []struct {
		other reflect.Type
		same  bool
	}{
		{reflect.TypeFor[b](), true},
		{reflect.TypeFor[renamed](), false},
		{reflect.TypeFor[retyped](), false},
		{reflect.TypeFor[longer](), false},
		{reflect.TypeFor[int](), false},
	} {
		require.Equal(t, c.same, sameLayout(reflect.TypeFor[a](), c.other), c.other.String())
	}
	require.True(t, sameLayout(reflect.TypeFor[lua.LTable](), reflect.TypeFor[luaTableLayout]()))
}

// Each bot that cannot be copied is loaded for every seat and game for the reason its template gives.
func TestBotTemplateSaysWhyItReloads(t *testing.T) {
	for bot, c := range map[string]struct{ game, why string }{
		"memory":       {"tiny", ""},
		"load-random":  {"tiny", "it draws random numbers while it loads"},
		"load-gmatch":  {"tiny", "it keeps a Go function made while it loaded"},
		"load-closure": {"rules-closure", "it keeps a function of the rules made while it loaded"},
		"load-error":   {"tiny", "load-error.lua:3: attempt to index a non-table object"},
	} {
		t.Run(bot, func(t *testing.T) {
			p, err := Load("testdata/"+c.game+".yaml", "")
			require.NoError(t, err)
			chunk, err := CompileFile("testdata/bots/" + bot + ".lua")
			require.NoError(t, err)
			p.Bots[bot] = chunk
			h := NewHost()
			defer h.Close()
			e, err := p.NewEngine(h)
			require.NoError(t, err)
			tpl := e.botTemplate(bot, chunk)
			if c.why == "" {
				require.Empty(t, tpl.why)
				require.NotNil(t, tpl.graph)
				return
			}
			require.Nil(t, tpl.graph)
			require.Contains(t, tpl.why, c.why)
		})
	}
}

// A bot's copies share the tables of plain values it built at load that only module-level locals hold
// and its functions only index or measure (a function only the load runs may write them); a table
// written, handed on, holding tables, or held by a closure made at load is copied for each seat and
// game.
func TestBotCopiesShareConstantTables(t *testing.T) {
	p, err := Load("testdata/tiny.yaml", "")
	require.NoError(t, err)
	chunk, err := CompileFile("testdata/bots/constants.lua")
	require.NoError(t, err)
	p.Bots["constants"] = chunk
	h := NewHost()
	defer h.Close()
	e, err := p.NewEngine(h)
	require.NoError(t, err)
	tpl := e.botTemplate("constants", chunk)
	require.Empty(t, tpl.why)
	choose := tpl.env.RawGetString("choose").(*lua.LFunction)
	copied := map[string]bool{}
	for i, uv := range choose.Upvalues {
		if tb, ok := uv.Value().(*lua.LTable); ok {
			_, in := tpl.graph.tableAt[tb]
			copied[choose.Proto.DbgUpvalues[i]] = in
		}
	}
	require.Equal(t, map[string]bool{"VALUE": false, "ALIAS": false, "BUILT": false, "SEEN": true, "HANDED": true, "NESTED": true}, copied)
	peek := choose.Upvalues[indexOf(choose.Proto.DbgUpvalues, "peek")].Value().(*lua.LFunction)
	_, in := tpl.graph.tableAt[peek.Upvalues[0].Value().(*lua.LTable)]
	require.True(t, in, "the closure's own table")
}

// The bundled greedy bots' shared tables (constantTables) hold the same after whole games as at load:
// a write the static scan missed would change them (and let one seat's bot see another's).
func TestBundledBotsLeaveSharedTablesUnchanged(t *testing.T) {
	games, err := config.BundledGames()
	require.NoError(t, err)
	for _, gm := range games {
		t.Run(gm.ID, func(t *testing.T) {
			p, err := Load(gm.ID, "")
			require.NoError(t, err)
			h := NewHost()
			defer h.Close()
			e, err := p.NewEngine(h)
			require.NoError(t, err)
			chunk := p.Bots["greedy"]
			tpl := e.botTemplate("greedy", chunk)
			require.Empty(t, tpl.why)
			shared := constantTables(h, tpl.env, chunk)
			before := map[*lua.LTable]string{}
			for tb := range shared {
				before[tb] = tableEntries(tb)
			}
			players := p.Game.Config.Players.Default
			for i := 0; i < 3; i++ {
				s, err := e.NewState(players, uint64(i), core.StateOptions{})
				require.NoError(t, err)
				var seats []*LuaBot
				for j := 0; j < players; j++ {
					b, err := e.NewLuaBot("greedy", uint64(j))
					require.NoError(t, err)
					seats = append(seats, b)
				}
				for !s.Over() {
					k, err := seats[s.ToAct()].Choose(s.ViewFor(s.ToAct()))
					require.NoError(t, err)
					require.NoError(t, s.ApplyIndex(e, k))
				}
			}
			for tb, was := range before {
				require.Equal(t, was, tableEntries(tb))
			}
		})
	}
}

// tableEntries spells t's entries in key order.
func tableEntries(t *lua.LTable) string {
	var parts []string
	t.ForEach(func(k, v lua.LValue) { parts = append(parts, k.String()+"="+v.String()) })
	slices.Sort(parts)
	return strings.Join(parts, ",")
}
