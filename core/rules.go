package core

// Rules is what a game's scripts provide to the engine. The scripting package implements it over Lua
// hooks; the core never knows which game it runs.
type Rules interface {
	Setup(s *State) error
	OnMove(s *State, seat int, move string) error
	// Normalize returns the canonical spelling of a typed move, or the move itself.
	Normalize(s *State, seat int, move string) (string, error)
	// TrickWinner returns the winning card's position (0-based) and how it won, in the rules' words
	// ("" when the rules do not say): the trick event carries it.
	TrickWinner(s *State, t *Trick) (pos int, how string, err error)
	TrickDone(s *State, winner int) error
	// CanPlay filters trick plays; defined is false when the game defines no such hook (the same for
	// every call: the trick mechanic stops asking once it is false).
	CanPlay(s *State, seat int, card CardIdx) (allowed bool, defined bool, err error)
	// Stats returns extra per-seat and per-game numbers at the end of a game.
	Stats(s *State) (seat map[string][]float64, game map[string]float64, err error)
}
