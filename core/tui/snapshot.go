package tui

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/ruleslab/ruleslab/core/textsafe"

	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/core/tui/screen"
)

// The snapshots of a table: what one seat's screen shows, built from that seat's View alone (a
// spectator's from what every seat sees), so a screen can only ever hold what its seat may know.

// seatSnapshot is seat's snapshot now: its view in words; decision is non-zero when it is to choose.
func (t *Table) seatSnapshot(seat, decision int) (screen.Snapshot, error) {
	v := t.s.ViewFor(seat)
	snap := t.frame(seat)
	text, err := t.e.Render(v)
	if err != nil {
		return snap, err
	}
	obs := v.Observation()
	if text == "" {
		var b bytes.Buffer
		renderObservation(&b, obs)
		text = b.String()
	}
	// the game's render hook's text: no escape sequence reaches the terminal
	snap.Table, snap.Hand, snap.Others = textsafe.Escape(text), ownHand(obs), othersFacts(obs, t.info.Names)
	if snap.History, err = t.history(seat, v.Events); err != nil {
		return snap, err
	}
	if decision != 0 && v.ToAct() == seat {
		snap.Decision, snap.Legal = decision, v.Legal()
		if snap.Placements, err = t.placements(); err != nil {
			return snap, err
		}
	}
	return snap, nil
}

// frame is what every snapshot holds: the game's facts, the public boards and scores, whose turn.
func (t *Table) frame(seat int) screen.Snapshot {
	v := t.s.ViewFor(max(seat, 0))
	snap := screen.Snapshot{Version: t.version, Game: t.info.Game, Seat: seat, Title: t.info.Title,
		Variant: t.info.Variant, Seed: t.info.Seed, Players: t.s.Players, Names: t.names(seat), ToAct: v.ToAct(),
		Moves: v.MoveCount(), Over: v.Over(), Totals: v.Scores(), Rounds: roundPoints(t.s.RoundTotals())}
	if t.info.Running != nil { // the session's totals with this game's so far
		snap.Running = make([]int, t.s.Players)
		for i, n := range t.s.Totals() {
			snap.Running[i] = n
			if i < len(t.info.Running) {
				snap.Running[i] += t.info.Running[i]
			}
		}
	}
	for _, b := range v.Boards() {
		snap.Boards = append(snap.Boards, screen.Board{View: b, Colors: boardColors(v, b.Name)})
	}
	if snap.Over {
		snap.Result = fmt.Sprintf("game over: totals %s; winners: %s", ints(t.s.Totals()), seatList(t.s.Winners()))
	}
	t.mu.Lock()
	snap.Notice = t.notice
	t.mu.Unlock()
	return snap
}

// names are the seats' players as seat sees them: itself "you".
func (t *Table) names(seat int) []string {
	out := append([]string(nil), t.info.Names...)
	if seat >= 0 && seat < len(out) {
		out[seat] = "you"
	}
	return out
}

func seatList(seats []int) string {
	parts := make([]string, len(seats))
	for i, s := range seats {
		parts[i] = fmt.Sprintf("seat %d", s)
	}
	return strings.Join(parts, ", ")
}

// ownHand is the cards of the seat's hand: its zone "hand", else its first zone it sees.
func ownHand(obs *core.Observation) []string {
	var first []string
	for _, z := range obs.Zones {
		if z.Seat != obs.Seat || !z.Visible {
			continue
		}
		if z.Name == "hand" {
			return z.Cards
		}
		if first == nil {
			first = z.Cards
		}
	}
	return first
}

