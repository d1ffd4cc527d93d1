package host

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/ssh"
	"github.com/charmbracelet/wish"
	"github.com/charmbracelet/wish/activeterm"
	wishtea "github.com/charmbracelet/wish/bubbletea"
	"github.com/muesli/termenv"

	"github.com/ruleslab/ruleslab/core/tui/screen"
)

// codeLetters are the letters of a generated join code: no 0/o, 1/l/i to misread.
const codeLetters = "abcdefghjkmnpqrstuvwxyz23456789"

// NewCode is a random join code of 10 letters, as "abcde-fghjk".
func NewCode() (string, error) {
	b := make([]byte, 10)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	for i := range b {
		b[i] = codeLetters[int(b[i])%len(codeLetters)]
	}
	return string(b[:5]) + "-" + string(b[5:]), nil
}

// DefaultHostKey is where the host key is kept unless --host-key says: ruleslab/host_ed25519 in the
// user's configuration folder (~/.config on Linux).
func DefaultHostKey() (string, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, "ruleslab", "host_ed25519"), nil
}

// Server is a session's SSH server.
type Server struct {
	s   *Session
	srv *ssh.Server
	ln  net.Listener

	// The ssh library's Serve adds to a WaitGroup that Shutdown waits on, with no lock between them:
	// Close must not shut down while Serve is starting. mu orders the two; accepting is closed once
	// Serve accepts (its listener is tracked by then).
	mu        sync.Mutex
	serving   bool
	closed    bool
	accepting chan struct{}
	once      sync.Once
}

// acceptSignal is the listener Serve accepts on: its first Accept says Serve has started.
type acceptSignal struct {
	net.Listener
	sv *Server
}

func (l acceptSignal) Accept() (net.Conn, error) {
	l.sv.once.Do(func() { close(l.sv.accepting) })
	return l.Listener.Accept()
}

// NewServer listens on o.Listen for the session (the host key made in o.HostKey if missing).
func NewServer(s *Session) (*Server, error) {
	o := s.o
	if o.Code == "" && o.AuthorizedKeys == "" {
		return nil, errors.New("a session needs a join code or an authorized-keys file")
	}
	if err := os.MkdirAll(filepath.Dir(o.HostKey), 0o700); err != nil {
		return nil, fmt.Errorf("host key: %v", err)
	}
	opts := []ssh.Option{wish.WithAddress(o.Listen), wish.WithHostKeyPath(o.HostKey), wish.WithIdleTimeout(o.Idle),
		wish.WithMiddleware(wishtea.MiddlewareWithProgramHandler(s.program, termenv.ANSI256), activeterm.Middleware(), tableOnly)}
	if o.AuthorizedKeys != "" {
		opts = append(opts, wish.WithAuthorizedKeys(o.AuthorizedKeys))
	}
	if o.Code != "" {
		opts = append(opts, wish.WithPasswordAuth(func(_ ssh.Context, password string) bool {
			return subtle.ConstantTimeCompare([]byte(password), []byte(o.Code)) == 1
		}))
	}
	srv, err := wish.NewServer(opts...)
	if err != nil {
		return nil, err
	}
	ln, err := net.Listen("tcp", o.Listen)
	if err != nil {
		return nil, err
	}
	return &Server{s: s, srv: srv, ln: ln, accepting: make(chan struct{})}, nil
}

// Addr is the address the server listens on.
func (sv *Server) Addr() net.Addr { return sv.ln.Addr() }

// Serve serves connections until Close (at once nil if Close came first).
func (sv *Server) Serve() error {
	sv.mu.Lock()
	if sv.closed {
		sv.mu.Unlock()
		return nil
	}
	sv.serving = true
	sv.mu.Unlock()
	err := sv.srv.Serve(acceptSignal{sv.ln, sv})
	if errors.Is(err, ssh.ErrServerClosed) {
		return nil
	}
	return err
}

// Close stops the server and its connections; if Serve is starting, once it accepts.
func (sv *Server) Close(ctx context.Context) error {
	sv.mu.Lock()
	sv.closed = true
	serving := sv.serving
	sv.mu.Unlock()
	if !serving {
		return sv.ln.Close()
	}
	select {
	case <-sv.accepting:
	case <-ctx.Done():
		return ctx.Err()
	}
	return sv.srv.Shutdown(ctx)
}

// tableOnly refuses a command (`ssh host ls`) or a subsystem (sftp): a connection gets the table only.
func tableOnly(next ssh.Handler) ssh.Handler {
	return func(sess ssh.Session) {
		if len(sess.Command()) > 0 || sess.Subsystem() != "" {
			fmt.Fprintln(sess, "this server serves a ruleslab table only: join with ssh -t, without a command")
			_ = sess.Exit(1)
			return
		}
		next(sess)
	}
}

// program is one connection's screen: its seat's table (or a spectator's), fed by the session.
func (s *Session) program(sess ssh.Session) *tea.Program {
	var p *tea.Program
	var c *conn
	ready := make(chan struct{})
	send := func(msg any) {
		<-ready
		p.Send(msg)
	}
	c = s.join(strings.TrimSpace(sess.User()), send)
	m := screen.New([]int{c.seat}, s.o.Rules, func(a screen.Answer) { s.answer(c, a) })
	if pty, _, ok := sess.Pty(); ok {
		m.Update(tea.WindowSizeMsg{Width: pty.Window.Width, Height: pty.Window.Height})
	}
	m.Update(s.lobby())
	p = tea.NewProgram(m, tea.WithInput(sess), tea.WithOutput(sess), tea.WithAltScreen())
	close(ready)
	go func() {
		<-sess.Context().Done()
		s.leave(c)
	}()
	return p
}
