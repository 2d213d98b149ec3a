package cmd

import (
	"context"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"rdash/api/sandbox"
)

// A pasted token is stored only once the server has said whose it is;
// one it could not check is not stored under "default", nor made active.
func TestWithTokenStoresOnlyACheckedToken(t *testing.T) {
	t.Parallel()
	c := authCLI(t, "", sandbox.Options{FaultRate: 1, FaultRetryAfter: -1})
	tok, _ := c.srv.MintToken("alice")
	r := c.run(tok+"\n", "auth", "login", "--with-token", "--insecure-storage")
	wantExit(t, r, ExitFailure, "could not check the token", "nothing was stored")
	if _, err := os.Stat(c.tokenFile()); !os.IsNotExist(err) {
		t.Fatal("an unchecked token was stored")
	}
	if strings.Contains(r.err, "Signed in") || strings.Contains(r.err, tok) {
		t.Fatalf("stderr:\n%s", r.err)
	}

	// Accepted but anonymous (no user:read) and no username configured:
	// stored as "unknown" (issue 20.2), and login says so.
	c = authCLI(t, "", sandbox.Options{})
	tok, _ = c.srv.MintToken("bob", "project:read")
	wantExit(t, c.run(tok, "auth", "login", "--with-token", "--insecure-storage"), 0,
		"did not say who you are", "user:read", `storing the token for "unknown"`, "RDASH_USERNAME")
	if got := storedAccounts(t, c); len(got) != 1 || got[0] != "unknown" {
		t.Fatalf("stored accounts %v, want [unknown]", got)
	}
}

func TestWithTokenRefusesAnInvalidHeaderValue(t *testing.T) {
	t.Parallel()
	c := authCLI(t, "", sandbox.Options{})
	tok, _ := c.srv.MintToken("alice")
	for _, bad := range []string{tok + "\x1b[2J", "\x00" + tok, tok + "\x7f", tok + "é"} {
		r := c.run(bad+"\n", "auth", "login", "--with-token", "--insecure-storage")
		wantExit(t, r, ExitCancel, "not a valid HTTP header value", "RFC 9110", "nothing was stored")
		if strings.Contains(r.err, tok) {
			t.Fatal("the token was printed")
		}
	}
	if _, err := os.Stat(c.tokenFile()); !os.IsNotExist(err) {
		t.Fatal("a token with control characters was stored")
	}
	c.env["RDASH_TOKEN"] = tok + "\r\n"
	wantExit(t, c.run("", "projects", "list"), ExitFailure, "RDASH_TOKEN", "not a valid HTTP header value")
}

