package core

// Limits of one game's data, so no game can grow without end (docs/sandbox.md, "Running rules you did not
// write").
const (
	// DefaultMaxMoves caps a game whose limits.max_moves is 0 (unset); MaxMovesCeiling caps any game.
	DefaultMaxMoves = 20_000
	MaxMovesCeiling = 200_000
	// MaxValues is the most values (g:set, g:sset) a game holds at once; MaxValueBytes the longest
	// string stored in one; MaxStats the most statistic names.
	MaxValues     = 1024
	MaxValueBytes = 64 << 10
	MaxStats      = 256
	// MaxLoggedBytes caps the custom events (g:event) one game logs.
	MaxLoggedBytes = 32 << 20
)

// MoveCap is the move limit of a game whose limits.max_moves is n.
func MoveCap(n int) int {
	if n <= 0 {
		return DefaultMaxMoves
	}
	return min(n, MaxMovesCeiling)
}
