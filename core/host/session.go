package host

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/ruleslab/ruleslab/core/bots"
	"github.com/ruleslab/ruleslab/core/tui"
	"github.com/ruleslab/ruleslab/core/tui/screen"
	"github.com/ruleslab/ruleslab/scripting"
)

// Options are a session's settings.
type Options struct {
	Program  *scripting.Program
	Registry *bots.Registry
	Game     string   // as given (a bundled id or a path), for the log
	Variant  string   // for the log and the status line
	Seats    []string // "human" or a bot spec, one per seat
	Seed     uint64   // the first game's seed; game g plays seed+g-1
	Games    int      // games in a row
	Rules    string   // the rules' text, for the rules pane

	Listen         string // address to listen on (host:port)
	HostKey        string // the host key's file, made when missing
	Code           string // the join code (a password); "" with AuthorizedKeys: keys only
	AuthorizedKeys string // an authorized_keys file whose keys may join
	Idle           time.Duration
	MoveTime       time.Duration

	Log io.Writer // each game as a JSON line (lab.LogRecord); nil: none
	Out io.Writer // what the host is told: joins, drops, each game's result
}

// Session is a playtest: its seats, who holds each human seat, the connections, the current table.
type Session struct {
	o *Options

	mu       sync.Mutex
	holders  map[int]string // human seat -> the name of who holds it
	conns    map[*conn]bool
	table    *tui.Table // the game being played; nil in the lobby
	humans   map[int]*tui.Human
	ready    map[int]bool
	changed  chan struct{} // closed and replaced on every change of the lobby
	running  []int
	over     bool
	quitting bool // the session was stopped: every human seat quits
}

// conn is one SSH connection's screen: its seat (-1: a spectator) and where its messages go.
type conn struct {
	seat   int
	name   string
	send   func(any)
	detach func()
}

// NewSession is a session in its lobby.
func NewSession(o *Options) *Session {
	return &Session{o: o, holders: map[int]string{}, conns: map[*conn]bool{}, ready: map[int]bool{}, changed: make(chan struct{})}
}

// humanSeats are the seats people play.
func (s *Session) humanSeats() []int {
	var out []int
	for i, name := range s.o.Seats {
		if name == "human" {
			out = append(out, i)
		}
	}
	return out
}

// changedLocked wakes whoever waits for the lobby to change (s.mu held).
func (s *Session) changedLocked() {
	close(s.changed)
	s.changed = make(chan struct{})
}

// join seats a connection of name: the seat it held (it resumes), else the first free human seat,
// else (or with the name "watch") a spectator.
func (s *Session) join(name string, send func(any)) *conn {
	s.mu.Lock()
	defer s.mu.Unlock()
	c := &conn{seat: -1, name: name, send: send}
	if name != "watch" {
		c.seat = s.seatFor(name)
	}
	s.conns[c] = true
	if c.seat >= 0 {
		s.holders[c.seat] = name
	}
	if s.table != nil {
		c.detach = s.table.Attach(c.seat, tui.Screen(send))
		if c.seat >= 0 {
			s.table.Notify(fmt.Sprintf("%s is at seat %d", name, c.seat))
		}
	}
	s.changedLocked()
	s.tellLocked(fmt.Sprintf("%s joined as %s", name, seatWord(c.seat)))
	return c
}

// seatFor is the human seat name holds, else the first free one, else -1 (s.mu held).
func (s *Session) seatFor(name string) int {
	for seat, holder := range s.holders {
		if holder == name {
			return seat
		}
	}
	for _, seat := range s.humanSeats() {
		if _, taken := s.holders[seat]; !taken {
			return seat
		}
	}
	return -1
}

// leave forgets a connection; its seat stays held by its name until it joins again.
func (s *Session) leave(c *conn) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.conns, c)
	if c.detach != nil {
		c.detach()
	}
	if c.seat >= 0 && s.table != nil && !s.connectedLocked(c.seat) {
		s.table.Notify(fmt.Sprintf("%s (seat %d) dropped: the seat waits for them to join again", c.name, c.seat))
	}
	s.changedLocked()
	s.tellLocked(fmt.Sprintf("%s left (%s)", c.name, seatWord(c.seat)))
}

// connectedLocked reports whether a connection shows seat (s.mu held).
func (s *Session) connectedLocked(seat int) bool {
	for c := range s.conns {
		if c.seat == seat {
			return true
		}
	}
	return false
}

func seatWord(seat int) string {
	if seat < 0 {
		return "a spectator"
	}
	return fmt.Sprintf("seat %d", seat)
}

// tellLocked tells the host (s.mu held).
func (s *Session) tellLocked(line string) {
	if s.o.Out != nil {
		fmt.Fprintln(s.o.Out, line)
	}
}

// lobby is what a connection shows before the first game: the seats and who has joined.
func (s *Session) lobby() screen.LobbyMsg {
	s.mu.Lock()
	defer s.mu.Unlock()
	lines := []string{fmt.Sprintf("%s: waiting for every human seat to be taken", s.o.Program.Game.Config.Title), ""}
	for i, name := range s.o.Seats {
		who := name
		if name == "human" {
			who = "human: free"
			if h, ok := s.holders[i]; ok {
				who = "human: " + h
			}
		}
		lines = append(lines, fmt.Sprintf("  seat %d  %s", i, who))
	}
	var names []string
	for c := range s.conns {
		names = append(names, c.name)
	}
	sort.Strings(names)
	lines = append(lines, "", "connected: "+strings.Join(names, ", "))
	return screen.LobbyMsg{Lines: lines}
}
