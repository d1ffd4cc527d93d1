package tests

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/core/bots"
	"github.com/ruleslab/ruleslab/core/search"
	"github.com/ruleslab/ruleslab/scripting"
)

// defaultTargets lists every bundled game and variant at its default player count.
func defaultTargets(t testing.TB) []bundledTarget {
	var out []bundledTarget
	for _, b := range bundledTargets(t) {
		p, err := scripting.Load(b.game, b.variant)
		require.NoError(t, err)
		if b.players == p.Game.Config.Players.Default {
			out = append(out, b)
		}
	}
	return out
}

// decisionAfter plays random moves from a new game until at least n moves are made and the seat to act
// has a choice; nil if the game ends first.
func decisionAfter(t *testing.T, e *scripting.Engine, players int, seed uint64, n int) *core.State {
	s, err := e.NewState(players, seed, core.StateOptions{})
	require.NoError(t, err)
	rng := rand.New(rand.NewPCG(seed, 9))
	for i := 0; !s.Over(); i++ {
		if i >= n && len(s.Legal()) > 1 {
			return s
		}
		require.NoError(t, s.ApplyIndex(e, rng.IntN(len(s.Legal()))))
	}
	return nil
}

// TestISMCTSSeesOnlyItsInformation: for the same seed, ismcts (single tree, and multi-observer with mast
// playouts) makes the same search (so the same choice)
// in two states that differ only in cards the acting seat has not seen, consistent with what it saw
// (the second is a resample of the first for that seat: its voids respected). Every bundled game and
// variant, at its default player count, a few decisions each (-short: the first of them).
func TestISMCTSSeesOnlyItsInformation(t *testing.T) {
	compared, skipped := 0, 0
	decisions := []int{6, 25}
	if testing.Short() {
		decisions = decisions[:1]
	}
	for _, target := range defaultTargets(t) {
		t.Run(target.name(), func(t *testing.T) {
			p, err := scripting.Load(target.game, target.variant)
			require.NoError(t, err)
			h := scripting.NewHost()
			defer h.Close()
			e, err := p.NewEngine(h)
			require.NoError(t, err)
			differ := 0
			for _, at := range decisions {
				s := decisionAfter(t, e, target.players, core.GameSeed(77, at), at)
				if s == nil {
					continue
				}
				seat := s.ToAct()
				other := resample(t, s, seat, rand.New(rand.NewPCG(uint64(at), 5)), e)
				if fmt.Sprint(snapshotZones(s)) != fmt.Sprint(snapshotZones(other)) {
					differ++
				}
				// the single tree, and one tree per seat with playouts by the moves' mean rewards
				for _, spec := range []string{"ismcts:iterations=8", "ismcts:iterations=12,observers=multi,rollout=mast"} {
					var got [2]*search.Analysis
					for i, st := range []*core.State{s, other} {
						b, err := newBot(e, spec, 42)
						require.NoError(t, err)
						got[i], err = b.(*search.ISMCTS).Analyse(st.ViewFor(seat))
						require.NoError(t, err)
					}
					if got[0].Failed > 0 || got[1].Failed > 0 {
						// The rules could not play some samples: a hook kept a hidden card's identity in
						// a value (see State.Resample), so the second state is not one the seat could face.
						t.Logf("%s, decision after %d moves: samples the rules cannot play (%d, %d): not compared", spec, at, got[0].Failed, got[1].Failed)
						skipped++
						continue
					}
					require.Equal(t, fmt.Sprintf("%+v", *got[0]), fmt.Sprintf("%+v", *got[1]), "%s searched differently in two states seat %d cannot tell apart", spec, seat)
					compared++
				}
			}
			t.Logf("%d of %d decisions had unseen cards that moved", differ, len(decisions))
		})
	}
	require.Greater(t, compared, 3*skipped, "too few decisions compared")
}

func snapshotZones(s *core.State) [][]core.CardIdx {
	var out [][]core.CardIdx
	for _, z := range s.ZoneRefs() {
		out = append(out, append([]core.CardIdx(nil), s.Cards(z)...))
	}
	return out
}

