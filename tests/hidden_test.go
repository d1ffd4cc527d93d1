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
//
// The event log grows with the game, so checking it whole at every decision would cost the square of a
// game's length (Mito multi-round runs ~2000 moves). A seat only ever sees more cards (SeenBy never
// forgets, which the test checks too), so an event that named no unseen card when the seat first got
// it never will: each decision checks everything but the log in full, and only the events logged
// since the seat's previous check, at their strictest moment; the whole log is checked again every
// fullObservationEvery decisions and at the end of the game. -short plays one game per target
// instead of three.
func TestObservationsHoldNoUnseenCard(t *testing.T) {
	games := 3
	if testing.Short() {
		games = 1
	}
	for _, target := range bundledTargets(t) {
		t.Run(target.name(), func(t *testing.T) {
			t.Parallel()
			p, err := scripting.Load(target.game, target.variant)
			require.NoError(t, err)
			h := scripting.NewHost()
			defer h.Close()
			e, err := p.NewEngine(h)
			require.NoError(t, err)
			for game := 0; game < games; game++ {
				seed := core.GameSeed(2024, game)
				s, err := e.NewState(target.players, seed, core.StateOptions{})
				require.NoError(t, err)
				names := make([]string, target.players)
				for i := range names {
					names[i] = "random"
				}
				bots, err := newBots(e, names, seed)
				require.NoError(t, err)
				checked := make([]int, target.players) // events each seat's observations have shown so far
				seen := make([][]bool, target.players) // the cards each seat had seen at the last decision
				for seat := range seen {
					seen[seat] = make([]bool, len(p.Game.Catalog.Cards))
				}
				for step := 0; ; step++ {
					over := s.Over()
					for seat := 0; seat < target.players; seat++ {
						// the premise of checking each event once: a seat never unsees a card
						for c := range seen[seat] {
							now := s.SeenBy(core.CardIdx(c), seat)
							if seen[seat][c] && !now {
								t.Fatalf("step %d: seat %d no longer counts card %s as seen", step, seat, p.Game.Catalog.ID(core.CardIdx(c)))
							}
							seen[seat][c] = now
						}
						from := checked[seat]
						if over || step%fullObservationEvery == 0 {
							from = 0
						}
						checkObservation(t, s, seat, step, from)
						checked[seat] = s.EventCount()
					}
					if over {
						break
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

// fullObservationEvery is how often TestObservationsHoldNoUnseenCard checks a seat's whole event log.
const fullObservationEvery = 100

// checkObservation checks seat's observation, holding the events logged from index from on.
func checkObservation(t *testing.T, s *core.State, seat, step, from int) {
	t.Helper()
	cat := s.Game.Catalog
	// copies are indistinguishable: one copy seen makes the id known
	unseen := func(id string) bool {
		copies := cat.Lookup(id)
		for _, c := range copies {
			if s.SeenBy(c, seat) {
				return false
			}
		}
		return len(copies) > 0
	}
	obs := s.ObserveFrom(seat, from)
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
	jsonStrings(t, data, func(text string) {
		for start, i := 0, 0; i <= len(text); i++ {
			if i < len(text) && text[i] != ' ' && text[i] != ',' {
				continue
			}
			if tok := text[start:i]; tok != "" && unseen(tok) {
				t.Fatalf("step %d: seat %d's observation names card %s, which it has never seen: %q", step, seat, tok, text)
			}
			start = i + 1
		}
	})
}

// jsonStrings calls f with every string of a JSON text, object keys and values alike, unescaped. It
// reads the text as it is, without decoding it into a tree: in JSON (json.Marshal writes only valid
// JSON) a quote outside a string starts one.
func jsonStrings(t *testing.T, data []byte, f func(string)) {
	t.Helper()
	for i := 0; i < len(data); i++ {
		if data[i] != '"' {
			continue
		}
		j, escaped := i+1, false
		for ; data[j] != '"'; j++ {
			if data[j] == '\\' {
				escaped = true
				j++
			}
		}
		if escaped {
			var text string
			require.NoError(t, json.Unmarshal(data[i:j+1], &text))
			f(text)
		} else {
			f(string(data[i+1 : j]))
		}
		i = j
	}
}
