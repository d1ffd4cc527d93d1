package tests

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/core/lab"
	"github.com/ruleslab/ruleslab/scripting"
)

// A remote playtest end to end: `ruleslab host` on 127.0.0.1 with two human seats and a bot, joined
// twice with OpenSSH's ssh (in tmux, the join code given by SSH_ASKPASS), played to the end by keys,
// one connection dropped and resumed on the way, a spectator watching; the log replays, and the bytes
// each connection received never name a card its seat never sees in the game (a spectator's: a card
// some seat never sees). Skipped without ssh or tmux.

const joinCode = "test-code-27"

// hostedGame is a running `ruleslab host` and its folder.
type hostedGame struct {
	dir, port string
	cmd       *exec.Cmd
	out, errb bytes.Buffer
}

func startHost(t *testing.T, bin string, args ...string) *hostedGame {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := fmt.Sprint(ln.Addr().(*net.TCPAddr).Port)
	ln.Close()
	h := &hostedGame{dir: t.TempDir(), port: port}
	askpass := filepath.Join(h.dir, "askpass.sh")
	if err := os.WriteFile(askpass, []byte("#!/bin/sh\necho "+joinCode+"\n"), 0o700); err != nil {
		t.Fatal(err)
	}
	args = append([]string{"host"}, append(args, "--listen", "127.0.0.1:"+port, "--code", joinCode,
		"--host-key", filepath.Join(h.dir, "host_key"), "--log", filepath.Join(h.dir, "games.jsonl"))...)
	h.cmd = exec.Command(bin, args...)
	h.cmd.Env = append(os.Environ(), "RULESLAB_HOME="+repoRoot(t))
	h.cmd.Stdout, h.cmd.Stderr = &h.out, &h.errb
	if err := h.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = h.cmd.Process.Kill() })
	return h
}

// join opens a tmux pane running ssh as name, every byte it receives kept in name.raw.
func (h *hostedGame) join(t *testing.T, name, raw string) *tmuxPane {
	t.Helper()
	ssh := fmt.Sprintf("sleep 0.3; SSH_ASKPASS=%s SSH_ASKPASS_REQUIRE=force ssh -t -p %s -o StrictHostKeyChecking=no "+
		"-o UserKnownHostsFile=/dev/null -o PubkeyAuthentication=no -o LogLevel=ERROR %s@127.0.0.1",
		filepath.Join(h.dir, "askpass.sh"), h.port, name)
	p := newTmuxPane(t, "ruleslab-host-"+raw, 110, 45, ssh)
	if out, err := p.tmux("pipe-pane", "-o", "-t", p.name, "cat >> "+filepath.Join(h.dir, raw+".raw")).CombinedOutput(); err != nil {
		t.Fatalf("tmux pipe-pane: %v: %s", err, out)
	}
	return p
}

func TestHostedPlaytestOverSSH(t *testing.T) {
	if _, err := exec.LookPath("ssh"); err != nil {
		t.Skip("OpenSSH's ssh is not installed")
	}
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux is not installed")
	}
	bin := buildBinary(t)
	h := startHost(t, bin, "mito", "--seats", "human,human,random", "--seed", "4")
	alice := h.join(t, "alice", "alice")
	alice.waitText("seat 0  human: alice")
	bob := h.join(t, "bob", "bob")
	bob.waitText("you: seat 1")
	alice.waitText("you: seat 0")
	watch := h.join(t, "watch", "watch")
	watch.waitText("spectator")

	dropped := false
	for decisions := 0; !bothOver(alice, bob); decisions++ {
		if decisions == 6 && !dropped {
			alice = dropAndRejoin(t, h, alice)
			dropped = true
		}
		playTurn(t, alice, bob)
	}
	if !dropped {
		t.Fatalf("the game ended before a connection was dropped")
	}
	watch.waitText("game over")
	alice.keys("Enter")
	bob.keys("Enter")
	if err := h.cmd.Wait(); err != nil {
		t.Fatalf("host: %v\n%s", err, h.errb.String())
	}
	if !strings.Contains(h.errb.String(), "alice left (seat 0)") || !strings.Contains(h.errb.String(), "game 1 (seed 4)") {
		t.Errorf("host's messages:\n%s", h.errb.String())
	}
	out, err := exec.Command(bin, "replay", filepath.Join(h.dir, "games.jsonl")).CombinedOutput()
	if err != nil || !strings.Contains(string(out), "1 games replayed, all events identical") {
		t.Fatalf("replay: %v\n%s", err, out)
	}
	checkConnectionBytes(t, h.dir, map[int][]string{0: {"alice.raw", "alice2.raw"}, 1: {"bob.raw"}, -1: {"watch.raw"}})
}

