package core

import "math/rand/v2"

// ZoneView is one zone instance as a seat sees it: its cards when visible, otherwise only its size.
type ZoneView struct {
	Name    string   `json:"zone"`
	Seat    int      `json:"seat"` // -1 for shared zones
	Visible bool     `json:"visible"`
	Cards   []string `json:"cards,omitempty"`
	Count   int      `json:"count"`
}

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
	o := &Observation{Seat: seat, Players: s.Players, ToAct: s.ToAct(), Vars: map[string]any{}}
	for d, def := range s.Game.Zones {
		n := 1
		if def.PerSeat {
			n = s.Players
		}
		for i := 0; i < n; i++ {
			z := ZoneRef{Def: d, Seat: -1}
			if def.PerSeat {
				z.Seat = i
			}
			v := ZoneView{Name: def.Name, Seat: z.Seat, Count: s.Count(z), Visible: s.CanSee(seat, z)}
			if v.Visible {
				v.Cards = s.ids(s.Cards(z))
			}
			o.Zones = append(o.Zones, v)
		}
	}
	for k, v := range s.vars {
		if v.Vis.VisibleTo(seat) {
			o.Vars[k] = v.V
		}
	}
	for _, m := range s.seatVars {
		sv := map[string]any{}
		for k, v := range m {
			if v.Vis.VisibleTo(seat) {
				sv[k] = v.V
			}
		}
		o.SeatVars = append(o.SeatVars, sv)
	}
	o.Scores = append([]int{}, s.scores...)
	for _, e := range s.events[min(from, len(s.events)):] {
		if e.Vis.VisibleTo(seat) {
			o.Events = append(o.Events, e)
		}
	}
	for _, b := range s.boards {
		o.Boards = append(o.Boards, b.View())
	}
	if o.ToAct == seat {
		o.Legal = append([]string{}, s.Legal()...)
	}
	return o
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

// Clone returns an independent copy that shares only the immutable game definition and the rules.
func (s *State) Clone() *State {
	c := *s
	c.zones = make([][]CardIdx, len(s.zones))
	for i, z := range s.zones {
		c.zones[i] = append([]CardIdx(nil), z...)
	}
	c.vars = cloneVals(s.vars)
	c.seatVars = make([]map[string]Value, len(s.seatVars))
	for i, m := range s.seatVars {
		c.seatVars[i] = cloneVals(m)
	}
	c.scores = append([]int(nil), s.scores...)
	c.seen = append([]uint64(nil), s.seen...)
	c.stats = map[string][]float64{}
	for k, v := range s.stats {
		c.stats[k] = append([]float64(nil), v...)
	}
	c.rng = rand.New(&c.pcg)
	c.pending.moves = append([]string(nil), s.pending.moves...)
	c.trick.Cards = append([]CardIdx(nil), s.trick.Cards...)
	c.trick.Seats = append([]int(nil), s.trick.Seats...)
	c.legalBuf, c.legalIdx = nil, nil
	c.events = s.events[:len(s.events):len(s.events)]
	c.moves = s.moves[:len(s.moves):len(s.moves)]
	c.winners = append([]int(nil), s.winners...)
	c.boards = make([]*Board, len(s.boards))
	for i, b := range s.boards {
		c.boards[i] = b.clone()
	}
	return &c
}

func cloneVals(m map[string]Value) map[string]Value {
	out := make(map[string]Value, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}