// othersFacts is a line for each other seat: who plays it and what the observation holds of it (its
// zones' cards or sizes, its values, its score).
func othersFacts(obs *core.Observation, names []string) []string {
	var out []string
	for p := 0; p < obs.Players; p++ {
		if p == obs.Seat {
			continue
		}
		parts := []string{fmt.Sprintf("seat %d", p)}
		if p < len(names) && names[p] != "" {
			parts[0] += " (" + names[p] + ")"
		}
		for _, z := range obs.Zones {
			if z.Seat == p {
				parts = append(parts, zoneFact(z))
			}
		}
		if p < len(obs.SeatVars) && len(obs.SeatVars[p]) > 0 {
			parts = append(parts, valueInWords(obs.SeatVars[p]))
		}
		parts = append(parts, fmt.Sprintf("score %d", obs.Scores[p]))
		out = append(out, strings.Join(parts, " · "))
	}
	return out
}

// zoneFact is a zone as a seat knows it: its cards, its size, or that it holds cards.
func zoneFact(z core.ZoneView) string {
	switch {
	case z.Visible && len(z.Cards) > 0:
		return z.Name + " " + strings.Join(z.Cards, " ")
	case z.SizeKnown == core.SizeNothing:
		return z.Name + " ?"
	case z.SizeKnown == core.SizeHasCards:
		if z.HasCards {
			return z.Name + " some"
		}
		return z.Name + " none"
	}
	return fmt.Sprintf("%s %d", z.Name, z.Count)
}

// history adds to the seat's events in words those logged since its last snapshot (events(from)
// gives the events the seat may see from a log index on).
func (t *Table) history(seat int, events func(int) []core.Event) ([]string, error) {
	if t.played[seat] == nil {
		t.played[seat] = map[int]string{}
	}
	for _, e := range events(t.told[seat]) {
		if e.Type == "move" {
			t.played[seat][e.Seat] = e.Move
		}
		line, err := t.e.Describe(e, seat)
		if err != nil {
			return nil, err
		}
		if line == "" {
			line = describeEvent(e, seat)
		}
		line = strings.TrimSpace(line) + wonBy(e, t.played[seat])  // the game's words name no card
		t.said[seat] = append(t.said[seat], textsafe.Escape(line)) // the describe hook's text, raw until here
	}
	t.told[seat] = t.s.EventCount()
	return append([]string(nil), t.said[seat]...), nil
}

// placements are, per legal move of the seat to act, the piece it would place on a board: found by
// playing the move on a copy of the game and keeping only the board's new piece (boards are public).
func (t *Table) placements() ([]screen.Placement, error) {
	legal := t.s.Legal()
	if len(t.s.ViewFor(0).Boards()) == 0 {
		return nil, nil
	}
	out := make([]screen.Placement, len(legal))
	for i := range legal {
		c := t.s.Clone()
		before := c.ViewFor(0).Boards()
		if err := c.ApplyIndex(t.e, i); err != nil {
			return nil, err
		}
		out[i] = newPiece(before, c.ViewFor(0).Boards())
	}
	return out, nil
}

// newPiece is the one piece a move added to a board (none when it added none or several).
func newPiece(before, after []core.BoardView) screen.Placement {
	for k, b := range after {
		if k < len(before) && len(b.Pieces) == len(before[k].Pieces)+1 {
			p := b.Pieces[len(b.Pieces)-1]
			return screen.Placement{Board: b.Name, Floor: p.Floor, Cells: p.Cells, Values: p.Values}
		}
	}
	return screen.Placement{}
}

// roundPoints is each round's points per seat, from every seat's running total after each round.
func roundPoints(totals [][]int) [][]int {
	out := make([][]int, len(totals))
	for r, row := range totals {
		out[r] = make([]int, len(row))
		for i, v := range row {
			out[r][i] = v
			if r > 0 && i < len(totals[r-1]) {
				out[r][i] -= totals[r-1][i]
			}
		}
	}
	return out
}

// wonBy says which card won a trick: the one of its cards its winner's last move named (" (won by
// O5)"); "" for another event, or when no move names one.
func wonBy(e core.Event, played map[int]string) string {
	if e.Type != "trick" {
		return ""
	}
	for _, w := range strings.Fields(played[e.Winner]) {
		for _, c := range e.Cards {
			if w == c {
				return " (won by " + c + ")"
			}
		}
	}
	return ""
}
