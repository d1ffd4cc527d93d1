package core

import "math/rand/v2"

// View is what a bot is shown of a game: one seat's window on it, read-only. It has no method that
// changes the game and its fields are unexported, so a bot cannot change the state it is shown (the
// compiler enforces it); a search bot gets its own states to play with from Sample.
type View struct {
	s    *State
	seat int
}

// ViewFor returns seat's read-only view of the state.
func (s *State) ViewFor(seat int) View { return View{s: s, seat: seat} }

// Seat is the seat this view belongs to; Players the number of seats.
func (v View) Seat() int     { return v.seat }
func (v View) Players() int  { return v.s.Players }
func (v View) Game() *Game   { return v.s.Game }
func (v View) Over() bool    { return v.s.Over() }
func (v View) Scores() []int { return append([]int(nil), v.s.scores...) }

// ToAct is the seat whose decision is pending (-1 when none). When this seat is to act, Legal is a
// copy of its moves, NumLegal their number and Move(i) the i-th; otherwise there are none.
func (v View) ToAct() int { return v.s.ToAct() }

// Legal returns the pending moves only to the seat that is to act.
func (v View) Legal() []string {
	if v.s.ToAct() != v.seat {
		return nil
	}
	return append([]string(nil), v.s.Legal()...)
}

// NumLegal is the number of the seat's pending moves (0 when another seat is to act).
func (v View) NumLegal() int {
	if v.s.ToAct() != v.seat {
		return 0
	}
	return len(v.s.Legal())
}

// Move is the seat's i-th pending move.
func (v View) Move(i int) string { return v.s.Legal()[i] }

// Observation is everything the seat may know; ObservationFrom holds only the events logged from
// index from on (EventCount is the log's length now).
func (v View) Observation() *Observation             { return v.s.Observe(v.seat) }
func (v View) ObservationFrom(from int) *Observation { return v.s.ObserveFrom(v.seat, from) }
func (v View) EventCount() int                       { return v.s.EventCount() }

// MoveCount is the number of moves played so far (the next move is number MoveCount()+1).
func (v View) MoveCount() int { return v.s.MoveCount() }

// Lineage identifies the line of play (a clone has another): a bot that remembers events compares it
// with the last one it saw and starts over when it differs.
func (v View) Lineage() uint64 { return v.s.lineage }

// Zones lists the zone instances; Zone tells what the seat sees of one (its cards only if visible).
func (v View) Zones() []ZoneRef        { return v.s.ZoneRefs() }
func (v View) Zone(z ZoneRef) ZoneView { return v.s.zoneView(v.seat, z) }

// Vars are the values of owner (-1 for game-wide values) the seat may see.
func (v View) Vars(owner int) map[string]any { return v.s.VisibleVars(v.seat, owner) }

// Events are the events logged from index from on that the seat may see.
func (v View) Events(from int) []Event { return v.s.VisibleEvents(v.seat, from) }

// Boards are the game's boards (all public).
func (v View) Boards() []BoardView {
	var out []BoardView
	for _, b := range v.s.boards {
		out = append(out, b.View())
	}
	return out
}

// BoardCount is the number of the game's boards.
func (v View) BoardCount() int { return len(v.s.boards) }

// BoardPieces is what Boards shows of board i without copying it: its definition, its placed pieces
// in placement order and its top floor (0 when empty). A piece is never changed once placed, and a
// board's list is only appended to until the board is cleared, when it gets a new one: a reader that
// kept an earlier list of the same board can tell by its first piece whether this one continues it.
// Do not change them.
func (v View) BoardPieces(i int) (*BoardDef, []Piece, int) {
	b := v.s.boards[i]
	return b.Def, b.pieces, b.top
}

// Sample returns a state the seat cannot tell from the real one: its unseen cards dealt again at
// random (State.Resample), ready to play with rules. The caller owns it and may play it out.
func (v View) Sample(rng *rand.Rand, rules Rules) (*State, error) {
	return v.s.Resample(v.seat, rng, rules)
}
