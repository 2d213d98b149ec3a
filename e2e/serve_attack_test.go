package e2e

import (
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"rdash/internal/serve/servetest"
	"rdash/internal/testwait"
)

// attackDir is a fresh HOME for one attacked server.
func attackDir(t *testing.T) string {
	t.Helper()
	dir, err := os.MkdirTemp("", "rdash-attack-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	return dir
}

// TestServeAttackHugeWindow: a pty-req of 100000x100000, and window
// changes to it, are drawn at 500x200; the server grows by at most
// 100 MB (it reached 7.8 GB before the window was clamped).
func TestServeAttackHugeWindow(t *testing.T) {
	requireE2E(t)
	dir := attackDir(t)
	key, path := goKey(t, dir, "key")
	s := startServe(t, dir, nil, path)
	c := s.dial(key)
	base := memKB(t, s.pid, "VmRSS")
	grown := growthWithin(t, s.pid, base, 100)
	sess, out := dashboard(t, c, 100_000, 100_000)
	waitOutput(t, out, 0, signedOutScreen, grown)
	// Each change of size redraws the whole screen.
	for _, size := range [][2]int{{80, 24}, {100_000, 100_000}, {80, 24}, {100_000, 99_999}} {
		mark := out.Len()
		if err := sess.WindowChange(size[1], size[0]); err != nil {
			t.Fatal(err)
		}
		waitOutput(t, out, mark, signedOutScreen, grown)
	}
	if err := grown(); err != nil {
		t.Fatal(err)
	}
	t.Logf("a 100000x100000 window: the server grew by %d kB at its peak", memKB(t, s.pid, "VmHWM")-base)
}

// TestServeAttackPtysPerKey: one key opening 10 connections of 30
// channels, each asking for a pty and one a shell, holds at most its
// session limit of ptys (it got 300 when a pty came with the request).
func TestServeAttackPtysPerKey(t *testing.T) {
	requireE2E(t)
	dir := attackDir(t)
	key, path := goKey(t, dir, "key")
	s := startServe(t, dir, []string{"--max-sessions-per-key", "3"}, path)
	var outs []*servetest.Buffer
	for range 10 {
		c := s.dial(key)
		for ch := range 30 {
			sess, err := c.NewSession()
			if err != nil {
				continue // refused: one dashboard per connection
			}
			out := &servetest.Buffer{}
			sess.Stdout, sess.Stderr = out, out
			if err := sess.RequestPty("xterm", 24, 80, gossh.TerminalModes{}); err != nil {
				t.Fatal(err)
			}
			if ch == 0 {
				if err := sess.Shell(); err != nil {
					t.Fatal(err)
				}
				outs = append(outs, out)
			}
		}
	}
	// Every shell has its dashboard or its refusal before ptys are
	// counted: none is still being set up.
	var dashboards int
	for _, out := range outs {
		waitEither(t, out, signedOutScreen, "already has 3 sessions open")
		if strings.Contains(out.Since(0), signedOutScreen) {
			dashboards++
		}
	}
	if n := ptys(t, s.pid); n > 3 || dashboards != 3 {
		t.Fatalf("the key holds %d ptys and %d dashboards; want at most 3 ptys, 3 dashboards", n, dashboards)
	}
}

// waitEither waits until out holds one of a or b.
func waitEither(t *testing.T, out *servetest.Buffer, a, b string) {
	t.Helper()
	deadline := time.Now().Add(testwait.Limit(t))
	for s := out.Since(0); !strings.Contains(s, a) && !strings.Contains(s, b); s = out.Since(0) {
		if time.Now().After(deadline) {
			t.Fatalf("saw neither %q nor %q in %q", a, b, tail(s, 400))
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestServeAttackEnvFlood: 20,000 environment requests of 30 KB each
// leave a server that has served a dashboard holding at most 10 MB more
// (it kept every one: 700 MB, issue 19 measured from a server at 169
// MB). What it holds is read after a full collection (held), so the
// bound is on what the flood left stored, not on garbage the collector
// had yet to reach at the moment of reading, which depends on its
// target (GOGC). None is kept (too long, or not a variable rdash reads),
// and past 128 on one session the connection is closed, so the flood
// takes many connections; the key's next connection still draws its
// dashboard.
func TestServeAttackEnvFlood(t *testing.T) {
	requireE2E(t)
	dir := attackDir(t)
	key, path := goKey(t, dir, "key")
	s := startServe(t, dir, nil, path)
	warm := s.dial(key)
	_, out := dashboard(t, warm, 80, 24)
	waitOutput(t, out, 0, signedOutScreen, nil)
	warm.Close()
	waitLogged(t, s, "session end")
	heap0, rss0 := s.held()
	peak0 := memKB(t, s.pid, "VmRSS")
	sent, conns := 0, 0
	for sent < 20_000 && conns < 1000 {
		sent += envFlood(t, s.dial(key), 20_000-sent)
		conns++
	}
	peak := memKB(t, s.pid, "VmHWM") - peak0
	heap1, rss1 := s.held()
	t.Logf("%d env requests of 30 KB over %d connections: the server holds %d kB more in its heap and %d kB more resident; its peak was %d kB over its resident set before",
		sent, conns, heap1-heap0, rss1-rss0, peak)
	if heap1-heap0 > 10*1024 || rss1-rss0 > 10*1024 {
		t.Fatalf("the server holds %d MB more in its heap and %d MB more resident after the flood; at most 10 MB", (heap1-heap0)/1024, (rss1-rss0)/1024)
	}
	if sent < 20_000 {
		t.Fatalf("only %d requests sent over %d connections", sent, conns)
	}
	var warned bool
	for _, l := range s.logged("connection closed") {
		warned = warned || l["why"] == "more than 128 environment requests"
	}
	if !warned {
		t.Errorf("the log does not say why the connections closed: %v", s.logged("connection closed"))
	}
	_, out = dashboard(t, s.dial(key), 80, 24)
	waitOutput(t, out, 0, signedOutScreen, nil)
}

// waitLogged waits until the server has logged msg.
func waitLogged(t *testing.T, s *served, msg string) {
	t.Helper()
	for deadline := time.Now().Add(testwait.Limit(t)); len(s.logged(msg)) == 0; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the server has not logged %q before the test's deadline", msg)
		}
	}
}

// envFlood sends up to n environment requests of 30 KB on a session of
// c, without asking for replies, until the server closes the connection;
// it returns how many were sent, and fails the test if the connection
// stays open.
func envFlood(t *testing.T, c *gossh.Client, n int) int {
	t.Helper()
	sess, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	value := strings.Repeat("x", 30*1024)
	sent := 0
	for i := range n {
		// Names rdash reads and names it does not, all too long.
		name := []string{"LC_ALL", "LANG", "EVIL", fmt.Sprintf("X%d", i)}[i%4]
		if _, err := sess.SendRequest("env", false, gossh.Marshal(struct{ Key, Value string }{name, value})); err != nil {
			break
		}
		sent++
	}
	if sent == n {
		return sent // the last connection: it need not be closed
	}
	closed := make(chan error, 1)
	go func() { closed <- c.Wait() }()
	select {
	case <-closed:
	case <-time.After(testwait.Limit(t)):
		t.Fatalf("the connection is still open after %d environment requests", sent)
	}
	return sent
}

// TestServeAttackSilentConnections: 100 connections that send nothing,
// or only a banner, are closed by the handshake deadline (or at once,
// over the caps), and meanwhile a listed key from another address signs
// in and draws its screen. A listed key's connection that opens no
// dashboard is closed too.
func TestServeAttackSilentConnections(t *testing.T) {
	requireE2E(t)
	dir := attackDir(t)
	key, path := goKey(t, dir, "key")
	s := startServe(t, dir, []string{"--handshake-timeout", "2s", "--no-dashboard-timeout", "2s"}, path)
	silent := make([]net.Conn, 100)
	for i := range silent {
		c, err := net.Dial("tcp", s.addr())
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		if i%2 == 1 {
			_, _ = io.WriteString(c, "SSH-2.0-attacker\r\n")
		}
		silent[i] = c
	}
	legit, err := s.dialFrom("127.0.0.2", key)
	if err != nil {
		t.Fatalf("a listed key cannot connect beside 100 silent connections: %v", err)
	}
	t.Cleanup(func() { legit.Close() })
	_, out := dashboard(t, legit, 80, 24)
	waitOutput(t, out, 0, signedOutScreen, nil)

	var wg sync.WaitGroup
	open := make(chan int, len(silent))
	for i, c := range silent {
		wg.Go(func() {
			if !closedWithin(c, testwait.Limit(t)) {
				open <- i
			}
		})
	}
	idle, err := s.dialFrom("127.0.0.3", key)
	if err != nil {
		t.Fatal(err)
	}
	idleClosed := make(chan error, 1)
	go func() { idleClosed <- idle.Wait() }()
	wg.Wait()
	close(open)
	if n := len(open); n > 0 {
		t.Fatalf("%d of 100 silent connections still open near the test's deadline (handshake deadline 2 s)", n)
	}
	select {
	case <-idleClosed:
	case <-time.After(testwait.Limit(t)):
		t.Fatal("an authenticated connection without a dashboard is still open near the test's deadline (deadline 2 s)")
	}
}

// closedWithin reads c until the server closes it, for at most d.
func closedWithin(c net.Conn, d time.Duration) bool {
	_ = c.SetReadDeadline(time.Now().Add(d))
	_, err := io.Copy(io.Discard, c)
	var ne net.Error
	return !(errors.As(err, &ne) && ne.Timeout())
}

// TestServeAttackRemovedKeyIdleConnection: a key removed from the
// allow-list loses its connection even with no dashboard on it (it could
// open channels on it before), within the sweep's 2 s.
func TestServeAttackRemovedKeyIdleConnection(t *testing.T) {
	requireE2E(t)
	dir := attackDir(t)
	key, path := goKey(t, dir, "key")
	_, other := goKey(t, dir, "other")
	s := startServe(t, dir, []string{"--no-dashboard-timeout", "10m"}, path, other)
	c := s.dial(key)
	closed := make(chan error, 1)
	go func() { closed <- c.Wait() }()
	s.allow(other)
	select {
	case <-closed:
	case <-time.After(testwait.Limit(t)):
		t.Fatal("the removed key's idle connection is still open near the test's deadline, long after its removal")
	}
	found := false
	for _, l := range s.logged("connection closed") {
		found = found || l["why"] == "key removed from the allow-list"
	}
	if !found {
		t.Fatalf("the log does not say why the connection closed: %v", s.logged("connection closed"))
	}
}
