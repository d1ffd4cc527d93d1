package scripting_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/core/search"
	"github.com/ruleslab/ruleslab/scripting"
)

// searchDecision runs spec's search at a mid-game decision of a bundled game (the first seed from 3 on
// whose position after n random moves has a choice) and returns the bot and the searched state.
func searchDecision(t *testing.T, p *scripting.Program, spec string, n int) (*search.ISMCTS, *core.State, *search.Analysis) {
	t.Helper()
	h := scripting.NewHost()
	t.Cleanup(h.Close)
	e, err := p.NewEngine(h)
	require.NoError(t, err)
	s := midGame(t, e, p.Game.Config.Players.Default, 3, n)
	for seed := uint64(4); s.Over() || len(s.Legal()) < 2; seed++ {
		s = midGame(t, e, p.Game.Config.Players.Default, seed, n)
	}
	bot, err := newBot(e, spec, 1)
	require.NoError(t, err)
	b := bot.(*search.ISMCTS)
	a, err := b.Analyse(s.ViewFor(s.ToAct()))
	require.NoError(t, err)
	return b, s, a
}

// hasPrivateMoves reports whether the game hides some move from the other seats (YAML private_moves).
func hasPrivateMoves(p *scripting.Program) bool {
	for _, vis := range p.Game.Config.PrivateMoves {
		if vis != "public" {
			return true
		}
	}
	return false
}

// observers=multi: a seat's tree holds only the moves that seat sees. Another seat's private move
// (YAML private_moves) never labels an edge of it, while the mover's own tree branches on it; the
// labels of private values sit only in the tree of the seat whose decision they precede. -short searches
// each game's base rules only.
func TestISMCTSMultiObserverTreesHoldWhatTheirSeatSees(t *testing.T) {
	ownPrivate := 0
	for _, gv := range bundledShort(t) {
		p := loadProgram(t, gv.Game, gv.Variant)
		if !hasPrivateMoves(p) {
			continue
		}
		t.Run(name(gv), func(t *testing.T) {
			b, s, _ := searchDecision(t, p, "ismcts:observers=multi,iterations=400", 10)
			for seat := 0; seat < s.Players; seat++ {
				edges := b.Edges(seat)
				require.NotEmpty(t, edges, "seat %d's tree", seat)
				for _, ed := range edges {
					if ed.Seat < 0 {
						continue // a private-value label, checked below
					}
					vis := p.Game.MoveVis(ed.Seat, ed.Move)
					require.True(t, vis.VisibleTo(seat), "seat %d's tree follows seat %d's %q, which it does not see", seat, ed.Seat, ed.Move)
					if ed.Seat == seat && vis != core.VisPublic {
						ownPrivate++
					}
				}
				// a private-value label leads to a decision of the tree's own seat
				children := map[int][]search.TreeEdge{}
				for _, ed := range edges {
					children[ed.Parent] = append(children[ed.Parent], ed)
				}
				for _, ed := range edges {
					if ed.Seat < 0 {
						for _, c := range children[ed.Node] {
							require.Equal(t, seat, c.Seat, "after a private-value label in seat %d's tree", seat)
						}
					}
				}
			}
		})
	}
	require.Positive(t, ownPrivate, "no search branched on its own seat's private move: the check above proved nothing")
}

// A multi-observer search of a game whose moves are all public and whose seats hold no private values
// is the single tree's search, draw for draw.
func TestISMCTSMultiObserverIsTheSingleTreeWhenAllIsPublic(t *testing.T) {
	compared := 0
	for _, gv := range bundled(t) {
		p := loadProgram(t, gv.Game, gv.Variant)
		if hasPrivateMoves(p) {
			continue
		}
		t.Run(name(gv), func(t *testing.T) {
			multi, _, am := searchDecision(t, p, "ismcts:observers=multi,iterations=200", 10)
			for _, ed := range multi.Edges(0) {
				if ed.Seat < 0 {
					t.Skip("a seat holds private values here: its tree branches on them")
				}
			}
			_, _, as := searchDecision(t, p, "ismcts:iterations=200", 10)
			require.Equal(t, as, am)
			compared++
		})
	}
	require.Positive(t, compared, "no bundled game has only public moves")
}
