package tui

import (
	"sync"

	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/core/bots"
	"github.com/ruleslab/ruleslab/core/tui/screen"
	"github.com/ruleslab/ruleslab/scripting"
)

// Screen is where a seat's snapshots and replies go: a screen's tea.Program.Send.
type Screen func(msg any)

// Info is what a table shows that the game's views do not hold.
type Info struct {
	Title, Variant string
	Seed           uint64
	Names          []string // who plays each seat: a person's name or a bot's spec
	Game           int      // the game's number in a session (1 for one game)
	Running        []int    // a session's totals before this game (nil: no session)
	// Spectators: keep a spectator's snapshot up to date even while none watches, so one who joins
	// in the middle of a decision sees the table at once (a host's table).
	Spectators bool
}

// Table runs one game for people on full screens: before every decision it brings each human seat's
// screens (and the spectators') up to date with a snapshot of that seat's view, and a human seat's
// decision waits for its screen's answer. Snapshots are built in the game's goroutine; screens may
// come and go from others (a dropped SSH connection, a new one).
type Table struct {
	e    *scripting.Engine
	s    *core.State
	reg  *bots.Registry
	info Info

	mu      sync.Mutex
	screens map[int]map[int]Screen // seat (-1: spectators) -> screen id -> screen
	nextID  int
	last    map[int]screen.Snapshot // each seat's latest snapshot, for a screen that joins
	notice  string

	version int
	humans  map[int]*Human
	said    map[int][]string       // each seat's events in words so far
	told    map[int]int            // the log's length at each seat's last snapshot
	played  map[int]map[int]string // per seat, the last move it saw of each seat (which card won a trick)
}

// NewTable is the table of the game s, played with the engine e of the registry's game.
func NewTable(reg *bots.Registry, e *scripting.Engine, s *core.State, info Info) *Table {
	return &Table{e: e, s: s, reg: reg, info: info, screens: map[int]map[int]Screen{}, last: map[int]screen.Snapshot{},
		humans: map[int]*Human{}, said: map[int][]string{}, told: map[int]int{}, played: map[int]map[int]string{}}
}

// Attach shows seat's table (-1: a spectator's) on a screen, from its latest snapshot on; detach
// stops it.
func (t *Table) Attach(seat int, scr Screen) (detach func()) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.screens[seat] == nil {
		t.screens[seat] = map[int]Screen{}
	}
	id := t.nextID
	t.nextID++
	t.screens[seat][id] = scr
	if snap, ok := t.last[seat]; ok {
		go scr(snap)
	}
	return func() {
		t.mu.Lock()
		defer t.mu.Unlock()
		delete(t.screens[seat], id)
	}
}

// Attached is how many screens show seat now.
func (t *Table) Attached(seat int) int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return len(t.screens[seat])
}

// Notify puts a word from the host on every screen (with the next snapshot, and now).
func (t *Table) Notify(text string) {
	t.mu.Lock()
	t.notice = text
	t.mu.Unlock()
}

// sendTo sends a message to every screen of seat; each send runs on its own, so a slow connection
// never holds the game (a screen keeps only the newest snapshot).
func (t *Table) sendTo(seat int, msg any) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if snap, ok := msg.(screen.Snapshot); ok {
		t.last[seat] = snap
	}
	for _, scr := range t.screens[seat] {
		go scr(msg)
	}
}

// Bot is b, bringing every screen up to date before each of its decisions.
func (t *Table) Bot(b core.Bot) core.Bot { return watched{t: t, b: b} }

type watched struct {
	t *Table
	b core.Bot
}

func (w watched) Choose(v core.View) (int, error) {
	if err := w.t.Publish(); err != nil {
		return 0, err
	}
	return w.b.Choose(v)
}

// Publish sends every human seat and the spectators a snapshot of the game now (a human seat that is
// to choose gets its decision with it). Call it from the game's goroutine only.
func (t *Table) Publish() error {
	t.version++
	for seat, h := range t.humans {
		snap, err := t.seatSnapshot(seat, h.pending)
		if err != nil {
			return err
		}
		t.sendTo(seat, snap)
	}
	if t.info.Spectators || t.Attached(-1) > 0 {
		snap, err := t.spectatorSnapshot()
		if err != nil {
			return err
		}
		t.sendTo(-1, snap)
	}
	return nil
}