// bothOver reports whether both screens show the end of the game.
func bothOver(a, b *tmuxPane) bool {
	return strings.Contains(a.screen(), "game over") && strings.Contains(b.screen(), "game over")
}

// playTurn waits for a decision (or the end) on either screen and plays the selected move there.
func playTurn(t *testing.T, panes ...*tmuxPane) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for time.Now().Before(deadline) {
		for _, p := range panes {
			s := p.screen()
			if strings.Contains(s, "game over") {
				continue
			}
			if strings.Contains(s, "YOUR TURN") {
				before := moveNumber.FindString(s)
				p.keys("Enter")
				p.waitFor("the next move", func(s string) bool { return moveNumber.FindString(s) != before || strings.Contains(s, "game over") })
				return
			}
		}
		if bothOver(panes[0], panes[1]) {
			return
		}
		time.Sleep(30 * time.Millisecond)
	}
	t.Fatalf("no decision for a minute:\n%s\n%s", panes[0].screen(), panes[1].screen())
}

// dropAndRejoin closes alice's ssh and joins again with her name: she is back at seat 0.
func dropAndRejoin(t *testing.T, h *hostedGame, alice *tmuxPane) *tmuxPane {
	t.Helper()
	if out, err := alice.tmux("kill-session", "-t", alice.name).CombinedOutput(); err != nil {
		t.Fatalf("tmux kill-session: %v: %s", err, out)
	}
	back := h.join(t, "alice", "alice2")
	back.waitText("you: seat 0")
	return back
}

// checkConnectionBytes fails when the bytes a seat's connections received name a card the seat never
// sees in the logged game; a spectator's (seat -1), a card some seat never sees.
func checkConnectionBytes(t *testing.T, dir string, files map[int][]string) {
	t.Helper()
	rec := readLogRecord(t, filepath.Join(dir, "games.jsonl"))
	for seat, names := range files {
		never := map[string]bool{}
		for s := 0; s < rec.Players; s++ {
			if s == seat || seat < 0 {
				maps.Copy(never, cardsNeverSeen(t, rec, s))
			}
		}
		if seat == 0 && len(never) == 0 {
			t.Fatalf("seat 0 sees every card of the game: the check would prove nothing")
		}
		for _, name := range names {
			data, err := os.ReadFile(filepath.Join(dir, name))
			if err != nil || len(data) == 0 {
				t.Fatalf("%s: nothing received (%v)", name, err)
			}
			for _, w := range strings.FieldsFunc(string(data), func(r rune) bool { return !isCardRune(r) }) {
				if never[w] {
					t.Errorf("%s (seat %d) received %s, a card the seat never sees", name, seat, w)
				}
			}
		}
	}
}

func isCardRune(r rune) bool {
	return r == '|' || r >= '0' && r <= '9' || r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z'
}

func readLogRecord(t *testing.T, path string) lab.LogRecord {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rec lab.LogRecord
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<26)
	if !sc.Scan() || json.Unmarshal(sc.Bytes(), &rec) != nil {
		t.Fatalf("%s: no game record", path)
	}
	return rec
}

// cardsNeverSeen re-plays the logged game and returns the cards seat sees in no zone after any move
// and in no event.
func cardsNeverSeen(t *testing.T, rec lab.LogRecord, seat int) map[string]bool {
	t.Helper()
	p, err := scripting.Load(rec.Game, rec.Variant)
	if err != nil {
		t.Fatal(err)
	}
	h := scripting.NewHost()
	defer h.Close()
	e, err := p.NewEngine(h)
	if err != nil {
		t.Fatal(err)
	}
	s, err := e.NewState(rec.Players, rec.Seed, core.StateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	note := func() {
		for _, z := range s.ViewFor(seat).Observation().Zones {
			for _, id := range z.Cards {
				seen[id] = true
			}
		}
	}
	note()
	for _, m := range rec.Moves {
		if err := s.Apply(e, m); err != nil {
			t.Fatal(err)
		}
		note()
	}
	for _, ev := range s.VisibleEvents(seat, 0) {
		for _, w := range strings.FieldsFunc(fmt.Sprint(ev.Move, ev.Cards, ev.Fields), func(r rune) bool { return !isCardRune(r) }) {
			seen[w] = true
		}
	}
	never := map[string]bool{}
	for _, c := range p.Game.Catalog.Cards {
		if !seen[c.ID] {
			never[c.ID] = true
		}
	}
	return never
}
