package bots

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"strings"
	"sync"
	"time"

	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/core/textsafe"
)

// ExtBotPrefix names an external bot in a bot spec: `cmd:COMMAND`, a process run with `sh -c COMMAND`
// that speaks the JSON-lines protocol of docs/protocol.md. COMMAND may not contain a comma (seat
// lists are comma-separated).
const ExtBotPrefix = "cmd:"

// DefaultMoveTime is the default time an external bot has for one decision.
const DefaultMoveTime = 5 * time.Second

// DefaultStartTime is the default time an external bot has to start and answer hello with ready: a
// slow interpreter's start is not taken from its first move's time.
const DefaultStartTime = 10 * time.Second

// What the engine does when an external bot fails (a bad, late or illegal answer, a process that
// exits or never starts).
const (
	OnBotErrorForfeit = "forfeit" // the game ends as failed, with the error
	OnBotErrorRandom  = "random"  // the seat plays random legal moves for the rest of the game
)

// ExtOptions configure the external bots of a registry.
type ExtOptions struct {
	MoveTime  time.Duration // per decision; 0 means DefaultMoveTime
	StartTime time.Duration // from the process's start to its ready; 0 means DefaultStartTime
	OnError   string        // OnBotErrorForfeit (also when empty) or OnBotErrorRandom
	Log       io.Writer     // where the random policy reports failures (default os.Stderr)
}

// IsExtBot reports whether a bot spec names an external bot.
func IsExtBot(spec string) bool { return strings.HasPrefix(spec, ExtBotPrefix) }

func checkExtBot(spec string) error {
	if strings.TrimSpace(strings.TrimPrefix(spec, ExtBotPrefix)) == "" {
		return fmt.Errorf("bot %q: give the command of an external bot (cmd:COMMAND)", spec)
	}
	return nil
}

// logMu keeps the random policy's reports whole lines when workers share a writer.
var logMu sync.Mutex

// ExtBot is a bot played by an external process (one per seat per game): the engine writes it a hello
// and reads its ready within the start time, then writes one decide message per decision and reads
// one line {"move": "..."} within the move time, and at the game's end writes it an end.
type ExtBot struct {
	Name    string
	seat    int
	game    int
	opts    ExtOptions
	rng     *rand.Rand
	cmd     *exec.Cmd
	in      *os.File // the process's stdin (our end)
	out     *os.File // its stdout (our end)
	rd      *bufio.Reader
	stderr  *tailBuffer
	exited  chan struct{} // closed once cmd.Wait returned
	waitErr error
	events  int
	lineage uint64
	hello   bool
	failed  error // set once the bot failed: the process is gone, random moves follow (policy random)
	// interrupted reports that the batch was interrupted: the wait for an answer stops (nil: never)
	interrupted func() bool
}

// newExtBot prepares the external bot of a seat of game number game; its process starts at its first
// decision, when the seat is known.
func newExtBot(spec string, opts ExtOptions, game int, seed uint64, interrupted func() bool) (*ExtBot, error) {
	if err := checkExtBot(spec); err != nil {
		return nil, err
	}
	if opts.MoveTime <= 0 {
		opts.MoveTime = DefaultMoveTime
	}
	if opts.StartTime <= 0 {
		opts.StartTime = DefaultStartTime
	}
	if opts.Log == nil {
		opts.Log = os.Stderr
	}
	return &ExtBot{Name: spec, seat: -1, game: game, opts: opts, rng: rand.New(rand.NewPCG(seed, 0xe47)),
		interrupted: interrupted}, nil
}

