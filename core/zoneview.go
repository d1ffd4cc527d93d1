package core

import (
	"encoding/json"

	"github.com/ruleslab/ruleslab/core/config"
)

// ZoneView is one zone instance as a seat sees it: its cards when visible, otherwise its size, or
// less when the zone's `size` option hides it from the seat (SizeKnown).
type ZoneView struct {
	Name    string   `json:"zone"`
	Seat    int      `json:"seat"` // -1 for shared zones
	Visible bool     `json:"visible"`
	Cards   []string `json:"cards,omitempty"`
	// Count is how many cards the zone holds; 0 when the seat may not know it (SizeKnown is not
	// SizeCount).
	Count int `json:"count"`
	// SizeKnown is what the seat knows of the size: SizeCount (the zero value) the Count; SizeHasCards
	// only whether the zone holds any card (HasCards); SizeNothing nothing at all.
	SizeKnown string `json:"-"`
	// HasCards is whether the zone holds a card, when the seat may know it (not with SizeNothing).
	HasCards bool `json:"has_cards"`
}

// What a seat knows of a zone's size (ZoneView.SizeKnown).
const (
	SizeCount    = ""
	SizeHasCards = "has_cards"
	SizeNothing  = "nothing"
)

// zoneView is what seat sees of a zone instance. Its size is known to the seats that see its cards, to
// the owner of a per-seat zone, and to every seat unless the zone's `size` option says hidden (the
// others learn only whether it holds cards) or secret (nothing).
func (s *State) zoneView(seat int, z ZoneRef) ZoneView {
	def := &s.Game.Zones[z.Def]
	n := s.Count(z)
	v := ZoneView{Name: def.Name, Seat: z.Seat, Visible: s.CanSee(seat, z)}
	if v.Visible {
		v.Cards = s.ids(s.Cards(z))
	}
	switch {
	case v.Visible || z.Seat == seat || def.Size == config.SizePublic || def.Size == "":
		v.Count, v.HasCards = n, n > 0
	case def.Size == config.SizeHidden:
		v.SizeKnown, v.HasCards = SizeHasCards, n > 0
	default:
		v.SizeKnown = SizeNothing
	}
	return v
}

// zoneJSON is a ZoneView whose size is known: its established JSON shape (zone, seat, visible, cards,
// count).
type zoneJSON struct {
	Name    string   `json:"zone"`
	Seat    int      `json:"seat"`
	Visible bool     `json:"visible"`
	Cards   []string `json:"cards,omitempty"`
	Count   int      `json:"count"`
}

// MarshalJSON writes `count` only when the seat may know the size, `has_cards` (instead of the count)
// for a hidden size, and neither for a secret one.
func (v ZoneView) MarshalJSON() ([]byte, error) {
	switch v.SizeKnown {
	case SizeHasCards:
		return json.Marshal(struct {
			Name     string `json:"zone"`
			Seat     int    `json:"seat"`
			Visible  bool   `json:"visible"`
			HasCards bool   `json:"has_cards"`
		}{v.Name, v.Seat, v.Visible, v.HasCards})
	case SizeNothing:
		return json.Marshal(struct {
			Name    string `json:"zone"`
			Seat    int    `json:"seat"`
			Visible bool   `json:"visible"`
		}{v.Name, v.Seat, v.Visible})
	}
	return json.Marshal(zoneJSON{v.Name, v.Seat, v.Visible, v.Cards, v.Count})
}

// UnmarshalJSON reads what MarshalJSON writes: no `count` means the size is not known.
func (v *ZoneView) UnmarshalJSON(b []byte) error {
	var r struct {
		zoneJSON
		Count    *int  `json:"count"`
		HasCards *bool `json:"has_cards"`
	}
	if err := json.Unmarshal(b, &r); err != nil {
		return err
	}
	*v = ZoneView{Name: r.Name, Seat: r.Seat, Visible: r.Visible, Cards: r.Cards}
	switch {
	case r.Count != nil:
		v.Count, v.HasCards = *r.Count, *r.Count > 0
	case r.HasCards != nil:
		v.SizeKnown, v.HasCards = SizeHasCards, *r.HasCards
	default:
		v.SizeKnown = SizeNothing
	}
	return nil
}
