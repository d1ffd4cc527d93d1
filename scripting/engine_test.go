package scripting_test

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/scripting"
)

// midGame plays n random moves of a bundled game on engine e.
func midGame(t testing.TB, e *scripting.Engine, players int, seed uint64, n int) *core.State {
	t.Helper()
	s, err := e.NewState(players, seed, core.StateOptions{})
	require.NoError(t, err)
	rng := rand.New(rand.NewPCG(seed, 1))
	for i := 0; i < n && !s.Over(); i++ {
		require.NoError(t, s.ApplyIndex(e, rng.IntN(len(s.Legal()))))
	}
	return s
}

func finish(t testing.TB, e *scripting.Engine, s *core.State, seed uint64) string {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 2))
	for steps := 0; !s.Over(); steps++ {
		require.Less(t, steps, 100000, "the game does not end")
		require.NoError(t, s.ApplyIndex(e, rng.IntN(len(s.Legal()))))
	}
	out, err := json.Marshal(struct {
		Events  []core.Event
		Totals  []int
		Winners []int
	}{s.Events(), s.Totals(), s.Winners()})
	require.NoError(t, err)
	return string(out)
}

// A state is plain data: a clone taken mid-game and advanced by another engine (another Lua host) ends
// exactly as the original advanced by its own engine, for every bundled game and variant.
func TestCloneAdvancesOnAnotherEngine(t *testing.T) {
	for _, gv := range bundled(t) {
		t.Run(name(gv), func(t *testing.T) {
			p := loadProgram(t, gv.Game, gv.Variant)
			players := p.Game.Config.Players.Default
			h1, h2 := scripting.NewHost(), scripting.NewHost()
			defer h1.Close()
			defer h2.Close()
			e1, err := p.NewEngine(h1)
			require.NoError(t, err)
			e2, err := p.NewEngine(h2)
			require.NoError(t, err)
			s := midGame(t, e1, players, 5, 25)
			c := s.Clone()
			// the second engine has played another game first, so nothing of this game can be in it
			midGame(t, e2, players, 99, 40)
			want := finish(t, e1, s, 7)
			got := finish(t, e2, c, 7)
			assert.Equal(t, want, got)
		})
	}
}

// Resample redeals only what the seat has not seen: every zone keeps its size, every card the seat has
// seen stays where it is, and the cards redealt are the same multiset.
func TestResampleKeepsSizesAndSeenCards(t *testing.T) {
	for _, gv := range bundled(t) {
		t.Run(name(gv), func(t *testing.T) {
			p := loadProgram(t, gv.Game, gv.Variant)
			players := p.Game.Config.Players.Default
			h := scripting.NewHost()
			defer h.Close()
			e, err := p.NewEngine(h)
			require.NoError(t, err)
			moved := 0
			for seed := uint64(1); seed <= 5; seed++ {
				s := midGame(t, e, players, seed, 12)
				if s.Over() {
					continue
				}
				seat := s.ToAct()
				before := snapshot(s)
				r := resample(t, s, seat, rand.New(rand.NewPCG(seed, 3)), e)
				after := snapshot(r)
				require.Equal(t, before, snapshot(s), "Resample changed the original")
				require.Equal(t, len(before), len(after))
				var hiddenBefore, hiddenAfter []core.CardIdx
				// zones whose size the seat may not know (zone option `size`) are dealt again among
				// their owner's such zones: only the total per owner stays, seen cards may move
				sized, sizedAfter := map[int]int{}, map[int]int{}
				for i, z := range s.ZoneRefs() {
					if zv := s.ViewFor(seat).Zone(z); zv.SizeKnown != core.SizeCount {
						sized[z.Seat] += len(before[i])
						sizedAfter[z.Seat] += len(after[i])
						require.Equal(t, zv, r.ViewFor(seat).Zone(z), "what seat %d knows of %s changed", seat, s.ZoneName(z))
						for _, c := range before[i] {
							if !s.SeenBy(c, seat) {
								hiddenBefore = append(hiddenBefore, c)
							}
						}
						for _, c := range after[i] {
							if !s.SeenBy(c, seat) {
								hiddenAfter = append(hiddenAfter, c)
							}
						}
						continue
					}
					require.Len(t, after[i], len(before[i]), "zone %s changed size", s.ZoneName(z))
					for j, c := range before[i] {
						if s.SeenBy(c, seat) {
							require.Equal(t, c, after[i][j], "a card seat %d has seen moved (zone %s)", seat, s.ZoneName(z))
						} else {
							hiddenBefore = append(hiddenBefore, c)
							hiddenAfter = append(hiddenAfter, after[i][j])
							if after[i][j] != c {
								moved++
							}
						}
					}
				}
				assert.ElementsMatch(t, hiddenBefore, hiddenAfter)
				assert.Equal(t, sized, sizedAfter, "the total of each owner's zones of hidden size")
				// the acting seat's own view of the sample is its view of the game
				assert.Equal(t, s.ViewFor(seat).Legal(), r.ViewFor(seat).Legal())
				// and the sample plays on, unless a hook kept a hidden card's identity in a value that cannot
				// follow it (an id with several copies), which Resample documents; such a
				// sample is reported, and the search bot drops it
				if err := playOn(e, r, seed); err != nil {
					t.Logf("seed %d: the rules cannot play this sample: %v", seed, err)
				}
			}
			// a game where a seat has unseen cards mid-game must see some of them redealt
			t.Logf("%d unseen cards moved over 5 samples", moved)
		})
	}
}

