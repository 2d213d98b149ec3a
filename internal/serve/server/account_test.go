package server

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"

	gossh "golang.org/x/crypto/ssh"

	"rdash/auth"
	"rdash/internal/authui"
	"rdash/internal/serve"
	"rdash/ui/common"
)

// keyringSession is cmd's session as the served one wraps it: signed in,
// its token where the auth Store says, the keyring.
type keyringSession struct {
	fakeSession
	exchangeErr error
}

func (keyringSession) Account(context.Context) (common.Account, error) {
	return common.Account{SignedIn: true, Name: "alice", Where: authui.Location(auth.Location{Kind: auth.KindKeyring})}, nil
}

func (keyringSession) SignOut(context.Context) ([]common.Location, error) {
	return []common.Location{authui.Location(auth.Location{Kind: auth.KindKeyring})}, nil
}

func (k keyringSession) NewFlow() (common.Flow, error) { return pasteFlow{err: k.exchangeErr}, nil }

type pasteFlow struct {
	common.Flow
	err error
}

func (f pasteFlow) Exchange(context.Context, string) (common.Grant, error) { return nil, f.err }

// TestServedAccountSaysWhereTheTokenIs: the account screen of a served
// session names the server's sealed file (or its keyring, under the key's
// name), never "the system keyring" of the user's own machine.
func TestServedAccountSaysWhereTheTokenIs(t *testing.T) {
	s := &Server{opts: Options{Prepared: Prepared{TokenKey: make([]byte, 32)}}}
	dir := t.TempDir()
	_, where, err := s.keyKeyring(dir, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	ls := &loggedSession{Session: keyringSession{}, where: where, log: slog.New(slog.DiscardHandler)}
	a, _ := ls.Account(t.Context())
	removed, _ := ls.SignOut(t.Context())
	for _, got := range []string{a.Storage(), removed[0].String()} {
		if strings.Contains(got, "system keyring") || !strings.Contains(got, "sealed token file") {
			t.Errorf("a served session's token is said to be in %q", got)
		}
	}
}

// TestServedSessionLogs: a refused pasted code is logged with why, never
// with what was pasted; a sealed file that does not open is logged when
// the session loads its token.
func TestServedSessionLogs(t *testing.T) {
	var buf bytes.Buffer
	log := slog.New(slog.NewJSONHandler(&buf, nil))
	ls := &loggedSession{Session: keyringSession{exchangeErr: errors.New("the code was refused: it has expired")}, log: log}
	f, err := ls.NewFlow()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Exchange(t.Context(), "http://127.0.0.1/callback?code=SECRETCODE&state=x"); err == nil {
		t.Fatal("the refusal was lost")
	}
	if !strings.Contains(buf.String(), `"msg":"pasted code refused"`) || !strings.Contains(buf.String(), "it has expired") ||
		strings.Contains(buf.String(), "SECRETCODE") {
		t.Fatalf("the log after a refused code:\n%s", buf.String())
	}

	buf.Reset()
	s := &Server{opts: Options{Prepared: Prepared{TokenKey: make([]byte, 32)}}}
	dir := t.TempDir()
	kr, _, err := s.keyKeyring(dir, log)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "tokens.sealed"), []byte("sealed with another key, long enough"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "auth.json"), []byte(`{"hosts":{"sandbox.test":{"account":"alice","storage":"keyring"}}}`), 0o600); err != nil {
		t.Fatal(err)
	}
	store := auth.NewStore(auth.StoreOptions{Keyring: kr, ConfigDir: dir, StateDir: dir})
	if st := loadToken(t.Context(), store, "sandbox.test", log); st != nil {
		t.Fatalf("a token from a file that does not open: %v", st)
	}
	if !strings.Contains(buf.String(), `"msg":"sealed token file"`) || !strings.Contains(buf.String(), "does not open") {
		t.Fatalf("the log after a sealed file that does not open:\n%s", buf.String())
	}
}

// request is an SSH request as the filter sees it, wanting no reply.
func request(typ string, payload []byte) *gossh.Request {
	return &gossh.Request{Type: typ, WantReply: false, Payload: payload}
}

// TestRequestFilter: only the variables the dashboard reads, small, and
// at most serve.MaxEnv of them, reach the library; agent forwarding
// never does; everything else passes.
func TestRequestFilter(t *testing.T) {
	f := &requestFilter{}
	env := func(k, v string) *gossh.Request {
		return request("env", gossh.Marshal(struct{ Key, Value string }{k, v}))
	}
	for _, c := range []struct {
		req  *gossh.Request
		keep bool
	}{
		{env("LANG", "en_GB.UTF-8"), true},
		{env("LC_TIME", "C"), true},
		{env("COLORTERM", "truecolor"), true},
		{env("LANG", strings.Repeat("x", serve.MaxEnvValueLen+1)), false},
		{env("LD_PRELOAD", "/tmp/x.so"), false},
		{request("env", []byte{0, 0, 0, 9, 'L'}), false}, // truncated
		{request(agentRequest, nil), false},
		{request("pty-req", nil), true},
		{request("window-change", nil), true},
		{request("shell", nil), true},
	} {
		if got := f.keep(c.req); got != c.keep {
			t.Errorf("%s %q: kept %v", c.req.Type, c.req.Payload, got)
		}
	}
	if !f.agent || f.refusedEnv != 3 {
		t.Fatalf("agent %v, refused env %d; want true, 3", f.agent, f.refusedEnv)
	}
	kept := 0
	for range 2 * serve.MaxEnv {
		if f.keep(env("LC_ALL", "C")) {
			kept++
		}
	}
	if kept+3 != serve.MaxEnv {
		t.Fatalf("%d more kept after 3; want %d in all", kept, serve.MaxEnv)
	}
}
