package core

// Handle is the state as the rules' hooks reach it (the Lua `g` API): moving cards between zones,
// shuffling and sorting them, values, scores and statistics, asking for a decision, starting tricks,
// ending rounds, rule hits and the game's keyed random draws. It is the one seam through which rules
// change a game; runners, bots and the search read the state through State and View instead.
type Handle struct{ s *State }

// Handle returns the rules' handle on the state.
func (s *State) Handle() Handle { return Handle{s: s} }

// TakeAt removes and returns the card at position i of a zone, keeping the order of the rest.
func (h Handle) TakeAt(z ZoneRef, i int) CardIdx { return h.s.takeAt(z, i) }

// Find returns the position in a zone of the topmost card with this id, or -1.
func (h Handle) Find(z ZoneRef, id string) int { return h.s.find(z, id) }
