package core

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// Observation is everything one seat may know: derived from zone visibility and value/event
// visibility alone, never from the game's rules.
type Observation struct {
	Seat     int              `json:"seat"`
	Players  int              `json:"players"`
	Zones    []ZoneView       `json:"zones"`
	Vars     map[string]any   `json:"vars"`
	SeatVars []map[string]any `json:"seat_vars"`
	Scores   []int            `json:"scores"`
	Events   []Event          `json:"events"`
	ToAct    int              `json:"to_act"`
	Legal    []string         `json:"legal,omitempty"`
	Boards   []BoardView      `json:"boards,omitempty"` // every board is public
}

// CanSee reports whether seat sees the contents of a zone instance.
func (s *State) CanSee(seat int, z ZoneRef) bool {
	switch s.Game.Zones[z.Def].Visible {
	case VisibleAll:
		return true
	case VisibleOwner:
		return z.Seat == seat
	}
	return false
}

// Observe builds seat's observation, with every event it may see.
func (s *State) Observe(seat int) *Observation { return s.ObserveFrom(seat, 0) }

// EventCount is the length of the full log; ObserveFrom(seat, n) then holds only later events.
func (s *State) EventCount() int { return len(s.events) }

// ObserveFrom builds seat's observation holding only the events logged from index from on, for
// bots that remember what they saw before.
func (s *State) ObserveFrom(seat, from int) *Observation {
	o := &Observation{Seat: seat, Players: s.Players, ToAct: s.ToAct(), Vars: s.VisibleVars(seat, -1)}
	for _, z := range s.ZoneRefs() {
		o.Zones = append(o.Zones, s.zoneView(seat, z))
	}
	for i := 0; i < s.Players; i++ {
		o.SeatVars = append(o.SeatVars, s.VisibleVars(seat, i))
	}
	o.Scores = append([]int{}, s.scores...)
	o.Events = s.VisibleEvents(seat, from)
	for _, b := range s.boards {
		o.Boards = append(o.Boards, b.View())
	}
	if o.ToAct == seat {
		o.Legal = append([]string{}, s.Legal()...)
	}
	return o
}

// VisibleVars returns the values of owner (-1: game-wide values, else that seat's) that seat may see.
func (s *State) VisibleVars(seat, owner int) map[string]any {
	m := map[string]any{}
	for _, e := range s.vars {
		if e.seat == owner && e.val.Vis.VisibleTo(seat) {
			m[e.key] = e.val.Any()
		}
	}
	return m
}

// VisibleEvents returns the events logged from index from on that seat may see.
func (s *State) VisibleEvents(seat, from int) []Event {
	var out []Event
	for _, e := range s.events[min(from, len(s.events)):] {
		if e.Vis.VisibleTo(seat) {
			out = append(out, e)
		}
	}
	return out
}

func (s *State) ids(cards []CardIdx) []string {
	out := make([]string, len(cards))
	for i, c := range cards {
		out[i] = s.Game.Catalog.Cards[c].ID
	}
	return out
}

// IDs spells a list of cards.
func (s *State) IDs(cards []CardIdx) []string { return s.ids(cards) }

// PrivateValues spells the values only seat may see (game-wide and its own), sorted by owner and name,
// as one label: part of what tells the seat's information sets apart in a multi-observer search. It is
// "" when there are none.
func (s *State) PrivateValues(seat int) string {
	own := SeatVis(seat)
	var keys []string
	for _, e := range s.vars {
		if e.val.Vis == own {
			keys = append(keys, strconv.Itoa(e.seat)+"."+e.key+"="+fmt.Sprint(e.val.Any()))
		}
	}
	if len(keys) == 0 {
		return ""
	}
	sort.Strings(keys)
	return "\x00" + strings.Join(keys, ";") // no move starts with NUL
}