// TestSamplesNeverContradictEarlierPlays: in a game whose trick mechanic has the follow rule, a seat that
// played off the lead suit (a non-wild card of another suit) holds none of it until its hand is refilled;
// no sample a seat draws may give it a card of that suit, since that seat's earlier play would then have
// been illegal. The test tracks those voids itself, from the plays it sees and the trick, independently
// of the engine's own bookkeeping, walks random games of every bundled game whose YAML has such a rule
// (by data: mechanics.trick.follow), and checks every sample of the actor at every decision, and the
// real game too.
func TestSamplesNeverContradictEarlierPlays(t *testing.T) {
	checked := 0
	for _, target := range bundledTargets(t) {
		p, err := scripting.Load(target.game, target.variant)
		require.NoError(t, err)
		tr := p.Game.Config.Mechanics.Trick
		if tr == nil || !tr.Follow {
			continue
		}
		checked++
		t.Run(target.name(), func(t *testing.T) {
			h := scripting.NewHost()
			defer h.Close()
			e, err := p.NewEngine(h)
			require.NoError(t, err)
			cat := p.Game.Catalog
			suitOf := func(c core.CardIdx) string {
				card := cat.Cards[c]
				if slices.Contains(tr.WildKinds, card.Kind) {
					return ""
				}
				if v, ok := card.Attrs[tr.Suit]; ok {
					return fmt.Sprint(v)
				}
				return ""
			}
			hand := func(s *core.State, seat int) core.ZoneRef {
				z, err := s.Zone(tr.Hand, seat)
				require.NoError(t, err)
				return z
			}
			facts, samples := 0, 0
			for game := 0; game < 3; game++ {
				seed := core.GameSeed(505, game)
				s, err := e.NewState(target.players, seed, core.StateOptions{})
				require.NoError(t, err)
				rng := rand.New(rand.NewPCG(seed, 1))
				voids := make([]map[string]bool, target.players)
				for i := range voids {
					voids[i] = map[string]bool{}
				}
				for step := 0; !s.Over(); step++ {
					actor := s.ToAct()
					check := func(w *core.State, what string) {
						for q := 0; q < target.players; q++ {
							for _, c := range w.Cards(hand(w, q)) {
								if voids[q][suitOf(c)] {
									t.Fatalf("step %d: %s gives seat %d %s, but it did not follow %s earlier", step, what, q, cat.ID(c), suitOf(c))
								}
							}
						}
					}
					check(s, "the game")
					for k := 0; k < 4; k++ {
						check(resample(t, s, actor, rand.New(rand.NewPCG(seed, uint64(step*4+k))), e), fmt.Sprintf("a sample for seat %d", actor))
						samples++
					}
					// the move, and what it shows
					before := make([]int, target.players)
					for q := range before {
						before[q] = s.Count(hand(s, q))
					}
					i := rng.IntN(len(s.Legal()))
					move := s.Legal()[i]
					lead := ""
					if s.InTrick() && s.Handle().CurrentTrick().Lead >= 0 {
						lead = suitOf(s.Handle().CurrentTrick().Cards[s.Handle().CurrentTrick().Lead])
					}
					require.NoError(t, s.ApplyIndex(e, i))
					if id, ok := strings.CutPrefix(move, "play "); ok && lead != "" {
						if c := cat.Cards[cat.Lookup(id)[0]]; !slices.Contains(tr.WildKinds, c.Kind) && fmt.Sprint(c.Attrs[tr.Suit]) != lead {
							voids[actor][lead] = true
							facts++
						}
					}
					for q := range before {
						if s.Count(hand(s, q)) > before[q]-boolInt(q == actor) && s.Count(hand(s, q)) > 0 {
							voids[q] = map[string]bool{} // the hand took cards: it may hold anything again
						}
					}
				}
			}
			require.Positive(t, facts, "no seat ever failed to follow: the check saw nothing")
			t.Logf("%d voids shown, %d samples checked", facts, samples)
		})
	}
	t.Logf("%d bundled targets have a follow rule", checked)
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// newBot makes a bot of e's game from its spec, through the bot registry.
func newBot(e *scripting.Engine, spec string, seed uint64) (core.Bot, error) {
	return bots.For(e.Program(), bots.ExtOptions{}).New(e, spec, seed)
}

// newBots makes the bots of a game's seats, through the bot registry.
func newBots(e *scripting.Engine, seats []string, seed uint64) ([]core.Bot, error) {
	return bots.For(e.Program(), bots.ExtOptions{}).NewSeats(e, seats, seed)
}
