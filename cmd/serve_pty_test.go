package cmd

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"rdash/internal/serve/servetest"
	"rdash/internal/testwait"
)

// ptySession opens the dashboard on a pty over c and returns what it
// prints, as it comes.
func ptySession(t *testing.T, c *gossh.Client) (*gossh.Session, *servetest.Buffer) {
	t.Helper()
	s, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	out := &servetest.Buffer{}
	s.Stdout, s.Stderr = out, out
	if err := s.RequestPty("xterm-256color", 24, 80, gossh.TerminalModes{}); err != nil {
		t.Fatal(err)
	}
	if err := s.Shell(); err != nil {
		t.Fatal(err)
	}
	return s, out
}

func waitIn(t *testing.T, out *servetest.Buffer, want string) {
	t.Helper()
	deadline := time.Now().Add(testwait.Limit(t))
	for !strings.Contains(out.String(), want) {
		if time.Now().After(deadline) {
			t.Fatalf("never saw %q in:\n%q", want, out.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestServeSessionLimitAndIdle: a key at its session limit is told so,
// on another connection, and a session nobody types in ends after
// --idle-timeout; one connection holds one dashboard.
func TestServeSessionLimitAndIdle(t *testing.T) {
	e := newServeEnv(t)
	key := servetest.Signer(t)
	e.allow(0o600, key)
	addr, c, _ := e.startServe(key, "--max-sessions-per-key", "1", "--idle-timeout", "1s", "--shutdown-grace", "1s")
	defer c.Close()
	_, first := ptySession(t, c)
	waitIn(t, first, "Not signed in")
	if _, err := c.NewSession(); err == nil || !strings.Contains(err.Error(), "one dashboard per connection") {
		t.Fatalf("a second channel on the connection: %v", err)
	}
	_, second := ptySession(t, dialT(t, addr, key))
	waitIn(t, second, "this key already has a session open, the most this server allows")
	// Nothing typed in the first: it ends within the sweep after 1 s.
	waitIn(t, first, "session ended: idle")
	// Its place is free again.
	_, third := ptySession(t, dialT(t, addr, key))
	waitIn(t, third, "Not signed in")
}

// dialT connects with key, closing the client when the test ends.
func dialT(t *testing.T, addr string, key gossh.Signer) *gossh.Client {
	t.Helper()
	c, err := dial(addr, key)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// TestServeShutdownEndsOpenSessions: a session still open when the
// server is told to stop goes on for the grace period, then ends with a
// sentence saying why; the server then stops with exit 0.
func TestServeShutdownEndsOpenSessions(t *testing.T) {
	e := newServeEnv(t)
	key := servetest.Signer(t)
	e.allow(0o600, key)
	_, c, stop := e.startServe(key, "--shutdown-grace", "1s")
	defer c.Close()
	_, out := ptySession(t, c)
	waitIn(t, out, "Not signed in")
	res := make(chan result, 1)
	go func() { res <- stop() }()
	waitIn(t, out, "session ended: server shutting down")
	c.Close() // as OpenSSH's client does once its session ends
	r := <-res
	if r.code != 0 || !strings.Contains(r.err, `"why":"server shutting down"`) || !strings.Contains(r.err, `"msg":"stopped"`) {
		t.Fatalf("exit %d; log:\n%s", r.code, r.err)
	}
	// One format.
	for _, l := range strings.Split(strings.TrimSpace(r.err), "\n") {
		if !json.Valid([]byte(l)) {
			t.Fatalf("a log line that is not JSON: %q", l)
		}
	}
}

// TestServeRemovedKeyLosesItsConnection: once a key leaves the allow-list,
// a new session on its still-open connection (ControlMaster keeps one) is
// refused, and the sweep closes the connection itself.
func TestServeRemovedKeyLosesItsConnection(t *testing.T) {
	e := newServeEnv(t)
	key, other := servetest.Signer(t), servetest.Signer(t)
	e.allow(0o600, key)
	_, c, _ := e.startServe(key, "--shutdown-grace", "1s")
	defer c.Close()
	_, first := ptySession(t, c)
	waitIn(t, first, "Not signed in")
	e.allow(0o600, other)
	// Before the sweep has run or after: either way no dashboard.
	if s, err := c.NewSession(); err == nil {
		out := &servetest.Buffer{}
		s.Stdout, s.Stderr = out, out
		if s.RequestPty("xterm-256color", 24, 80, gossh.TerminalModes{}) == nil && s.Shell() == nil {
			_ = s.Wait()
		}
		if strings.Contains(out.String(), "Not signed in") || !strings.Contains(out.String(), "no longer allowed") {
			t.Fatalf("a session after the key's removal got:\n%q", out.String())
		}
	}
	waitIn(t, first, "session ended: key removed from the allow-list")
	closed := make(chan error, 1)
	go func() { closed <- c.Wait() }()
	select {
	case <-closed:
	case <-time.After(testwait.Limit(t)):
		t.Fatal("the removed key's connection is still open near the test's deadline, long after its removal")
	}
}

// TestServeSweepsDuringShutdownGrace: while shutdown's grace period runs,
// a key removed from the allow-list still loses its sessions.
func TestServeSweepsDuringShutdownGrace(t *testing.T) {
	e := newServeEnv(t)
	key, other := servetest.Signer(t), servetest.Signer(t)
	e.allow(0o600, key)
	addr, c, stop := e.startServe(key, "--shutdown-grace", "20s")
	defer c.Close()
	_, out := ptySession(t, c)
	waitIn(t, out, "Not signed in")
	go stop()
	// Shutdown has begun once the listener refuses connections.
	for deadline := time.Now().Add(testwait.Limit(t)); ; {
		cc, err := dial(addr, key)
		if err != nil {
			break
		}
		cc.Close()
		if time.Now().After(deadline) {
			t.Fatal("still accepting connections near the test's deadline, long after the stop")
		}
		time.Sleep(20 * time.Millisecond)
	}
	e.allow(0o600, other)
	waitIn(t, out, "session ended: key removed from the allow-list")
}
