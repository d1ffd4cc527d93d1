package invariant

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"

	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/core/bots"
	"github.com/ruleslab/ruleslab/core/config"
	"github.com/ruleslab/ruleslab/scripting"
)

// DefaultMoveCap bounds a game whose YAML sets no limits.max_moves.
const DefaultMoveCap = 100_000

// Violation is a broken invariant.
type Violation struct {
	Check string // conservation, at-most, visibility, legal-moves, move-cap, replay, error
	Msg   string
}

func (v *Violation) Error() string { return v.Check + ": " + v.Msg }

func violation(check, format string, args ...any) *Violation {
	return &Violation{Check: check, Msg: fmt.Sprintf(format, args...)}
}

// Checker checks the states of one game, in the order they are played.
type Checker struct {
	rng     *rand.Rand // for the resampled worlds of the visibility check
	rules   core.Rules // to make those worlds ready to play
	checked []int      // per seat: events already checked (the history only grows)
}

// NewChecker returns a checker of games played by rules whose resampling is seeded by seed.
func NewChecker(seed uint64, rules core.Rules) *Checker {
	return &Checker{rng: rand.New(rand.NewPCG(seed, 0x1a55e7)), rules: rules}
}

// Check runs every per-position check on s.
func (c *Checker) Check(s *core.State) *Violation {
	if v := Conservation(s); v != nil {
		return v
	}
	if v := AtMost(s); v != nil {
		return v
	}
	if v := LegalMoves(s); v != nil {
		return v
	}
	for seat := 0; seat < s.Players; seat++ {
		if v := c.Visibility(s, seat); v != nil {
			return v
		}
	}
	return nil
}

// Conservation: every component of the catalogue lies in exactly one zone.
func Conservation(s *core.State) *Violation {
	cards := s.Game.Catalog.Cards
	where := make([]int, len(cards))
	refs := s.ZoneRefs()
	for zi, z := range refs {
		for _, c := range s.Cards(z) {
			if int(c) < 0 || int(c) >= len(cards) {
				return violation("conservation", "zone %s holds a card that is not in the catalogue (%d)", zoneName(s, z), c)
			}
			if where[c] != 0 {
				return violation("conservation", "%s is in two zones: %s and %s", cards[c].ID, zoneName(s, refs[where[c]-1]), zoneName(s, z))
			}
			where[c] = zi + 1
		}
	}
	for c, w := range where {
		if w == 0 {
			return violation("conservation", "%s is in no zone (%d of %d components in zones)", cards[c].ID, countNonZero(where), len(cards))
		}
	}
	return nil
}

// AtMost: no zone holds more cards than its `at_most` option promises (a search bot's sampled worlds
// rely on it).
func AtMost(s *core.State) *Violation {
	for _, z := range s.ZoneRefs() {
		if b, ok := s.ZoneBound(z, -1); ok && s.Count(z) > b {
			def := s.Game.Zones[z.Def]
			what := fmt.Sprint(b)
			if def.AtMostValue != "" {
				what = fmt.Sprintf("%d (value %s)", b, def.AtMostValue)
			}
			return violation("at-most", "%s holds %d cards; its at_most is %s", zoneName(s, z), s.Count(z), what)
		}
	}
	return nil
}

func countNonZero(xs []int) int {
	n := 0
	for _, x := range xs {
		if x != 0 {
			n++
		}
	}
	return n
}

func zoneName(s *core.State, z core.ZoneRef) string {
	name := s.ZoneName(z)
	return name
}

// LegalMoves: a running game has a seat to act with at least one legal move; a finished one none.
func LegalMoves(s *core.State) *Violation {
	if s.Over() {
		if s.ToAct() != -1 {
			return violation("legal-moves", "the game is over but seat %d is to act", s.ToAct())
		}
		return nil
	}
	seat := s.ToAct()
	if seat < 0 || seat >= s.Players {
		return violation("legal-moves", "the game is running but no seat is to act")
	}
	if len(s.Legal()) == 0 {
		return violation("legal-moves", "seat %d is to act with no legal move", seat)
	}
	return nil
}