// notADir is a path nothing can be created under, not even by root (the
// tests run as root in CI, where a read-only mode would not stop a write).
func notADir(t *testing.T) string {
	f := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(f, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	return filepath.Join(f, "rdash")
}

// An unwritable state directory is found before the user signs in, and
// the outcome agrees with `auth status`.
func TestLoginChecksTheStoreIsWritableFirst(t *testing.T) {
	t.Parallel()
	for _, dir := range []string{"RDASH_STATE_DIR", "RDASH_CONFIG_DIR"} {
		c := authCLI(t, "", sandbox.Options{})
		c.env[dir] = notADir(t)
		c.env["RDASH_CONFIG"] = filepath.Join(t.TempDir(), "config.yml")
		if err := os.WriteFile(c.env["RDASH_CONFIG"], nil, 0o600); err != nil {
			t.Fatal(err)
		}
		r := c.run("", "auth", "login", "--no-browser", "--insecure-storage")
		wantExit(t, r, ExitFailure, "cannot store a sign-in", dir)
		if strings.Contains(r.err, "oauth/authorize") {
			t.Fatalf("%s: the sign-in started although it could not be stored:\n%s", dir, r.err)
		}
		if rep, _ := c.status(); rep.SignedIn {
			t.Fatalf("%s: status says signed in after a failed login", dir)
		}
	}
}

// After a sign-in, login says what it stored where.
func TestLoginSaysWhatWasStoredWhere(t *testing.T) {
	t.Parallel()
	c := authCLI(t, "", sandbox.Options{})
	tok, _ := c.srv.MintToken("alice")
	r := c.run(tok, "auth", "login", "--with-token", "--insecure-storage")
	wantExit(t, r, 0, "The token is stored in "+c.tokenFile(),
		"the record of the active account is "+filepath.Join(c.env["RDASH_STATE_DIR"], "auth.json"))
}

// A malformed sign-in record does not block logout: it is set aside, and
// the message names both files.
func TestLogoutSetsAMalformedRecordAside(t *testing.T) {
	t.Parallel()
	c := authCLI(t, "", sandbox.Options{})
	tok, _ := c.srv.MintToken("alice")
	wantExit(t, c.run(tok, "auth", "login", "--with-token", "--insecure-storage"), 0)
	record := filepath.Join(c.env["RDASH_STATE_DIR"], "auth.json")
	if err := os.WriteFile(record, []byte(`{"hosts": `), 0o600); err != nil {
		t.Fatal(err)
	}
	wantExit(t, c.run("", "auth", "status"), ExitFailure, record, "rdash auth logout")
	r := c.run("", "auth", "logout")
	wantExit(t, r, 0, "The sign-in record "+record+" was malformed; moved it to "+record+".corrupt-", "removed the token from "+c.tokenFile())
	if _, err := os.Stat(c.tokenFile()); !os.IsNotExist(err) {
		t.Fatal("the token file is still there")
	}
}

// Ctrl+C at a prompt says "cancelled" and exits 2, not "context canceled".
func TestInterruptAtAPromptSaysCancelled(t *testing.T) {
	t.Parallel()
	c := authCLI(t, "", sandbox.Options{})
	ctx, interrupt := context.WithCancel(t.Context())
	p := newGatePrompter()
	s := c.startCtx(ctx, p, "auth", "login", "--no-browser")
	<-p.asked
	interrupt()
	if code := s.exit(); code != ExitCancel || !strings.Contains(s.stderr(), "rdash: cancelled") ||
		strings.Contains(s.stderr(), "context canceled") {
		t.Fatalf("exit %d:\n%s", code, s.stderr())
	}
}

func TestUnknownConfigKeysAreWarned(t *testing.T) {
	t.Parallel()
	c := authCLI(t, "bob", sandbox.Options{})
	path := filepath.Join(c.env["RDASH_CONFIG_DIR"], "config.yml")
	if err := os.WriteFile(path, []byte("pagesize: 20\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	c.env["RDASH_CONFIG"] = path
	r := c.run("", "auth", "status")
	wantExit(t, r, 0, `rdash: warning: config `+path+`: unknown key "pagesize" (line 1) is ignored`)
}

// hungBusEnv tells TestHungDBusChild, in its own process, where the bus
// is: go-keyring reads DBUS_SESSION_BUS_ADDRESS from the process's
// environment, and a hung connection stays in godbus's globals.
const hungBusEnv = "RDASH_TEST_HUNG_DBUS"

// A session bus that accepts connections and never answers: login says
// what it waits for, gives up after a few seconds, and goes on without
// the keyring.
func TestHungDBusIsNamedAndTimesOut(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("waits for the keyring timeout")
	}
	sock := filepath.Join(t.TempDir(), "bus")
	ln, err := net.Listen("unix", sock)
	if err != nil {
		t.Skipf("no unix sockets: %v", err)
	}
	var mu sync.Mutex
	var conns []net.Conn
	t.Cleanup(func() {
		ln.Close()
		mu.Lock()
		defer mu.Unlock()
		for _, c := range conns {
			c.Close()
		}
	})
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			mu.Lock()
			conns = append(conns, c) // held open, never answered
			mu.Unlock()
		}
	}()
	child := exec.CommandContext(t.Context(), os.Args[0], "-test.run=^TestHungDBusChild$", "-test.count=1", "-test.v")
	child.Env = append(os.Environ(), "DBUS_SESSION_BUS_ADDRESS=unix:path="+sock, hungBusEnv+"=1")
	out, err := child.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "--- PASS: TestHungDBusChild") {
		t.Fatalf("child: %v\n%s", err, out)
	}
}

