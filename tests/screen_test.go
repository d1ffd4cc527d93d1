package tests

import (
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ruleslab/ruleslab/core/config"
)

// The full screen of `play`, driven in tmux as a person would: for every bundled game, a key that does
// nothing and a move that is not legal are explained on screen, the rules and the hint panes open,
// resizing reflows, and a whole game is played by keys (Enter plays the selected move) to its end.
// Skipped without tmux.

// tmuxPane is one tmux session running a command in a terminal of a given size.
type tmuxPane struct {
	t    *testing.T
	name string
}

func newTmuxPane(t *testing.T, name string, width, height int, command string) *tmuxPane {
	t.Helper()
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux is not installed")
	}
	p := &tmuxPane{t: t, name: name}
	_ = p.tmux("kill-session", "-t", name).Run()
	var out []byte
	var err error
	// a tmux server whose last session just closed may exit under a new one: start it again
	for try := 0; try < 3; try++ {
		out, err = p.tmux("new-session", "-d", "-s", name, "-x", fmt.Sprint(width), "-y", fmt.Sprint(height),
			command+"; echo EXIT-$?; sleep 600").CombinedOutput()
		if err == nil || !strings.Contains(string(out), "server exited") {
			break
		}
	}
	if err != nil {
		t.Fatalf("tmux: %v: %s", err, out)
	}
	t.Cleanup(func() { _ = p.tmux("kill-session", "-t", name).Run() })
	return p
}

// tmuxSocket is the tests' own tmux server, apart from any other on the machine.
var tmuxSocket = fmt.Sprintf("ruleslab-tests-%d", os.Getpid())

// tmux is a tmux command on the tests' own server.
func (p *tmuxPane) tmux(args ...string) *exec.Cmd {
	return exec.Command("tmux", append([]string{"-L", tmuxSocket}, args...)...)
}

// keys sends tmux key names (Enter, Escape, Right, F5) or text.
func (p *tmuxPane) keys(keys ...string) {
	p.t.Helper()
	if out, err := p.tmux(append([]string{"send-keys", "-t", p.name}, keys...)...).CombinedOutput(); err != nil {
		p.t.Fatalf("tmux send-keys: %v: %s", err, out)
	}
}

// screen is the pane's text now.
func (p *tmuxPane) screen() string {
	out, err := p.tmux("capture-pane", "-p", "-t", p.name).Output()
	if err != nil {
		p.t.Fatalf("tmux capture-pane: %v", err)
	}
	return string(out)
}

// waitFor polls the pane until ok holds (it fails after a minute, a hung screen, never a slow one).
func (p *tmuxPane) waitFor(what string, ok func(string) bool) string {
	p.t.Helper()
	deadline := time.Now().Add(time.Minute)
	for {
		s := p.screen()
		if ok(s) {
			return s
		}
		if time.Now().After(deadline) {
			p.t.Fatalf("the screen never showed %s:\n%s", what, s)
		}
		time.Sleep(30 * time.Millisecond)
	}
}

func (p *tmuxPane) waitText(text string) string {
	p.t.Helper()
	return p.waitFor(fmt.Sprintf("%q", text), func(s string) bool { return strings.Contains(s, text) })
}

func (p *tmuxPane) resize(width, height int) {
	p.t.Helper()
	if out, err := p.tmux("resize-window", "-t", p.name, "-x", fmt.Sprint(width), "-y", fmt.Sprint(height)).CombinedOutput(); err != nil {
		p.t.Fatalf("tmux resize-window: %v: %s", err, out)
	}
}

var moveNumber = regexp.MustCompile(`· move (\d+) ·`)

