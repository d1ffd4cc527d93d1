package host

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ruleslab/ruleslab/core/bots"
	"github.com/ruleslab/ruleslab/core/lab"
	"github.com/ruleslab/ruleslab/core/tui/screen"
	"github.com/ruleslab/ruleslab/scripting"
)

// player is a connection's screen that plays the first move of each decision and says Ready at the
// end of each game, keeping what it is sent.
type player struct {
	mu     sync.Mutex
	s      *Session
	c      *conn
	snaps  []screen.Snapshot
	closed string
	done   chan struct{}
}

func (p *player) send(msg any) {
	p.mu.Lock()
	defer p.mu.Unlock()
	switch m := msg.(type) {
	case screen.Snapshot:
		p.snaps = append(p.snaps, m)
		if m.Decision != 0 {
			go p.s.answer(p.c, screen.Answer{Decision: m.Decision, Index: 0})
		}
		if m.Over {
			go p.s.answer(p.c, screen.Answer{Ready: true})
		}
	case screen.ClosedMsg:
		p.closed = m.Text
		close(p.done)
	}
}

// A session of two games in a row: it starts once both human seats are taken, logs each game in the
// format replay reads, keeps running totals (shown to the seats in the second game) and closes every
// screen with them.
func TestSessionOfTwoGames(t *testing.T) {
	t.Setenv("RULESLAB_HOME", "../..")
	p, err := scripting.Load("zoomies", "")
	if err != nil {
		t.Fatal(err)
	}
	var log, out bytes.Buffer
	s := NewSession(&Options{Program: p, Registry: bots.For(p, bots.ExtOptions{}), Game: "zoomies",
		Seats: []string{"human", "random", "human", "random"}, Seed: 9, Games: 2, Log: &log, Out: &out})
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	ran := make(chan error, 1)
	go func() { ran <- s.Run(ctx) }()
	var players []*player
	for _, name := range []string{"alice", "bob"} {
		pl := &player{s: s, done: make(chan struct{})}
		pl.mu.Lock()
		pl.c = s.join(name, pl.send)
		pl.mu.Unlock()
		players = append(players, pl)
	}
	if err := <-ran; err != nil {
		t.Fatal(err)
	}
	for _, pl := range players { // each screen is closed (and has its last snapshot) before it is read
		<-pl.done
	}
	var running []int
	sc := bufio.NewScanner(&log)
	sc.Buffer(nil, 1<<24)
	games := 0
	for sc.Scan() {
		var rec lab.LogRecord
		if err := json.Unmarshal(sc.Bytes(), &rec); err != nil || rec.Error != "" || rec.Game != "zoomies" || len(rec.Events) == 0 {
			t.Fatalf("log line %d: %v %q", games+1, err, rec.Error)
		}
		if running == nil {
			running = make([]int, len(rec.Totals))
		}
		for i, n := range rec.Totals {
			running[i] += n
		}
		games++
	}
	if games != 2 {
		t.Fatalf("%d games logged", games)
	}
	players[1].mu.Lock()
	last := players[1].snaps[0] // the newest, as a screen keeps it: snapshots may arrive out of order
	for _, snap := range players[1].snaps {
		if snap.Newer(last) {
			last = snap
		}
	}
	players[1].mu.Unlock()
	if last.Game != 2 || !last.Over || !slices.Equal(last.Running, running) || last.Seat != 2 {
		t.Errorf("bob's last snapshot: game %d, over %v, running %v (want %v), seat %d", last.Game, last.Over, last.Running, running, last.Seat)
	}
	if players[0].closed == "" {
		t.Errorf("alice's screen was not closed")
	}
}

// soloSession is a session of o's games and limits: Zoomies, one person and three random bots, seed 3.
func soloSession(t *testing.T, o *Options) *Session {
	t.Helper()
	t.Setenv("RULESLAB_HOME", "../..")
	p, err := scripting.Load("zoomies", "")
	if err != nil {
		t.Fatal(err)
	}
	o.Program, o.Registry, o.Game, o.Seats, o.Seed = p, bots.For(p, bots.ExtOptions{}), "zoomies", []string{"human", "random", "random", "random"}, 3
	return NewSession(o)
}

// A session stopped (the host's Ctrl-C) while a game waits for a person ends at once: the game is left
// unfinished and not logged, and every screen is told so.
func TestStoppedSessionLeavesTheGame(t *testing.T) {
	var log bytes.Buffer
	s := soloSession(t, &Options{Games: 2, Log: &log})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ran := make(chan error, 1)
	go func() { ran <- s.Run(ctx) }()
	deciding, closed := make(chan struct{}), make(chan string, 1)
	var once sync.Once
	s.join("alice", func(msg any) { // a person who never moves
		switch m := msg.(type) {
		case screen.Snapshot:
			if m.Decision != 0 {
				once.Do(func() { close(deciding) })
			}
		case screen.ClosedMsg:
			closed <- m.Text
		}
	})
	<-deciding
	cancel()
	select {
	case err := <-ran:
		if !errors.Is(err, context.Canceled) {
			t.Errorf("Run: %v, want the context's error", err)
		}
	case <-time.After(time.Minute): // a guard against a hang, not a measure
		t.Fatal("the stopped session still waits for a person")
	}
	if text := <-closed; !strings.Contains(text, "game 1 was left unfinished") {
		t.Errorf("the screen's last word: %q", text)
	}
	if log.Len() != 0 {
		t.Errorf("the unfinished game was logged: %s", log.String())
	}
}

// --move-time reaches the session's human seats: a person who never moves has random moves played for
// them, and the game ends and is logged.
func TestSessionMoveTime(t *testing.T) {
	var log bytes.Buffer
	s := soloSession(t, &Options{Games: 1, Log: &log, MoveTime: time.Nanosecond})
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute) // a guard against a hang
	defer cancel()
	ran := make(chan error, 1)
	go func() { ran <- s.Run(ctx) }()
	var mu sync.Mutex
	var alice *conn
	mu.Lock()
	alice = s.join("alice", func(msg any) { // a person who never moves, but presses Enter at the end
		if snap, ok := msg.(screen.Snapshot); ok && snap.Over {
			mu.Lock()
			defer mu.Unlock()
			go s.answer(alice, screen.Answer{Ready: true})
		}
	})
	mu.Unlock()
	if err := <-ran; err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(log.String(), "\n"); n != 1 {
		t.Errorf("%d games logged", n)
	}
}