// start runs the command in its own process group, with pipes we can put deadlines on.
func (b *ExtBot) start() error {
	inR, inW, err := os.Pipe()
	if err != nil {
		return err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		return err
	}
	cmd := exec.Command("sh", "-c", strings.TrimPrefix(b.Name, ExtBotPrefix))
	cmd.Stdin, cmd.Stdout = inR, outW
	b.stderr = &tailBuffer{}
	cmd.Stderr = b.stderr
	cmd.WaitDelay = time.Second
	setProcessGroup(cmd)
	err = cmd.Start()
	inR.Close()
	outW.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		return fmt.Errorf("cannot start: %v", err)
	}
	b.cmd, b.in, b.out, b.rd = cmd, inW, outR, bufio.NewReaderSize(outR, 64<<10)
	b.exited = make(chan struct{})
	go func() {
		b.waitErr = cmd.Wait()
		close(b.exited)
	}()
	return nil
}

// Choose implements core.Bot.
func (b *ExtBot) Choose(v core.View) (int, error) {
	n := v.NumLegal()
	if n == 0 {
		return 0, fmt.Errorf("no legal move")
	}
	move := v.MoveCount() + 1
	if b.failed == nil {
		i, err := b.ask(v)
		if err == nil {
			return i, nil
		}
		b.fail(err)
		err = fmt.Errorf("move %d: %w", move, err)
		if b.opts.OnError != OnBotErrorRandom || errors.Is(err, ErrInterrupted) {
			return 0, err
		}
		logMu.Lock()
		fmt.Fprintf(b.opts.Log, "ruleslab: game %d: seat %d (%s): %v; it plays random moves for the rest of the game\n", b.game, v.Seat(), b.Name, err)
		logMu.Unlock()
	}
	return b.rng.IntN(n), nil
}

// ask sends the decision to the process (started, with its handshake, at the seat's first decision)
// and reads its answer.
func (b *ExtBot) ask(v core.View) (int, error) {
	if !b.hello {
		b.hello, b.seat = true, v.Seat()
		if err := b.handshake(v); err != nil {
			return 0, err
		}
	}
	deadline := time.Now().Add(b.opts.MoveTime)
	msg := decideMsg{Type: "decide", Move: v.MoveCount() + 1, Observation: newProtoObs(v.ObservationFrom(v.EventCount())),
		Events: b.newEvents(v), Legal: v.Legal()}
	if err := b.send(msg, deadline, "no answer", b.opts.MoveTime); err != nil {
		return 0, err
	}
	line, err := b.readLine(deadline)
	if err != nil {
		return 0, b.readError(err, "no answer", b.opts.MoveTime)
	}
	var a answer
	if err := json.Unmarshal(line, &a); err != nil || a.Move == nil {
		return 0, fmt.Errorf("bad answer %s (want {\"move\": \"...\"})", quoteLine(line))
	}
	for i, m := range msg.Legal {
		if m == *a.Move {
			return i, nil
		}
	}
	return 0, fmt.Errorf("illegal move %q (legal: %s)", *a.Move, strings.Join(msg.Legal, ", "))
}

// handshake starts the process, sends hello and waits for its ready, all within the start time.
func (b *ExtBot) handshake(v core.View) error {
	deadline := time.Now().Add(b.opts.StartTime)
	if err := b.start(); err != nil {
		return err
	}
	cfg := v.Game().Config
	hello := helloMsg{Type: "hello", Version: ProtocolVersion, Game: cfg.ID, Variant: cfg.Variant,
		Players: v.Players(), Seat: v.Seat()}
	if err := b.send(hello, deadline, "no ready", b.opts.StartTime); err != nil {
		return err
	}
	line, err := b.readLine(deadline)
	if err != nil {
		return b.readError(err, "no ready", b.opts.StartTime)
	}
	return checkReady(line)
}

// send writes a message by the deadline; what names the answer awaited in errors ("no answer", "no
// ready") and limit the time it had.
func (b *ExtBot) send(msg any, deadline time.Time, what string, limit time.Duration) error {
	data, err := json.Marshal(msg)
	if err != nil {
		return err
	}
	b.in.SetWriteDeadline(deadline)
	if _, err := b.in.Write(append(data, '\n')); err != nil {
		if errors.Is(err, os.ErrDeadlineExceeded) {
			return fmt.Errorf("%s within %v (it reads no input)", what, limit)
		}
		return b.exitError(what) // it exited (or closed its stdin)
	}
	return nil
}