// playOn finishes a game with random moves and returns the rules' error, if any.
func playOn(e *scripting.Engine, s *core.State, seed uint64) error {
	rng := rand.New(rand.NewPCG(seed, 2))
	for steps := 0; !s.Over() && steps < 100000; steps++ {
		if err := s.ApplyIndex(e, rng.IntN(len(s.Legal()))); err != nil {
			return err
		}
	}
	return nil
}

func snapshot(s *core.State) [][]core.CardIdx {
	var out [][]core.CardIdx
	for _, z := range s.ZoneRefs() {
		out = append(out, append([]core.CardIdx(nil), s.Cards(z)...))
	}
	return out
}

// A bot is shown a core.View: an interface whose methods only read, whose concrete type is not the
// state, and whose samples are copies. Bot.Choose's signature makes this a compile-time guarantee; the
// test pins the method set so a mutating method cannot be added unnoticed.
func TestBotViewIsReadOnly(t *testing.T) {
	readOnly := map[string]bool{"Seat": true, "Players": true, "Game": true, "ToAct": true, "Legal": true,
		"NumLegal": true, "Move": true, "Over": true, "Scores": true, "Observation": true, "ObservationFrom": true,
		"EventCount": true, "Lineage": true, "Zones": true, "Zone": true, "Vars": true, "Events": true,
		"Boards": true, "Sample": true, "MoveCount": true, "EachEvent": true,
		"SampleInto":  true,                      // writes only the spent sample it is handed, never the viewed state
		"AppendCards": true,                      // writes only the caller's list it appends to
		"BoardCount":  true, "BoardPieces": true} // hands the board's own pieces, as Boards hands their values
	vt := reflect.TypeOf((*core.View)(nil)).Elem()
	for i := 0; i < vt.NumMethod(); i++ {
		assert.True(t, readOnly[vt.Method(i).Name], "core.View.%s is not a known read-only method", vt.Method(i).Name)
	}
	var chooseParam reflect.Type = reflect.TypeOf((*core.Bot)(nil)).Elem().Method(0).Type.In(0)
	assert.Equal(t, vt, chooseParam, "bots must be handed a core.View")

	p := loadProgram(t, "testdata/tiny.yaml", "")
	h := scripting.NewHost()
	defer h.Close()
	e, s, err := startGame(p, h, 2, 1)
	require.NoError(t, err)
	v := s.ViewFor(s.ToAct())
	_, isState := any(v).(*core.State)
	assert.False(t, isState, "the view is not the state")
	legal := v.Legal()
	legal[0] = "changed"
	assert.NotEqual(t, "changed", s.Legal()[0], "the view's legal moves are a copy")
	sample, err := v.Sample(rand.New(rand.NewPCG(1, 1)), e)
	require.NoError(t, err)
	require.NoError(t, sample.ApplyIndex(e, 0))
	assert.NotEqual(t, sample.MoveCount(), s.MoveCount(), "a sample is the bot's own copy")
}

