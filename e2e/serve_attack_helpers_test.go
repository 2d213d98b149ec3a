package e2e

import (
	"bufio"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"rdash/internal/serve/servetest"
	"rdash/internal/testwait"
)

// The attack suite (serve_attack_test.go) plays a hostile client against
// the real binary with Go's SSH client, on loopback, and reads what the
// server holds from /proc. Every wait has a generous bound and ends on
// the event it waits for; no test asserts speed.

// goKey makes an ed25519 key and writes its public half to dir/name.pub,
// as startServe's allow reads it; it returns the signer and the path
// without .pub.
func goKey(t *testing.T, dir, name string) (gossh.Signer, string) {
	t.Helper()
	s := servetest.Signer(t)
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path+".pub", gossh.MarshalAuthorizedKey(s.PublicKey()), 0o600); err != nil {
		t.Fatal(err)
	}
	return s, path
}

// dialFrom connects to the server from the loopback address local (any
// 127.x.y.z is this machine's), authenticating with key.
func (s *served) dialFrom(local string, key gossh.Signer) (*gossh.Client, error) {
	d := net.Dialer{Timeout: 10 * time.Second, LocalAddr: &net.TCPAddr{IP: net.ParseIP(local)}}
	nc, err := d.Dial("tcp", s.addr())
	if err != nil {
		return nil, err
	}
	cc, chans, reqs, err := gossh.NewClientConn(nc, s.addr(), &gossh.ClientConfig{User: "attacker",
		Auth: []gossh.AuthMethod{gossh.PublicKeys(key)}, HostKeyCallback: gossh.InsecureIgnoreHostKey(), Timeout: 10 * time.Second})
	if err != nil {
		nc.Close()
		return nil, err
	}
	return gossh.NewClient(cc, chans, reqs), nil
}

func (s *served) addr() string { return fmt.Sprintf("127.0.0.1:%d", s.port) }

// dial is dialFrom 127.0.0.1, failing the test on an error.
func (s *served) dial(key gossh.Signer) *gossh.Client {
	s.t.Helper()
	c, err := s.dialFrom("127.0.0.1", key)
	if err != nil {
		s.t.Fatalf("a listed key cannot connect: %v", err)
	}
	s.t.Cleanup(func() { c.Close() })
	return c
}

// dashboard opens a session with a pty of cols × rows and a shell on c,
// and returns its output.
func dashboard(t *testing.T, c *gossh.Client, cols, rows int) (*gossh.Session, *servetest.Buffer) {
	t.Helper()
	sess, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	out := &servetest.Buffer{}
	sess.Stdout, sess.Stderr = out, out
	if err := sess.RequestPty("xterm-256color", rows, cols, gossh.TerminalModes{}); err != nil {
		t.Fatal(err)
	}
	if err := sess.Shell(); err != nil {
		t.Fatal(err)
	}
	return sess, out
}

// signedOutScreen is on the dashboard's first screen for a key not
// signed in yet.
const signedOutScreen = "Not signed in"

// waitOutput waits until want is in out after mark, or while check (nil:
// none) passes; it fails the test past the bound or when check fails.
func waitOutput(t *testing.T, out *servetest.Buffer, mark int, want string, check func() error) {
	t.Helper()
	deadline := time.Now().Add(testwait.Limit(t))
	for !strings.Contains(out.Since(mark), want) {
		if check != nil {
			if err := check(); err != nil {
				t.Fatal(err)
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("never saw %q; got %q", want, tail(out.Since(mark), 400))
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func tail(s string, n int) string {
	if len(s) > n {
		return "…" + s[len(s)-n:]
	}
	return s
}

// memKB is a memory figure of a process from /proc/PID/status, in kB:
// VmRSS (resident now) or VmHWM (the peak).
func memKB(t *testing.T, pid int, field string) int {
	t.Helper()
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		t.Fatalf("reading the server's memory: %v", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), field+":"); ok {
			n, err := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(v), " kB"))
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
	}
	t.Fatalf("/proc/%d/status has no %s", pid, field)
	return 0
}

// held is what the server holds: its live heap after a full collection
// (rdash serve collects, gives the freed memory back to the system and
// logs "heap" with live_bytes on SIGUSR1, as startServe enables), and its
// resident set just after, in kB. Unlike the resident set at any moment,
// neither counts garbage not yet collected, so neither depends on when
// the collector last ran.
func (s *served) held() (heapKB, rssKB int) {
	s.t.Helper()
	n := len(s.logged("heap"))
	if err := syscall.Kill(s.pid, syscall.SIGUSR1); err != nil {
		s.t.Fatal(err)
	}
	for deadline := time.Now().Add(testwait.Limit(s.t)); len(s.logged("heap")) == n; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			s.t.Fatal("the server logged no heap after SIGUSR1 before the test's deadline")
		}
	}
	live, ok := s.logged("heap")[n]["live_bytes"].(float64)
	if !ok {
		s.t.Fatalf("the heap log has no live_bytes: %v", s.logged("heap")[n])
	}
	return int(live) / 1024, memKB(s.t, s.pid, "VmRSS")
}

// ptys is how many pty masters the process holds open.
func ptys(t *testing.T, pid int) int {
	t.Helper()
	dir := fmt.Sprintf("/proc/%d/fd", pid)
	fds, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, fd := range fds {
		if target, err := os.Readlink(filepath.Join(dir, fd.Name())); err == nil && target == "/dev/ptmx" {
			n++
		}
	}
	return n
}

// growthWithin is a check for waitOutput: the server's peak memory has
// grown by at most limitMB over baseKB.
func growthWithin(t *testing.T, pid, baseKB, limitMB int) func() error {
	return func() error {
		if grown := memKB(t, pid, "VmHWM") - baseKB; grown > limitMB*1024 {
			return fmt.Errorf("the server grew by %d MB (peak), more than %d MB", grown/1024, limitMB)
		}
		return nil
	}
}