// Visibility: seat's observation lists the cards of exactly the zones its declaration shows that seat,
// holds only events visible to it, and its zones, events, scores and boards are the same in a world
// resampled from what the seat has not seen (so no hidden card leaks into them).
func (c *Checker) Visibility(s *core.State, seat int) *Violation {
	// Only the events logged since the last check are looked at: the earlier ones were checked then
	// and a game's history never changes (rebuilding it at every move made the check quadratic).
	if len(c.checked) != s.Players {
		c.checked = make([]int, s.Players)
	}
	from := c.checked[seat]
	if from > s.EventCount() {
		from = 0 // another game's state
	}
	o := s.ObserveFrom(seat, from)
	refs := s.ZoneRefs()
	if len(o.Zones) != len(refs) {
		return violation("visibility", "seat %d's observation has %d zones, the game %d", seat, len(o.Zones), len(refs))
	}
	for i, z := range refs {
		def := s.Game.Zones[z.Def]
		may := def.Visible == core.VisibleAll || (def.Visible == core.VisibleOwner && z.Seat == seat)
		zv := o.Zones[i]
		if v := sizeVisibility(s, seat, z, may, zv); v != nil {
			return v
		}
		if !may && zv.Cards != nil {
			return violation("visibility", "seat %d's observation lists the cards of %s (visible: %s)", seat, zoneName(s, z), def.Visible)
		}
		if may && len(zv.Cards) != s.Count(z) {
			return violation("visibility", "seat %d's observation lists %d of the %d cards of %s", seat, len(zv.Cards), s.Count(z), zoneName(s, z))
		}
	}
	for _, e := range o.Events {
		if !e.Vis.VisibleTo(seat) {
			return violation("visibility", "seat %d's observation holds a %s event it may not see", seat, e.Type)
		}
	}
	if o.ToAct != seat && o.Legal != nil {
		return violation("visibility", "seat %d sees the legal moves of seat %d", seat, o.ToAct)
	}
	// the observation may not depend on anything the seat has not seen
	c.checked[seat] = s.EventCount()
	if s.Over() {
		return nil
	}
	r, err := s.Resample(seat, c.rng, c.rules)
	if err != nil {
		return violation("visibility", "seat %d's resampled world cannot be played: %v", seat, err)
	}
	o2 := r.ObserveFrom(seat, from)
	// Values are left out: Resample renames a value that names a redealt card, even one the seat may
	// read, which is the sampler's approximation, not a leak.
	o.Legal, o2.Legal = nil, nil
	o.Vars, o2.Vars, o.SeatVars, o2.SeatVars = nil, nil, nil, nil
	// Events are left out of the comparison: a resampled state shares the original's event history
	// (Clone keeps the slice), so they are equal by construction, and marshalling the whole history at
	// every move made a game's check quadratic (70% of fuzz's time). Which events the seat may see is
	// checked above.
	if len(o.Events) != len(o2.Events) {
		return violation("visibility", "seat %d sees %d events, and %d when what it has not seen is dealt again", seat, len(o.Events), len(o2.Events))
	}
	o.Events, o2.Events = nil, nil
	a, _ := json.Marshal(o)
	b, _ := json.Marshal(o2)
	if !bytes.Equal(a, b) {
		return violation("visibility", "seat %d's observation changes when what it has not seen is dealt again: %s", seat, firstDiff(a, b))
	}
	return nil
}

// sizeVisibility: the seat knows a zone's size when it sees its cards, owns it, or its `size` is
// public; a hidden size shows only whether the zone holds cards, a secret one nothing.
func sizeVisibility(s *core.State, seat int, z core.ZoneRef, may bool, zv core.ZoneView) *Violation {
	def := s.Game.Zones[z.Def]
	n := s.Count(z)
	want := core.SizeCount
	if !may && z.Seat != seat {
		switch def.Size {
		case config.SizeHidden:
			want = core.SizeHasCards
		case config.SizeSecret:
			want = core.SizeNothing
		}
	}
	if zv.SizeKnown != want {
		return violation("visibility", "seat %d knows %q of the size of %s (size: %s), not %q", seat, zv.SizeKnown, zoneName(s, z), def.Size, want)
	}
	switch want {
	case core.SizeCount:
		if zv.Count != n {
			return violation("visibility", "seat %d sees %d cards in %s, which holds %d", seat, zv.Count, zoneName(s, z), n)
		}
	case core.SizeHasCards:
		if zv.Count != 0 || zv.HasCards != (n > 0) {
			return violation("visibility", "seat %d sees count %d, has cards %v in %s (size: hidden), which holds %d", seat, zv.Count, zv.HasCards, zoneName(s, z), n)
		}
	default:
		if zv.Count != 0 || zv.HasCards {
			return violation("visibility", "seat %d sees count %d, has cards %v in %s (size: secret)", seat, zv.Count, zv.HasCards, zoneName(s, z))
		}
	}
	return nil
}

