package server

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"rdash/api/sandbox"
	"rdash/auth"
	"rdash/config"
	"rdash/internal/serve"
	"rdash/internal/serve/servetest"
	"rdash/ui/common"
)

// testServer is a Server run in the test, against a sandbox, with its
// log in memory.
type testServer struct {
	t    *testing.T
	s    *Server
	addr string
	ak   string
	log  *servetest.Buffer
	key  gossh.Signer
	stop func() // stops it; Run has returned when it does
}

// startServer runs a server allowing one key, with cfg's limits (its
// addresses and paths are filled in) and sessions from factory (nil:
// fakeSession).
func startServer(t *testing.T, cfg Config, factory SessionFactory) *testServer {
	t.Helper()
	sb, err := sandbox.New(sandbox.Options{})
	if err != nil {
		t.Fatal(err)
	}
	run, err := sb.Start("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { run.Close() })
	dir := t.TempDir()
	ts := &testServer{t: t, ak: filepath.Join(dir, "authorized_keys"), log: &servetest.Buffer{}, key: servetest.Signer(t)}
	ts.allow(ts.key)
	base := &config.Config{BaseURL: run.BaseURL, AuthURL: run.AuthURL, ClientID: run.ClientID, ClientSecret: run.ClientSecret,
		Scopes: config.AllScopes(), Theme: "dark",
		Env: config.Env{ConfigDir: filepath.Join(dir, "config"), StateDir: filepath.Join(dir, "state")}}
	cfg.Addr, cfg.AuthorizedKeys, cfg.TokenStore = "127.0.0.1:0", ts.ak, "sealed"
	pre, err := Preflight(t.Context(), base, &cfg)
	if err != nil {
		t.Fatal(err)
	}
	if factory == nil {
		factory = func(*config.Config, auth.Settings, *auth.Store, *auth.Source) common.Session { return fakeSession{} }
	}
	logger, _, _ := serve.Logger("", ts.log)
	ts.s = New(Options{Config: cfg, Prepared: pre, Base: base, Log: logger, NewSession: factory})
	srv, ln, err := ts.s.Listen()
	if err != nil {
		t.Fatal(err)
	}
	ts.addr = ln.Addr().String()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- ts.s.Run(ctx, srv, ln) }()
	var once sync.Once
	ts.stop = func() {
		once.Do(func() {
			cancel()
			select {
			case err := <-done:
				if err != nil {
					t.Errorf("Run: %v", err)
				}
			case <-time.After(30 * time.Second):
				t.Error("the server did not stop within 30 s")
			}
		})
	}
	t.Cleanup(ts.stop)
	return ts
}

func (ts *testServer) allow(keys ...gossh.Signer) {
	var b strings.Builder
	for _, k := range keys {
		b.Write(gossh.MarshalAuthorizedKey(k.PublicKey()))
	}
	if err := os.WriteFile(ts.ak, []byte(b.String()), 0o600); err != nil {
		ts.t.Fatal(err)
	}
}

// dial connects with the server's key.
func (ts *testServer) dial() *gossh.Client {
	ts.t.Helper()
	c, err := gossh.Dial("tcp", ts.addr, &gossh.ClientConfig{User: "test", Auth: []gossh.AuthMethod{gossh.PublicKeys(ts.key)},
		HostKeyCallback: gossh.InsecureIgnoreHostKey(), Timeout: 10 * time.Second})
	if err != nil {
		ts.t.Fatal(err)
	}
	ts.t.Cleanup(func() { c.Close() })
	return c
}

// dashboard opens a session with a pty and a shell on c.
func dashboard(t *testing.T, c *gossh.Client) (*gossh.Session, *servetest.Buffer) {
	t.Helper()
	sess, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	out := &servetest.Buffer{}
	sess.Stdout, sess.Stderr = out, out
	if err := sess.RequestPty("xterm-256color", 24, 80, gossh.TerminalModes{}); err != nil {
		t.Fatal(err)
	}
	if err := sess.Shell(); err != nil {
		t.Fatal(err)
	}
	return sess, out
}

// waitFor waits until s() holds want, for at most 20 s.
func waitFor(t *testing.T, what string, s func() string, want string) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for !strings.Contains(s(), want) {
		if time.Now().After(deadline) {
			t.Fatalf("%s: never saw %q in:\n%s", what, want, s())
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// fakeSession is a signed-out session: the dashboard shows its first
// screen and offers the sign-in.
type fakeSession struct{}

func (fakeSession) Account(context.Context) (common.Account, error) { return common.Account{}, nil }
func (fakeSession) SignOut(context.Context) ([]common.Location, error) {
	return nil, nil
}
func (fakeSession) EnvToken() bool { return false }
func (fakeSession) CheckStorage(context.Context) (*common.InsecureNotice, error) {
	return nil, nil
}
func (fakeSession) NewFlow() (common.Flow, error) { return nil, errors.New("no sign-in in this test") }
func (fakeSession) OpenBrowser(context.Context, string) error {
	return errors.New("no browser")
}
func (fakeSession) Complete(context.Context, common.Grant, bool) (common.Account, error) {
	return common.Account{}, errors.New("no sign-in in this test")
}

// keyDirs are the key directories the server has made.
func (ts *testServer) keyDirs() []string {
	ts.t.Helper()
	entries, err := os.ReadDir(ts.s.opts.StateRoot)
	if err != nil {
		ts.t.Fatal(err)
	}
	var dirs []string
	for _, e := range entries {
		if e.IsDir() {
			dirs = append(dirs, filepath.Join(ts.s.opts.StateRoot, e.Name()))
		}
	}
	return dirs
}