func TestFullScreenOfEveryGame(t *testing.T) {
	bin := buildBinary(t)
	root := repoRoot(t)
	games, err := config.BundledGames()
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range games {
		t.Run(g.ID, func(t *testing.T) {
			p := newTmuxPane(t, "ruleslab-screen-"+g.ID, 110, 45,
				fmt.Sprintf("cd %s && RULESLAB_HOME=%s %s play %s --seats human --seed 2", root, root, bin, g.ID))
			p.waitText("YOUR TURN")
			p.keys("F5")
			p.waitText("f5 does nothing here")
			p.keys(":", "zzz 99", "Enter")
			p.waitText(`"zzz 99" is not a legal move now`)
			// a pane's own key closes it (Escape then a letter at once can read as Alt+letter)
			p.keys("?")
			p.waitText("rules (↑↓ scroll, Esc back)")
			p.keys("?")
			p.waitText("your moves")
			askHint(t, p)
			p.keys("h")
			p.waitText("your moves")
			checkResize(t, p)
			playToTheEnd(t, p)
		})
	}
}

// askHint presses h until the screen says it searches or shows the hint. A key pressed right after a
// pane closed was, rarely and only under load, never seen by the program (in tmux); it is pressed
// again then, and the test says so.
func askHint(t *testing.T, p *tmuxPane) {
	t.Helper()
	for try := 0; try < 3; try++ {
		p.keys("h")
		deadline := time.Now().Add(5 * time.Second)
		for time.Now().Before(deadline) {
			if s := p.screen(); strings.Contains(s, "searching for a hint") || strings.Contains(s, "would play:") {
				p.waitText("would play:")
				return
			}
			time.Sleep(30 * time.Millisecond)
		}
		t.Logf("h was not seen: pressed again")
	}
	p.waitText("would play:")
}

// checkResize narrows the terminal: every line fits and the table is still there; then widens it.
func checkResize(t *testing.T, p *tmuxPane) {
	t.Helper()
	p.resize(70, 30)
	s := p.waitFor("a 70-column screen", func(s string) bool {
		return strings.Contains(s, "YOUR TURN") && !strings.Contains(s, "│ seats")
	})
	for _, l := range strings.Split(s, "\n") {
		if n := len([]rune(l)); n > 70 {
			t.Errorf("a line of %d columns after resizing to 70: %q", n, l)
		}
	}
	p.resize(110, 45)
	p.waitText("YOUR TURN")
}

// playToTheEnd presses Enter at each decision until the game is over, then leaves.
func playToTheEnd(t *testing.T, p *tmuxPane) {
	t.Helper()
	for decisions := 0; ; decisions++ {
		s := p.waitFor("a decision or the end", func(s string) bool {
			return strings.Contains(s, "YOUR TURN") || strings.Contains(s, "game over")
		})
		if strings.Contains(s, "game over") {
			break
		}
		before := moveNumber.FindString(s)
		p.keys("Enter")
		p.waitFor("the next move", func(s string) bool {
			return moveNumber.FindString(s) != before || strings.Contains(s, "game over")
		})
	}
	p.keys("Enter")
	s := p.waitText("EXIT-")
	if !strings.Contains(s, "game over: totals") || !strings.Contains(s, "EXIT-0") {
		t.Errorf("the game did not end well:\n%s", s)
	}
}

// TestFullScreenNoColor: under NO_COLOR the full screen writes no SGR sequence at all (no colour, no
// bold or reverse video); without it, it styles its text. Simino, whose boards are coloured. CI is
// emptied in the pane: termenv takes any terminal to be colourless where CI is set, as CI runners do.
func TestFullScreenNoColor(t *testing.T) {
	bin := buildBinary(t)
	root := repoRoot(t)
	for _, noColor := range []bool{false, true} {
		env := "NO_COLOR="
		if noColor {
			env = "NO_COLOR=1"
		}
		p := newTmuxPane(t, fmt.Sprintf("ruleslab-nocolor-%v", noColor), 110, 45,
			fmt.Sprintf("cd %s && TERM=xterm-256color CI= %s RULESLAB_HOME=%s %s play simino --seats human,greedy --seed 2", root, env, root, bin))
		p.waitText("YOUR TURN")
		out, err := p.tmux("capture-pane", "-e", "-p", "-t", p.name).Output()
		require.NoError(t, err)
		styled := regexp.MustCompile("\x1b\\[[0-9;]*m").FindAllString(string(out), -1)
		if noColor {
			assert.Empty(t, styled, "SGR sequences under NO_COLOR")
		} else {
			assert.NotEmpty(t, styled, "the full screen is styled on a terminal")
		}
	}
}
