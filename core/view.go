package core

import "math/rand/v2"

// View is what a bot is shown of a game: one seat's window on it, read-only. It has no method that
// changes the game and its concrete type is unexported, so a bot cannot change the state it is shown
// (the compiler enforces it); a search bot gets its own states to play with from Sample.
type View interface {
	// Seat is the seat this view belongs to; Players the number of seats.
	Seat() int
	Players() int
	Game() *Game
	// ToAct is the seat whose decision is pending (-1 when none). When this seat is to act, Legal is a
	// copy of its moves, NumLegal their number and Move(i) the i-th; otherwise there are none.
	ToAct() int
	Legal() []string
	NumLegal() int
	Move(i int) string
	Over() bool
	Scores() []int
	// Observation is everything the seat may know; ObservationFrom holds only the events logged from
	// index from on (EventCount is the log's length now).
	Observation() *Observation
	ObservationFrom(from int) *Observation
	EventCount() int
	// MoveCount is the number of moves played so far (the next move is number MoveCount()+1).
	MoveCount() int
	// Lineage identifies the line of play (a clone has another): a bot that remembers events compares
	// it with the last one it saw and starts over when it differs.
	Lineage() uint64
	// Zones lists the zone instances; Zone tells what the seat sees of one (its cards only if visible).
	Zones() []ZoneRef
	Zone(z ZoneRef) ZoneView
	// Vars are the values of owner (-1 for game-wide values) the seat may see.
	Vars(owner int) map[string]any
	// Events are the events logged from index from on that the seat may see.
	Events(from int) []Event
	Boards() []BoardView
	// Sample returns a state the seat cannot tell from the real one: its unseen cards dealt again at
	// random (State.Resample), ready to play with rules. The caller owns it and may play it out.
	Sample(rng *rand.Rand, rules Rules) (*State, error)
}

// ViewFor returns seat's read-only view of the state.
func (s *State) ViewFor(seat int) View { return seatView{s: s, seat: seat} }

type seatView struct {
	s    *State
	seat int
}

func (v seatView) Seat() int                             { return v.seat }
func (v seatView) Players() int                          { return v.s.Players }
func (v seatView) Game() *Game                           { return v.s.Game }
func (v seatView) ToAct() int                            { return v.s.ToAct() }
func (v seatView) Over() bool                            { return v.s.Over() }
func (v seatView) Scores() []int                         { return append([]int(nil), v.s.scores...) }
func (v seatView) Observation() *Observation             { return v.s.Observe(v.seat) }
func (v seatView) ObservationFrom(from int) *Observation { return v.s.ObserveFrom(v.seat, from) }
func (v seatView) EventCount() int                       { return v.s.EventCount() }
func (v seatView) MoveCount() int                        { return v.s.MoveCount() }
func (v seatView) Lineage() uint64                       { return v.s.lineage }
func (v seatView) Zones() []ZoneRef                      { return v.s.ZoneRefs() }
func (v seatView) Vars(owner int) map[string]any         { return v.s.VisibleVars(v.seat, owner) }
func (v seatView) Events(from int) []Event               { return v.s.VisibleEvents(v.seat, from) }
func (v seatView) Sample(rng *rand.Rand, rules Rules) (*State, error) {
	return v.s.Resample(v.seat, rng, rules)
}

// Legal returns the pending moves only to the seat that is to act.
func (v seatView) Legal() []string {
	if v.s.ToAct() != v.seat {
		return nil
	}
	return append([]string(nil), v.s.Legal()...)
}

func (v seatView) NumLegal() int {
	if v.s.ToAct() != v.seat {
		return 0
	}
	return len(v.s.Legal())
}

func (v seatView) Move(i int) string { return v.s.Legal()[i] }

func (v seatView) Zone(z ZoneRef) ZoneView { return v.s.zoneView(v.seat, z) }

func (v seatView) Boards() []BoardView {
	var out []BoardView
	for _, b := range v.s.boards {
		out = append(out, b.View())
	}
	return out
}