// BenchmarkCloneResample: the cost of a search bot's determinisation of a mid-game state (random seats,
// 20 moves in), per bundled game; the target for trick games is 2 µs and 10 allocations.
func BenchmarkCloneResample(b *testing.B) {
	for _, gv := range bundled(b) {
		b.Run(name(gv), func(b *testing.B) {
			p := loadProgram(b, gv.Game, gv.Variant)
			h := scripting.NewHost()
			defer h.Close()
			e, err := p.NewEngine(h)
			require.NoError(b, err)
			s := midGame(b, e, p.Game.Config.Players.Default, 3, 20)
			seat := s.ToAct()
			rng := rand.New(rand.NewPCG(1, 2))
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				_, _ = s.Resample(seat, rng, e)
			}
		})
	}
}

// A Lua bot's event feed is right on clones: a bot that followed one line of play and is then shown a
// clone taken earlier chooses exactly as a fresh bot shown that clone (it starts over with the clone's
// whole history), for every bundled game.
func TestLuaBotStartsOverOnAClone(t *testing.T) {
	for _, gv := range bundled(t) {
		t.Run(name(gv), func(t *testing.T) {
			p := loadProgram(t, gv.Game, gv.Variant)
			chunk, err := scripting.CompileFile("testdata/event-counter-bot.lua")
			require.NoError(t, err)
			p.Bots["counter"] = chunk
			h := scripting.NewHost()
			defer h.Close()
			e, err := p.NewEngine(h)
			require.NoError(t, err)
			s := midGame(t, e, p.Game.Config.Players.Default, 4, 10)
			if s.Over() {
				t.Skip("over")
			}
			early := s.Clone()
			seat := s.ToAct()
			follower, err := newBot(e, "counter", 1)
			require.NoError(t, err)
			// the follower sees this line for a while (its own decisions only)
			rng := rand.New(rand.NewPCG(9, 9))
			for i := 0; i < 30 && !s.Over(); i++ {
				if s.ToAct() == seat {
					m, err := follower.Choose(s.ViewFor(seat))
					require.NoError(t, err)
					require.NoError(t, s.ApplyIndex(e, m))
				} else {
					require.NoError(t, s.ApplyIndex(e, rng.IntN(len(s.Legal()))))
				}
			}
			fresh, err := newBot(e, "counter", 1)
			require.NoError(t, err)
			want, err := fresh.Choose(early.ViewFor(seat))
			require.NoError(t, err)
			got, err := follower.Choose(early.ViewFor(seat))
			require.NoError(t, err)
			assert.Equal(t, want, got, "the bot carried memory of another line of play into the clone")
		})
	}
}

// Each game on an engine starts from its scripts as loaded: a module-level table a hook changed in one
// game is fresh in the next, so results do not depend on which worker played which games before.
func TestEachGameStartsFromFreshScripts(t *testing.T) {
	p := loadProgram(t, "testdata/module-state.yaml", "")
	h := scripting.NewHost()
	defer h.Close()
	e, err := p.NewEngine(h)
	require.NoError(t, err)
	for i := 0; i < 3; i++ {
		s, err := e.NewState(2, uint64(i), core.StateOptions{})
		require.NoError(t, err)
		require.Equal(t, float64(1), s.Events()[0].Fields["n"], "game %d saw the module table of an earlier game", i)
	}
}

// resample is State.Resample for a test: the sampled world, or the test fails.
func resample(t testing.TB, s *core.State, seat int, rng *rand.Rand, rules core.Rules) *core.State {
	t.Helper()
	r, err := s.Resample(seat, rng, rules)
	require.NoError(t, err)
	return r
}
