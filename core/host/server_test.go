package host

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/ruleslab/ruleslab/core/bots"
	"github.com/ruleslab/ruleslab/scripting"
)

// testSession is a session of Simino (two people, a bot) served on a free port of 127.0.0.1.
func testSession(t *testing.T, keyFile string) (*Session, *Server) {
	t.Helper()
	return idleSession(t, keyFile, time.Minute)
}

// idleSession is testSession closing connections idle for idle.
func idleSession(t *testing.T, keyFile string, idle time.Duration) (*Session, *Server) {
	t.Helper()
	t.Setenv("RULESLAB_HOME", "../..")
	p, err := scripting.Load("simino", "")
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	s := NewSession(&Options{Program: p, Registry: bots.For(p, bots.ExtOptions{}), Game: "simino",
		Seats: []string{"human", "human", "random"}, Games: 1, Listen: "127.0.0.1:0", HostKey: keyFile, Code: "open-sesame",
		Idle: idle, Out: &out})
	srv, err := NewServer(s)
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = srv.Serve() }()
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		_ = srv.Close(ctx)
	})
	return s, srv
}

func dial(srv *Server, user, password string) (*gossh.Client, error) {
	return gossh.Dial("tcp", srv.Addr().String(), &gossh.ClientConfig{User: user, Auth: []gossh.AuthMethod{gossh.Password(password)},
		HostKeyCallback: gossh.InsecureIgnoreHostKey(), Timeout: 10 * time.Second})
}

// loggedIn is alice's connection with the code, and a session on it; closed when the test ends.
func loggedIn(t *testing.T, srv *Server) (*gossh.Client, *gossh.Session) {
	t.Helper()
	c, err := dial(srv, "alice", "open-sesame")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	sess, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	return c, sess
}

// A join needs the code; a connection gets the table only: no command, no subsystem (sftp), no port
// forwarding.
func TestServerServesTheTableOnly(t *testing.T) {
	_, srv := testSession(t, filepath.Join(t.TempDir(), "key"))
	if _, err := dial(srv, "mallory", "guess"); err == nil || !strings.Contains(err.Error(), "unable to authenticate") {
		t.Fatalf("a wrong code: %v", err)
	}
	c, sess := loggedIn(t, srv)
	out, err := sess.CombinedOutput("cat /etc/passwd")
	if err == nil || !strings.Contains(string(out), "serves a ruleslab table only") || strings.Contains(string(out), "root:") {
		t.Errorf("a command: %v: %q", err, out)
	}
	sftp, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	if err := sftp.RequestSubsystem("sftp"); err == nil {
		t.Errorf("the sftp subsystem was granted")
	}
	if _, err := c.Dial("tcp", "127.0.0.1:22"); err == nil {
		t.Errorf("port forwarding was granted")
	}
	forward := gossh.Marshal(struct {
		Addr string
		Port uint32
	}{"127.0.0.1", 0})
	if ok, _, err := c.SendRequest("tcpip-forward", true, forward); err != nil || ok {
		t.Errorf("a remote forward: granted %v (%v)", ok, err)
	}
	nopty, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	if out, _ := nopty.CombinedOutput(""); !strings.Contains(string(out), "Requires an active PTY") {
		t.Errorf("a session without a terminal: %q", out)
	}
}

// The host key is made once and kept: a second server reads the same file.
func TestHostKeyKept(t *testing.T) {
	key := filepath.Join(t.TempDir(), "keys", "host_ed25519")
	testSession(t, key)
	first, err := os.ReadFile(key)
	if err != nil || len(first) == 0 {
		t.Fatalf("no host key made: %v", err)
	}
	testSession(t, key)
	second, _ := os.ReadFile(key)
	if !bytes.Equal(first, second) {
		t.Errorf("the host key changed")
	}
}

// A seat is held by its name: the first people take the human seats, the same name resumes its seat
// after leaving, a newcomer after that and "watch" are spectators; the lobby says who holds what.
func TestLobbySeats(t *testing.T) {
	s, _ := testSession(t, filepath.Join(t.TempDir(), "key"))
	nop := func(any) {}
	alice := s.join("alice", nop)
	bob := s.join("bob", nop)
	carol := s.join("carol", nop)
	watch := s.join("watch", nop)
	if alice.seat != 0 || bob.seat != 1 || carol.seat != -1 || watch.seat != -1 {
		t.Fatalf("seats: alice %d, bob %d, carol %d, watch %d", alice.seat, bob.seat, carol.seat, watch.seat)
	}
	s.leave(alice)
	lobby := strings.Join(s.lobby().Lines, "\n")
	if !strings.Contains(lobby, "seat 0  human: alice") || strings.Contains(lobby, "connected: alice") {
		t.Errorf("after alice left, her seat is kept:\n%s", lobby)
	}
	if again := s.join("alice", nop); again.seat != 0 {
		t.Errorf("alice again: seat %d", again.seat)
	}
}

// With an authorized-keys file alone, its keys join and the password way is closed.
func TestAuthorizedKeysOnly(t *testing.T) {
	t.Setenv("RULESLAB_HOME", "../..")
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	signer, err := gossh.NewSignerFromKey(priv)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	keys := filepath.Join(dir, "authorized_keys")
	if err := os.WriteFile(keys, gossh.MarshalAuthorizedKey(signer.PublicKey()), 0o600); err != nil {
		t.Fatal(err)
	}
	p, err := scripting.Load("simino", "")
	if err != nil {
		t.Fatal(err)
	}
	s := NewSession(&Options{Program: p, Registry: bots.For(p, bots.ExtOptions{}), Seats: []string{"human", "random"}, Games: 1,
		Listen: "127.0.0.1:0", HostKey: filepath.Join(dir, "key"), AuthorizedKeys: keys})
	srv, err := NewServer(s)
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = srv.Serve() }()
	defer srv.Close(context.Background())
	if _, err := dial(srv, "alice", ""); err == nil {
		t.Errorf("a password joined a keys-only session")
	}
	c, err := gossh.Dial("tcp", srv.Addr().String(), &gossh.ClientConfig{User: "alice", Auth: []gossh.AuthMethod{gossh.PublicKeys(signer)},
		HostKeyCallback: gossh.InsecureIgnoreHostKey(), Timeout: 10 * time.Second})
	if err != nil {
		t.Fatalf("an authorized key: %v", err)
	}
	c.Close()
}

// --idle closes a connection that sends nothing (here for 200ms), even while its screen is sent the
// lobby.
func TestIdleConnectionClosed(t *testing.T) {
	_, srv := idleSession(t, filepath.Join(t.TempDir(), "key"), 200*time.Millisecond)
	c, sess := loggedIn(t, srv)
	if err := sess.RequestPty("xterm", 40, 100, gossh.TerminalModes{}); err != nil {
		t.Fatal(err)
	}
	if err := sess.Shell(); err != nil {
		t.Fatal(err)
	}
	closed := make(chan error, 1)
	go func() { closed <- c.Wait() }()
	select {
	case <-closed:
	case <-time.After(time.Minute): // a guard against a hang, not a measure
		t.Fatal("an idle connection is still open after a minute")
	}
}
