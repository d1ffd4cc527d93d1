package host

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/core/bots"
	"github.com/ruleslab/ruleslab/core/lab"
	"github.com/ruleslab/ruleslab/core/tui"
	"github.com/ruleslab/ruleslab/core/tui/screen"
	"github.com/ruleslab/ruleslab/scripting"
)

// Run holds the lobby until every human seat is taken, plays the session's games (each logged), then
// closes every connection's screen with the session's totals. It returns early when ctx ends.
func (s *Session) Run(ctx context.Context) error {
	if err := s.waitForSeats(ctx); err != nil {
		return err
	}
	h := scripting.NewHost()
	defer h.Close()
	e, err := s.o.Program.NewEngine(h)
	if err != nil {
		return err
	}
	// a game waits on people, not on ctx: when ctx ends, its human seats quit (the game is not logged)
	defer context.AfterFunc(ctx, s.quitHumans)()
	for g := 1; g <= s.o.Games; g++ {
		if err := s.playGame(e, g); err != nil {
			if ctx.Err() != nil {
				s.closeAll(fmt.Sprintf("the host stopped the session: game %d was left unfinished", g))
				return ctx.Err()
			}
			s.closeAll("the game failed: " + err.Error())
			return err
		}
		if err := s.waitReady(ctx); err != nil { // the end of the game seen (Enter) before the next, or the close
			return err
		}
	}
	s.closeAll(fmt.Sprintf("the session is over: totals %v over %d games", s.running, s.o.Games))
	return nil
}

// waitForSeats shows the lobby on every screen until each human seat has been taken.
func (s *Session) waitForSeats(ctx context.Context) error {
	for {
		lobby := s.lobby()
		s.mu.Lock()
		for c := range s.conns {
			go c.send(lobby)
		}
		full := len(s.holders) == len(s.humanSeats())
		changed := s.changed
		s.mu.Unlock()
		if full {
			return nil
		}
		select {
		case <-changed:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// waitReady waits until every connected human seat has seen the end of the game (Enter).
func (s *Session) waitReady(ctx context.Context) error {
	for {
		s.mu.Lock()
		waiting := false
		for _, seat := range s.humanSeats() {
			if !s.ready[seat] && s.connectedLocked(seat) {
				waiting = true
			}
		}
		changed := s.changed
		if !waiting {
			s.ready = map[int]bool{}
		}
		s.mu.Unlock()
		if !waiting {
			return nil
		}
		select {
		case <-changed:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// playGame plays game g of the session at a new table shown on every connection, logs it and adds
// its totals to the session's.
func (s *Session) playGame(e *scripting.Engine, g int) error {
	seed := s.o.Seed + uint64(g-1)
	st, err := e.NewState(len(s.o.Seats), seed, core.StateOptions{})
	if err != nil {
		return err
	}
	table, seated, raw, err := s.seatGame(e, st, g, seed)
	defer bots.End(raw, st)
	if err != nil {
		return err
	}
	err = core.PlayOut(st, e, seated, s.o.Seats)
	if errors.Is(err, tui.ErrQuit) { // the host stopped the session (quitHumans): an unfinished game
		return err
	}
	if err == nil {
		err = table.Publish() // the end, as each seat sees it
	}
	if logErr := s.log(lab.GameResult(e, st, g-1, seed, len(s.o.Seats), s.o.Seats, true, err)); logErr != nil && err == nil {
		err = logErr
	}
	if err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for i, n := range st.Totals() {
		s.running[i] += n
	}
	s.tellLocked(fmt.Sprintf("game %d (seed %d): totals %v, winners %v; session totals %v", g, seed, st.Totals(), st.Winners(), s.running))
	return nil
}

// seatGame makes game g's table and players (human seats wait for their screens; bots bring the
// screens up to date before they choose) and shows the table on every connection.
func (s *Session) seatGame(e *scripting.Engine, st *core.State, g int, seed uint64) (*tui.Table, []core.Bot, []core.Bot, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.running == nil {
		s.running = make([]int, len(s.o.Seats))
	}
	names := make([]string, len(s.o.Seats))
	for i, spec := range s.o.Seats {
		names[i] = spec
		if h, ok := s.holders[i]; ok {
			names[i] = h
		}
	}
	table := tui.NewTable(s.o.Registry, e, st, tui.Info{Title: s.o.Program.Game.Config.Title, Variant: s.o.Variant,
		Seed: seed, Names: names, Game: g, Running: append([]int(nil), s.running...), Spectators: true})
	seated, raw := make([]core.Bot, len(s.o.Seats)), make([]core.Bot, len(s.o.Seats))
	s.humans = map[int]*tui.Human{}
	for i, spec := range s.o.Seats {
		if spec == "human" {
			h := table.Human(i, core.Mix(seed^0x4171, uint64(i)))
			h.MoveTime, h.Fallback = s.o.MoveTime, core.NewRandomBot(core.Mix(seed^0x7153, uint64(i)))
			seated[i], raw[i], s.humans[i] = h, h, h
			continue
		}
		b, err := s.o.Registry.New(e, spec, core.Mix(seed^0xb0b, uint64(i)))
		if err != nil {
			return nil, nil, raw, err
		}
		seated[i], raw[i] = table.Bot(b), b
	}
	s.table = table
	if s.quitting { // the session was stopped while this game was being set up
		s.quitHumansLocked()
	}
	for c := range s.conns {
		c.detach = table.Attach(c.seat, tui.Screen(c.send))
	}
	return table, seated, raw, nil
}

// log writes a game to the session's log as `sim --log` does, so `replay` re-plays it.
func (s *Session) log(r core.Result) error {
	if s.o.Log == nil {
		return nil
	}
	data, err := json.Marshal(lab.LogRecord{Game: s.o.Game, Variant: s.o.Variant, Result: r})
	if err != nil {
		return err
	}
	_, err = s.o.Log.Write(append(data, '\n'))
	return err
}

// closeAll ends every connection's screen with a last word.
func (s *Session) closeAll(text string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.over = true
	for c := range s.conns {
		go c.send(screen.ClosedMsg{Text: text})
	}
}

// quitHumans makes the human seats of the current game (and of any game set up after it) quit: a
// game's Run cannot otherwise be stopped while it waits for a person.
func (s *Session) quitHumans() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.quitting = true
	s.quitHumansLocked()
}

func (s *Session) quitHumansLocked() {
	for _, h := range s.humans {
		h.Send(screen.Answer{Quit: true})
	}
}

// answer routes a screen's answer: a move to its seat's human of the current game, Ready to the
// lobby; Quit only closes that connection (the seat stays).
func (s *Session) answer(c *conn, a screen.Answer) {
	s.mu.Lock()
	defer s.mu.Unlock()
	switch {
	case a.Quit || c.seat < 0:
	case a.Ready:
		s.ready[c.seat] = true
		s.changedLocked()
	default:
		if h := s.humans[c.seat]; h != nil {
			a.Seat = c.seat
			h.Send(a)
		}
	}
}