// readError describes a failed read of the answer what ("no answer", "no ready") awaited for limit.
func (b *ExtBot) readError(err error, what string, limit time.Duration) error {
	switch {
	case errors.Is(err, ErrInterrupted):
		return err
	case errors.Is(err, os.ErrDeadlineExceeded):
		return fmt.Errorf("%s within %v", what, limit)
	case errors.Is(err, bufio.ErrBufferFull):
		return fmt.Errorf("bad answer: a line longer than %d bytes", b.rd.Size())
	}
	return b.exitError(what)
}

// exitError describes a process that closed its output: how it exited, with the last line of its
// stderr.
func (b *ExtBot) exitError(what string) error {
	select {
	case <-b.exited:
	case <-time.After(time.Second):
		return fmt.Errorf("%s: it closed its output", what)
	}
	status := "process exited with status 0"
	var ee *exec.ExitError
	if errors.As(b.waitErr, &ee) {
		switch c := ee.ExitCode(); {
		case c == 126 || c == 127: // the shell's codes for a command it cannot run
			status = fmt.Sprintf("cannot start: process exited with status %d", c)
		case c >= 0:
			status = fmt.Sprintf("process exited with status %d", c)
		default:
			status = "process " + ee.String()
		}
	}
	if last := b.stderr.lastLine(); last != "" {
		status += fmt.Sprintf(" (stderr: %s)", last)
	}
	return fmt.Errorf("%s: %s", what, status)
}

// fail records the error and stops the process.
func (b *ExtBot) fail(err error) {
	b.failed = err
	b.stop(0)
}

// End tells the bot the game's outcome (when the game is over) and stops its process: it has a
// moment to exit after its stdin closes, then its process group is killed.
func (b *ExtBot) End(s *core.State) {
	if b.cmd == nil {
		return
	}
	if b.failed == nil && s != nil && s.Over() {
		v := s.ViewFor(b.seat)
		end := endMsg{Type: "end", Totals: s.Totals(), Winners: append([]int{}, s.Winners()...),
			Events: b.newEvents(v), Observation: newProtoObs(v.ObservationFrom(v.EventCount()))}
		b.send(end, time.Now().Add(200*time.Millisecond), "end", 0)
	}
	grace := 500 * time.Millisecond
	if b.stopNow() {
		grace = 0 // the batch was interrupted: it ends now
	}
	b.stop(grace)
}

// stop closes the pipes, waits up to grace for the process to exit, then kills its process group
// (whatever the bot started in it, even when the bot's shell has exited already), and reaps it.
func (b *ExtBot) stop(grace time.Duration) {
	if b.cmd == nil {
		return
	}
	b.in.Close()
	if grace > 0 {
		select {
		case <-b.exited:
		case <-time.After(grace):
		}
	}
	killProcessGroup(b.cmd)
	<-b.exited
	b.out.Close()
	b.cmd = nil
}

func quoteLine(line []byte) string {
	line = bytes.TrimRight(line, "\r\n")
	if len(line) > 80 {
		line = append(line[:80:80], "..."...)
	}
	return fmt.Sprintf("%q", line)
}

// tailBuffer keeps the last bytes a process wrote to its stderr.
type tailBuffer struct {
	mu  sync.Mutex
	buf []byte
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, p...)
	if len(t.buf) > 4096 {
		t.buf = append([]byte(nil), t.buf[len(t.buf)-2048:]...)
	}
	return len(p), nil
}

func (t *tailBuffer) lastLine() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	lines := strings.Split(strings.TrimSpace(string(t.buf)), "\n")
	last := textsafe.Escape(strings.TrimSpace(lines[len(lines)-1])) // the bot's text: no escape sequences
	if len(last) > 200 {
		last = last[:200] + "..."
	}
	return last
}
