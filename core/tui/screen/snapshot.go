package screen

import "github.com/ruleslab/ruleslab/core"

// Snapshot is everything one seat's screen shows at one moment, in words: built from the seat's View
// (a spectator's from what every seat sees), never from the game itself.
type Snapshot struct {
	Version int // grows with every snapshot of a game; an older one never replaces a newer (Newer)
	Game    int // the number of the game in a session (1 for `play`)
	Seat    int // -1: a spectator
	Title   string
	Variant string
	Seed    uint64
	Players int
	Names   []string // who plays each seat ("you", "alice", "ismcts")
	ToAct   int      // -1 when nobody is to act
	Moves   int      // moves played
	Over    bool
	Table   string   // the game's own screen (its render hook) or the observation in general terms
	Boards  []Board  // the boards, all public
	Hand    []string // the cards of the seat's own zones
	Others  []string // what every seat may know of each other seat, a line each
	History []string // the events the seat may see, in words (why each trick and score)
	Rounds  [][]int  // each finished round's points per seat
	Totals  []int
	Result  string // when Over: the totals and winners in words
	Running []int  // a session's totals over its finished games (nil outside a session)
	Notice  string // a word from the host (a seat dropped, the next game starts)
	// Decision is non-zero when the seat is to choose: Answers name it, so a late one is ignored.
	Decision   int
	Legal      []string
	Placements []Placement // per legal move, the piece it would place (nil: not a placement)
}

// Board is one board and its colour names (value -> colour).
type Board struct {
	View   core.BoardView
	Colors map[string]string
}

// Placement is the piece a legal move puts on a board: its cells, values and floor.
type Placement struct {
	Board  string
	Floor  int
	Cells  [][2]int
	Values []string
}

// Answer is what the screen sends the seat: a move (Index, 0-based), a line typed in the game's
// notation (Typed), a request for a hint, or leaving (Quit).
type Answer struct {
	Seat     int // the seat answering (set by the screen)
	Decision int
	Index    int
	Typed    string
	Hint     bool
	Quit     bool
	Ready    bool // the end of a game has been seen: start the next
}

// Messages the seat sends the screen besides a Snapshot.
type (
	// ExplainMsg says why a typed move is not legal now.
	ExplainMsg struct{ Text string }
	// HintMsg is the hint's table, a line each.
	HintMsg struct{ Lines []string }
	// ClosedMsg ends the screen (the session is over); Text is its last word.
	ClosedMsg struct{ Text string }
	// LobbyMsg is what a session's screen shows before its first game: the seats and who has joined.
	LobbyMsg struct{ Lines []string }
)

// Newer reports whether s was taken after old: in a later game of the session, or later in the same
// game. Snapshots travel on their own (a slow connection never holds the game), so they may arrive out
// of order; each game's versions start again from 1.
func (s Snapshot) Newer(old Snapshot) bool {
	if s.Game != old.Game {
		return s.Game > old.Game
	}
	return s.Version >= old.Version
}
