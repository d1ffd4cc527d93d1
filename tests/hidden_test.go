package tests

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/scripting"
)

// TestObservationsHoldNoUnseenCard walks seeded games of every bundled game, variant and player count
// with random bots and checks, at every decision and for every seat, that the seat's observation names
// no card id that seat has never seen face up (every copy of it lay only in zones hidden from the seat),
// and that hidden zones show only their size. The engine records which seats have seen each card as it
// moves between zones (core.State.SeenBy), so the check needs no knowledge of any game.
//
// Legal move lists are left out of the token check: a guess may legitimately list every card id; so are
// the moves of the verbs a game lists in `claim_moves` (a guess named in the log shows no card).
func TestObservationsHoldNoUnseenCard(t *testing.T) {
	for _, target := range bundledTargets(t) {
		t.Run(target.name(), func(t *testing.T) {
			p, err := scripting.Load(target.game, target.variant)
			require.NoError(t, err)
			h := scripting.NewHost()
			defer h.Close()
			e, err := p.NewEngine(h)
			require.NoError(t, err)
			for game := 0; game < 3; game++ {
				seed := core.GameSeed(2024, game)
				s, err := e.NewState(target.players, seed, core.StateOptions{})
				require.NoError(t, err)
				names := make([]string, target.players)
				for i := range names {
					names[i] = "random"
				}
				bots, err := newBots(e, names, seed)
				require.NoError(t, err)
				for step := 0; !s.Over(); step++ {
					// every decision of the first 400 is checked, then every 10th, so very long games
					// (Mito multi-round runs ~2000 moves) keep the suite fast
					if step < 400 || step%10 == 0 {
						for seat := 0; seat < target.players; seat++ {
							checkObservation(t, s, seat, step)
						}
					}
					actor := s.ToAct()
					move, err := bots[actor].Choose(s.ViewFor(actor))
					require.NoError(t, err)
					require.NoError(t, s.ApplyIndex(e, move))
				}
			}
		})
	}
}

func checkObservation(t *testing.T, s *core.State, seat, step int) {
	t.Helper()
	cat := s.Game.Catalog
	unseen := map[string]bool{}
	seenID := map[string]bool{}
	for i := range cat.Cards {
		c := core.CardIdx(i)
		if s.SeenBy(c, seat) {
			seenID[cat.ID(c)] = true
		} else {
			unseen[cat.ID(c)] = true
		}
	}
	for id := range seenID {
		delete(unseen, id) // copies are indistinguishable: one copy seen makes the id known
	}
	obs := s.Observe(seat)
	for _, z := range obs.Zones {
		if !z.Visible {
			require.Nil(t, z.Cards, "step %d: seat %d gets the cards of hidden zone %s[%d]", step, seat, z.Name, z.Seat)
		}
	}
	obs.Legal = nil
	// a claim (a guess naming any card, `claim_moves`) names a card without showing it
	claims := map[string]bool{}
	for _, v := range s.Game.Config.ClaimMoves {
		claims[v] = true
	}
	kept := obs.Events[:0:0]
	for _, e := range obs.Events {
		if e.Type == "move" && claims[strings.SplitN(e.Move, " ", 2)[0]] {
			continue
		}
		kept = append(kept, e)
	}
	obs.Events = kept
	data, err := json.Marshal(obs)
	require.NoError(t, err)
	var tree any
	require.NoError(t, json.Unmarshal(data, &tree))
	walkStrings(tree, func(text string) {
		for _, tok := range strings.FieldsFunc(text, func(r rune) bool { return r == ' ' || r == ',' }) {
			if unseen[tok] {
				t.Fatalf("step %d: seat %d's observation names card %s, which it has never seen: %q", step, seat, tok, text)
			}
		}
	})
}

func walkStrings(v any, f func(string)) {
	switch x := v.(type) {
	case string:
		f(x)
	case []any:
		for _, e := range x {
			walkStrings(e, f)
		}
	case map[string]any:
		for k, e := range x {
			f(k)
			walkStrings(e, f)
		}
	}
}