func firstDiff(a, b []byte) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	lo := max(0, i-60)
	return fmt.Sprintf("…%s… vs …%s…", a[lo:min(len(a), i+40)], b[lo:min(len(b), i+40)])
}

// Record is one checked game: its seed, players, bots and the moves played up to the end or the first
// violation.
type Record struct {
	Players   int
	Seed      uint64
	Seats     []string
	Moves     []string
	Violation *Violation // nil: every check held
}

// Play plays one game with bots, checking after setup and after every move, then replays it.
func Play(e *scripting.Engine, players int, seats []string, seed uint64) *Record {
	g := &Record{Players: players, Seed: seed, Seats: seats}
	g.Violation = play(e, g)
	return g
}

func play(e *scripting.Engine, g *Record) (v *Violation) {
	defer func() {
		if p := recover(); p != nil {
			v = violation("error", "internal error: %v", p)
		}
	}()
	// fuzzing seats no external programs: the registry needs no options for them
	seated, err := bots.For(e.Program(), bots.ExtOptions{}).NewSeats(e, g.Seats, g.Seed)
	if err != nil {
		return violation("error", "%v", err)
	}
	defer bots.End(seated, nil)
	s, err := e.NewState(g.Players, g.Seed, core.StateOptions{})
	if err != nil {
		return violation("error", "setup: %v", err)
	}
	c := NewChecker(g.Seed, e)
	if v := c.Check(s); v != nil {
		return v
	}
	limit := s.Game.Config.Limits.MaxMoves
	if limit <= 0 {
		limit = DefaultMoveCap
	}
	for !s.Over() {
		if s.MoveCount() >= limit {
			return violation("move-cap", "the game is not over after %d moves", limit)
		}
		seat := s.ToAct()
		i, err := seated[seat].Choose(s.ViewFor(seat))
		if err != nil {
			return violation("error", "seat %d (%s): %v", seat, g.Seats[seat], err)
		}
		if n := len(s.Legal()); i < 0 || i >= n {
			return violation("error", "seat %d (%s) chose move %d of %d", seat, g.Seats[seat], i+1, n)
		}
		move := s.Legal()[i]
		g.Moves = append(g.Moves, move)
		if err := s.ApplyIndex(e, i); err != nil {
			return violation("error", "move %d (%q): %v", len(g.Moves)-1, move, err)
		}
		if v := c.Check(s); v != nil {
			return v
		}
	}
	return Replay(e, s, g.Players, g.Seed, g.Moves)
}

// Replay plays moves (as typed) on a fresh state and checks it reproduces s: the same events, totals
// and winners.
func Replay(e *scripting.Engine, s *core.State, players int, seed uint64, moves []string) *Violation {
	r, err := e.NewState(players, seed, core.StateOptions{})
	if err != nil {
		return violation("replay", "setup: %v", err)
	}
	for i, m := range moves {
		if err := r.Apply(e, m); err != nil {
			return violation("replay", "move %d (%q): %v", i, m, err)
		}
	}
	a, _ := json.Marshal(s.Events())
	b, _ := json.Marshal(r.Events())
	if !bytes.Equal(a, b) {
		return violation("replay", "the replayed events differ: %s", firstDiff(a, b))
	}
	a, _ = json.Marshal([]any{s.Totals(), s.Winners(), s.Over()})
	b, _ = json.Marshal([]any{r.Totals(), r.Winners(), r.Over()})
	if !bytes.Equal(a, b) {
		return violation("replay", "the replayed outcome differs: %s vs %s", a, b)
	}
	return nil
}