// TestHungDBusChild is the process of TestHungDBusIsNamedAndTimesOut.
func TestHungDBusChild(t *testing.T) {
	if os.Getenv(hungBusEnv) == "" {
		t.Skip("run by TestHungDBusIsNamedAndTimesOut")
	}
	c := newCLI(t, "", sandbox.Options{})
	c.env["DBUS_SESSION_BUS_ADDRESS"] = os.Getenv("DBUS_SESSION_BUS_ADDRESS")
	tok, _ := c.srv.MintToken("alice")
	var errOut strings.Builder
	f := &Factory{
		IO:     IOStreams{In: strings.NewReader(tok), Out: io.Discard, ErrOut: &lockedWriter{w: &errOut}, InTTY: true, OutTTY: true},
		Lookup: func(k string) (string, bool) { v, ok := c.env[k]; return v, ok },
	}
	code := Main(t.Context(), []string{"auth", "login", "--with-token", "--insecure-storage"}, f)
	stderr := errOut.String()
	t.Log(stderr)
	for _, want := range []string{"Waiting for the system keyring (the Secret Service on the D-Bus session bus)",
		"Giving up after 5s", "no answer within 5s", "Signed in to"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q", want)
		}
	}
	if code != 0 {
		t.Fatalf("exit %d", code)
	}

	// Any command that asks the keyring says so, not only login; without
	// a terminal it gives up sooner.
	errOut.Reset()
	f = &Factory{
		IO:     IOStreams{In: strings.NewReader(""), Out: io.Discard, ErrOut: &lockedWriter{w: &errOut}},
		Lookup: func(k string) (string, bool) { v, ok := c.env[k]; return v, ok },
	}
	code = Main(t.Context(), []string{"auth", "logout"}, f)
	stderr = errOut.String()
	t.Log(stderr)
	if code != 0 || !strings.Contains(stderr, "Waiting for the system keyring") || !strings.Contains(stderr, "Giving up after 3s") ||
		!strings.Contains(stderr, "removed the token from") {
		t.Fatalf("logout: exit %d", code)
	}
}

type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// concurrentStatus signs in through the paste flow with tokens that are
// expired at once, then runs `auth status` n times at the same moment,
// as n processes would: each has its own Store, so they meet only at the
// lock and the stored token. Every one must renew, or find the renewed
// token, and none may be signed out.
func concurrentStatus(t *testing.T, c *cli, n int, loginArgs ...string) {
	s := c.start(nil, append([]string{"auth", "login", "--no-browser"}, loginArgs...)...)
	io.WriteString(s.in, consent(t, s.waitFor(authorizeURL), "dave")+"\n")
	if exit := s.exit(); exit != 0 {
		t.Fatalf("login exit %d:\n%s", exit, s.stderr())
	}
	results := make([]result, n)
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range n {
		wg.Go(func() {
			<-start
			results[i] = c.run("", "auth", "status")
		})
	}
	close(start)
	wg.Wait()
	for i, r := range results {
		if r.code != 0 || !strings.Contains(r.out, "Signed in as dave") {
			t.Errorf("process %d: exit %d\n%s%s", i, r.code, r.out, r.err)
		}
	}
}

func TestConcurrentRefreshFromTheFile(t *testing.T) {
	t.Parallel()
	c := authCLI(t, "", sandbox.Options{TokenTTL: 5 * time.Second, Latency: 10 * time.Millisecond})
	concurrentStatus(t, c, 6, "--insecure-storage")
}

// TestAuthKeyringConcurrentRefresh is concurrentStatus against the real
// Secret Service of .ci/with-keyring (its name matches CI's -run there).
func TestAuthKeyringConcurrentRefresh(t *testing.T) {
	bus := os.Getenv("DBUS_SESSION_BUS_ADDRESS")
	if bus == "" {
		if os.Getenv("RDASH_REQUIRE_KEYRING") == "1" {
			t.Fatal("RDASH_REQUIRE_KEYRING=1 but no session bus")
		}
		t.Skip("no session bus; run under .ci/with-keyring to test against a real Secret Service")
	}
	c := authCLI(t, "", sandbox.Options{TokenTTL: 5 * time.Second, Latency: 10 * time.Millisecond})
	c.env["DBUS_SESSION_BUS_ADDRESS"] = bus
	concurrentStatus(t, c, 6)
	rep, r := c.status()
	wantExit(t, r, 0)
	if rep.Storage != "keyring" {
		t.Fatalf("status = %+v", rep)
	}
	wantExit(t, c.run("", "auth", "logout"), 0, "the system keyring")
}
