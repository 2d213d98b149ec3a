package server

import (
	"context"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"golang.org/x/crypto/ssh/agent"

	"rdash/api"
	"rdash/auth"
	"rdash/config"
	"rdash/internal/bulk"
	"rdash/internal/serve"
	"rdash/internal/serve/servetest"
	"rdash/ui/common"
)

// panicky panics when the dashboard asks who is signed in, on a command
// goroutine bubbletea runs, once armed.
type panicky struct {
	fakeSession
	armed bool
}

func (p panicky) Account(ctx context.Context) (common.Account, error) {
	if p.armed {
		panic("a bug in one session")
	}
	return p.fakeSession.Account(ctx)
}

// TestServePanicEndsOneSession: a panic while a session is set up, and one
// inside its dashboard, each end that session alone, logged with the
// panic; the other session and the server go on.
func TestServePanicEndsOneSession(t *testing.T) {
	var mode atomic.Value // which session the factory makes next
	mode.Store("")
	ts := startServer(t, Config{Grace: time.Second}, func(cfg *config.Config, s auth.Settings, st *auth.Store, src *auth.Source) common.Session {
		switch mode.Load() {
		case "setup":
			panic("a bug while setting a session up")
		case "dashboard":
			return panicky{armed: true}
		}
		return fakeSession{}
	})
	_, healthy := dashboard(t, ts.dial())
	waitFor(t, "the healthy session", healthy.String, "Not signed in")

	mode.Store("setup")
	_, out := dashboard(t, ts.dial())
	waitFor(t, "the session that panicked in setup", out.String, "the session failed; the server's log says why")
	waitFor(t, "the log", ts.log.String, `"msg":"session panic"`)
	waitFor(t, "the log", ts.log.String, `"panic":"a bug while setting a session up"`)

	mode.Store("dashboard")
	sess, err := ts.dial().NewSession()
	if err != nil {
		t.Fatal(err)
	}
	in, err := sess.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out = &servetest.Buffer{}
	sess.Stdout = out
	if err := sess.RequestPty("xterm", 24, 80, nil); err != nil {
		t.Fatal(err)
	}
	if err := sess.Shell(); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the session that will panic", out.String, "Not signed in")
	if _, err := in.Write([]byte("@")); err != nil { // the account screen asks Account
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- sess.Wait() }()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("the session whose dashboard panicked is still open")
	}
	waitFor(t, "the log", ts.log.String, `"msg":"dashboard panic"`)

	// The first session is still there (each failed one was removed
	// before its client was told), and a new one opens.
	mode.Store("")
	if n := ts.s.sessions.Count(serve.Fingerprint(ts.key.PublicKey())); n != 1 || strings.Contains(healthy.String(), "session ended") {
		t.Fatalf("%d sessions running; the healthy one says %q", n, healthy.String())
	}
	_, again := dashboard(t, ts.dial())
	waitFor(t, "a new session", again.String, "Not signed in")
}

// TestServeRefusesAgentForwarding: ssh -A's request is refused.
func TestServeRefusesAgentForwarding(t *testing.T) {
	ts := startServer(t, Config{Grace: time.Second}, nil)
	sess, err := ts.dial().NewSession()
	if err != nil {
		t.Fatal(err)
	}
	if err := agent.RequestAgentForwarding(sess); err == nil {
		t.Fatal("agent forwarding was accepted")
	}
	_ = sess.Close()
	waitFor(t, "the log", ts.log.String, `"agent_forwarding":true`)
}

// TestServeLogsTheJournalBeforeRunReturns: a bulk edit's outcome that its
// journal records as the session ends is logged before Run returns, so
// it never goes to a log cmd has closed (a timer did it untracked).
func TestServeLogsTheJournalBeforeRunReturns(t *testing.T) {
	ts := startServer(t, Config{Grace: time.Second}, nil)
	c := ts.dial()
	sess, out := dashboard(t, c)
	waitFor(t, "the session", out.String, "Not signed in")
	keyDirs := ts.keyDirs()
	if err := sess.Close(); err != nil {
		t.Fatal(err)
	}
	c.Close()
	waitFor(t, "the log", ts.log.String, `"msg":"session end"`)
	// The job, cancelled with the session, writes its outcome now.
	e := &bulk.Entry{ID: "20261125T000001.000000000Z-edit-late", Time: time.Now(), Kind: bulk.KindEdit, Project: "lumen",
		Before: []api.Version{{ID: "v1"}}, Outcomes: []bulk.Outcome{{ID: "v1", Status: "unknown"}}}
	if err := (bulk.Journal{Dir: bulk.JournalDir(keyDirs[0])}).Write(e); err != nil {
		t.Fatal(err)
	}
	ts.stop()
	if !strings.Contains(ts.log.String(), `"journal":"20261125T000001.000000000Z-edit-late"`) {
		t.Fatalf("Run returned before the journal's last look:\n%s", ts.log.String())
	}
}
