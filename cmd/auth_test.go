package cmd

import (
	"context"
	"encoding/json"
	"html"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"rdash/api/sandbox"
	"rdash/internal/testwait"
)

// authCLI is a cli with no keyring: XDG_RUNTIME_DIR points to an empty
// directory, so even on a desktop the tests never touch the user's keyring.
func authCLI(t *testing.T, user string, opts sandbox.Options) *cli {
	t.Helper()
	c := newCLI(t, user, opts)
	c.env["XDG_RUNTIME_DIR"] = t.TempDir()
	return c
}

func (c *cli) tokenFile() string { return filepath.Join(c.env["RDASH_CONFIG_DIR"], "tokens.json") }

func (c *cli) status() (statusReport, result) {
	c.t.Helper()
	r := c.run("", "auth", "status", "--json")
	var rep statusReport
	if err := json.Unmarshal([]byte(r.out), &rep); err != nil {
		c.t.Fatalf("status --json: %v\n%s\n%s", err, r.out, r.err)
	}
	return rep, r
}

func wantExit(t *testing.T, r result, code int, stderr ...string) {
	t.Helper()
	if r.code != code {
		t.Fatalf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", r.code, code, r.out, r.err)
	}
	for _, s := range stderr {
		if !strings.Contains(r.err, s) {
			t.Fatalf("stderr lacks %q:\n%s", s, r.err)
		}
	}
}

func TestAuthWithTokenWithoutKeyringNeedsConsent(t *testing.T) {
	t.Parallel()
	c := authCLI(t, "", sandbox.Options{})
	tok, _ := c.srv.MintToken("alice")
	r := c.run(tok+"\n", "auth", "login", "--with-token")
	wantExit(t, r, ExitCancel, "No keyring is available", "--insecure-storage")
	if _, err := os.Stat(c.tokenFile()); !os.IsNotExist(err) {
		t.Fatalf("token file written without consent: %v", err)
	}
	if strings.Contains(r.err+r.out, tok) {
		t.Fatal("the token was printed")
	}
}

func TestAuthWithTokenInsecureStatusTokenLogout(t *testing.T) {
	t.Parallel()
	c := authCLI(t, "", sandbox.Options{})
	tok, _ := c.srv.MintToken("alice")
	r := c.run(tok+"\n", "auth", "login", "--with-token", "--insecure-storage")
	wantExit(t, r, 0, "plain text in "+c.tokenFile(), "Signed in to", "as alice")
	if strings.Index(r.err, "plain text") > strings.Index(r.err, "Signed in") {
		t.Fatalf("the plain-text notice came after the write:\n%s", r.err)
	}
	if fi, err := os.Stat(c.tokenFile()); err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("token file: %v, %v", fi, err)
	}

	rep, r := c.status()
	wantExit(t, r, 0)
	if !rep.SignedIn || rep.Account != "alice" || rep.AccountSource != "server" || rep.Storage != "file" || string(rep.Path) != c.tokenFile() {
		t.Fatalf("status = %+v", rep)
	}
	if human := c.ok("auth", "status"); !strings.Contains(human, "Signed in as alice") || !strings.Contains(human, c.tokenFile()) {
		t.Fatalf("status:\n%s", human)
	}
	if got := strings.TrimSpace(c.ok("auth", "token")); got != tok {
		t.Fatalf("auth token printed %q", got)
	}

	r = c.run("", "auth", "logout")
	wantExit(t, r, 0, "removed the token from "+c.tokenFile())
	if _, err := os.Stat(c.tokenFile()); !os.IsNotExist(err) {
		t.Fatalf("token file left after logout: %v", err)
	}
	rep, r = c.status()
	wantExit(t, r, ExitAuth, "not signed in")
	if rep.SignedIn {
		t.Fatalf("status after logout = %+v", rep)
	}
	wantExit(t, c.run("", "auth", "token"), ExitAuth, "rdash auth login")
	wantExit(t, c.run("", "auth", "logout"), 0, "nothing to remove")
}

func TestAuthWithEnvToken(t *testing.T) {
	t.Parallel()
	c := authCLI(t, "bob", sandbox.Options{})
	tok, _ := c.srv.MintToken("carol")
	r := c.run(tok, "auth", "login", "--with-token", "--insecure-storage")
	wantExit(t, r, ExitCancel, "RDASH_TOKEN is set", "ignored")
	if _, err := os.Stat(c.tokenFile()); !os.IsNotExist(err) {
		t.Fatal("login wrote a token that RDASH_TOKEN overrides")
	}
	rep, r := c.status()
	wantExit(t, r, 0)
	if rep.Account != "bob" || rep.Storage != "env" {
		t.Fatalf("status = %+v", rep)
	}
	if strings.TrimSpace(c.ok("auth", "token")) != c.env["RDASH_TOKEN"] {
		t.Fatal("auth token does not print RDASH_TOKEN")
	}
	wantExit(t, c.run("", "auth", "logout"), 0, "RDASH_TOKEN is still set")

	c.env["RDASH_TOKEN"] = "bogus"
	rep, r = c.status()
	wantExit(t, r, ExitAuth, "RDASH_TOKEN")
	if rep.SignedIn || rep.Storage != "env" || !strings.Contains(string(rep.Error), "refused") {
		t.Fatalf("status with a refused token = %+v", rep)
	}
}

func TestAuthExitCodes(t *testing.T) {
	t.Parallel()
	c := authCLI(t, "", sandbox.Options{})
	wantExit(t, c.run("bogus", "auth", "login", "--with-token", "--insecure-storage"), ExitAuth, "--with-token: the server refused this token")
	if _, err := os.Stat(c.tokenFile()); !os.IsNotExist(err) {
		t.Fatal("a refused token was stored")
	}
	wantExit(t, c.run("", "auth", "login", "--with-token", "--insecure-storage"), ExitCancel, "one token")
	wantExit(t, c.run("", "auth", "login", "--scopes", "user:raed"), ExitCancel, `unknown scope "user:raed"`)
	wantExit(t, c.run("", "auth", "status"), ExitAuth, "not signed in")
	wantExit(t, c.run("", "auth", "token"), ExitAuth)
	delete(c.env, "RDASH_BASE_URL")
	wantExit(t, c.run("", "auth", "status"), ExitCancel, "RDASH_BASE_URL")
}

// termSession runs one command on pipes, like a user at a terminal: the test
// reads what rdash printed so far and types answers.
type termSession struct {
	t    *testing.T
	in   *io.PipeWriter
	mu   sync.Mutex
	err  strings.Builder
	done chan int
}

func (s *termSession) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.err.Write(p)
}

func (s *termSession) stderr() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.err.String()
}

// start runs a command whose input the test types; with a Prompter p it
// runs as at a terminal, p answering its questions.
func (c *cli) start(p Prompter, args ...string) *termSession {
	return c.startCtx(c.t.Context(), p, args...)
}

func (c *cli) startCtx(ctx context.Context, p Prompter, args ...string) *termSession {
	r, w := io.Pipe()
	c.t.Cleanup(func() { w.Close() })
	s := &termSession{t: c.t, in: w, done: make(chan int, 1)}
	f := &Factory{
		IO:       IOStreams{In: r, Out: io.Discard, ErrOut: s, InTTY: p != nil, OutTTY: p != nil},
		Lookup:   func(k string) (string, bool) { v, ok := c.env[k]; return v, ok },
		Prompter: p,
	}
	go func() { s.done <- Main(ctx, args, f) }()
	return s
}

// waitFor waits until stderr matches re and returns the first group.
func (s *termSession) waitFor(re *regexp.Regexp) string {
	s.t.Helper()
	for range 200 {
		if m := re.FindStringSubmatch(s.stderr()); m != nil {
			return m[len(m)-1]
		}
		time.Sleep(10 * time.Millisecond)
	}
	s.t.Fatalf("no %v in stderr:\n%s", re, s.stderr())
	return ""
}

func (s *termSession) exit() int {
	s.t.Helper()
	select {
	case code := <-s.done:
		return code
	case <-time.After(testwait.Limit(s.t)):
		s.t.Fatalf("rdash did not finish; stderr:\n%s", s.stderr())
		return -1
	}
}

var (
	authorizeURL = regexp.MustCompile(`(http://\S+/oauth/authorize\?\S+)`)
	hiddenInput  = regexp.MustCompile(`<input type="hidden" name="([^"]+)" value="([^"]*)">`)
	shownCode    = regexp.MustCompile(`<p class="code">([^<]+)</p>`)
)

// consent plays the user's browser: approve as user and return the code
// the configured callback page shows.
func consent(t *testing.T, authorize, user string) string {
	t.Helper()
	hc := &http.Client{Timeout: 10 * time.Second}
	resp, err := hc.Get(authorize)
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	form := url.Values{"user": {user}, "decision": {"approve"}}
	for _, m := range hiddenInput.FindAllStringSubmatch(string(page), -1) {
		form.Set(html.UnescapeString(m[1]), html.UnescapeString(m[2]))
	}
	resp, err = hc.PostForm(authorize, form) // follows the redirect to the code page
	if err != nil {
		t.Fatal(err)
	}
	page, _ = io.ReadAll(resp.Body)
	resp.Body.Close()
	m := shownCode.FindStringSubmatch(string(page))
	if m == nil {
		t.Fatalf("no code shown:\n%s", page)
	}
	return html.UnescapeString(m[1])
}

// TestAuthLoginPastedCodeAfterConsentPrompt: with no keyring, login at
// a terminal asks through the Factory's Prompter whether to store the
// token in plain text, before the sign-in starts (the question is held
// on a gate while the test looks); a yes signs in with the pasted code
// and stores the token in the file.
func TestAuthLoginPastedCodeAfterConsentPrompt(t *testing.T) {
	t.Parallel()
	c := authCLI(t, "", sandbox.Options{})
	p := newGatePrompter()
	s := c.start(p, "auth", "login", "--no-browser", "--scopes", "user:read,project:read")
	if q := <-p.asked; q != "Store the token in plain text?" {
		t.Fatalf("asked %q", q)
	}
	if err := s.stderr(); !strings.Contains(err, "No keyring is available") || strings.Contains(err, "oauth/authorize") {
		t.Fatalf("before the answer, stderr:\n%s", err)
	}
	p.answer <- true
	code := consent(t, s.waitFor(authorizeURL), "dave")
	io.WriteString(s.in, code+"\n")
	if exit := s.exit(); exit != 0 {
		t.Fatalf("exit %d:\n%s", exit, s.stderr())
	}
	rep, r := c.status()
	wantExit(t, r, 0)
	if rep.Account != "dave" || rep.Storage != "file" || !slices.Equal(rep.Scopes, []string{"user:read", "project:read"}) ||
		rep.ExpiresAt == nil || time.Until(*rep.ExpiresAt) < 50*time.Minute {
		t.Fatalf("status = %+v", rep)
	}
	b, _ := os.ReadFile(filepath.Join(c.env["RDASH_STATE_DIR"], "auth.json"))
	if strings.Contains(string(b), "sbx_") {
		t.Fatalf("the state record holds a token:\n%s", b)
	}
}

// TestAuthLoginDeclinedPlainText: a no at the storage question signs in
// nowhere: exit 2, no sign-in started, nothing written.
func TestAuthLoginDeclinedPlainText(t *testing.T) {
	t.Parallel()
	c := authCLI(t, "", sandbox.Options{})
	p := &fakePrompter{}
	r := c.runAt(p, "auth", "login", "--no-browser")
	if r.code != ExitCancel || !strings.Contains(r.err, "plain-text storage declined") || strings.Contains(r.err, "oauth/authorize") {
		t.Fatalf("exit %d:\n%s", r.code, r.err)
	}
	if q := p.questions(); !slices.Equal(q, []string{"Store the token in plain text?"}) {
		t.Fatalf("asked %q", q)
	}
	if _, err := os.Stat(c.tokenFile()); !os.IsNotExist(err) {
		t.Fatalf("a token file after a no: %v", err)
	}
}

// TestAuthLoginAsksOnlyAtATerminal: without a terminal nothing is asked
// (the Prompter is never called) and login refuses, naming
// --insecure-storage; with it nothing is asked either.
func TestAuthLoginAsksOnlyAtATerminal(t *testing.T) {
	t.Parallel()
	c := authCLI(t, "", sandbox.Options{})
	r := c.run("", "auth", "login", "--no-browser")
	wantExit(t, r, ExitCancel, "needs consent", "--insecure-storage")
	p := &fakePrompter{}
	s := c.start(p, "auth", "login", "--no-browser", "--insecure-storage")
	io.WriteString(s.in, consent(t, s.waitFor(authorizeURL), "dave")+"\n")
	if exit := s.exit(); exit != 0 || len(p.questions()) != 0 {
		t.Fatalf("exit %d, asked %q:\n%s", exit, p.questions(), s.stderr())
	}
}

// gatePrompter holds each question until the test answers it (or the
// command's context ends), so a test can look at what happened before
// the answer without waiting a while.
type gatePrompter struct {
	fakePrompter
	asked  chan string
	answer chan bool
}

func newGatePrompter() *gatePrompter {
	return &gatePrompter{asked: make(chan string, 1), answer: make(chan bool)}
}

func (p *gatePrompter) Confirm(ctx context.Context, q string) (bool, error) {
	p.record(q)
	p.asked <- q
	select {
	case ok := <-p.answer:
		return ok, nil
	case <-ctx.Done():
		return false, ctx.Err()
	}
}

func TestAuthStatusWhenTheTokenIsRefused(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	now := time.Now()
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	c := authCLI(t, "", sandbox.Options{NoRefresh: true, Now: clock})
	s := c.start(nil, "auth", "login", "--no-browser", "--insecure-storage")
	io.WriteString(s.in, consent(t, s.waitFor(authorizeURL), "erin")+"\n")
	if exit := s.exit(); exit != 0 {
		t.Fatalf("login exit %d:\n%s", exit, s.stderr())
	}
	mu.Lock()
	now = now.Add(2 * time.Hour) // the server's clock: the token has expired there
	mu.Unlock()
	rep, r := c.status()
	wantExit(t, r, ExitAuth, "rdash auth login")
	if rep.SignedIn || !strings.Contains(string(rep.Error), "renewing the sign-in was refused") || rep.Storage != "file" {
		t.Fatalf("status = %+v", rep)
	}
}

// TestAuthKeyring signs in with the real Secret Service that
// .ci/with-keyring provides; without one it is skipped (or fails under
// RDASH_REQUIRE_KEYRING=1).
func TestAuthKeyring(t *testing.T) {
	bus := os.Getenv("DBUS_SESSION_BUS_ADDRESS")
	if bus == "" {
		if os.Getenv("RDASH_REQUIRE_KEYRING") == "1" {
			t.Fatal("RDASH_REQUIRE_KEYRING=1 but no session bus")
		}
		t.Skip("no session bus; run under .ci/with-keyring to test against a real Secret Service")
	}
	c := authCLI(t, "", sandbox.Options{})
	c.env["DBUS_SESSION_BUS_ADDRESS"] = bus
	tok, _ := c.srv.MintToken("frank")
	wantExit(t, c.run(tok, "auth", "login", "--with-token"), 0, "the system keyring")
	if _, err := os.Stat(c.tokenFile()); !os.IsNotExist(err) {
		t.Fatal("a token file was written although the keyring worked")
	}
	rep, r := c.status()
	wantExit(t, r, 0)
	if rep.Account != "frank" || rep.Storage != "keyring" {
		t.Fatalf("status = %+v", rep)
	}
	wantExit(t, c.run("", "auth", "logout"), 0, "removed the token from the system keyring")
	_, r = c.status()
	wantExit(t, r, ExitAuth)
}

func TestAuthAccountFromConfigWhenTheServerCannotSay(t *testing.T) {
	t.Parallel()
	c := authCLI(t, "", sandbox.Options{})
	c.env["RDASH_USERNAME"] = "bob"
	tok, _ := c.srv.MintToken("bob", "project:read") // no user:read: GET /users/@me is 403
	wantExit(t, c.run(tok, "auth", "login", "--with-token", "--insecure-storage"), 0,
		"did not say who you are", `storing the token for "bob"`, "as bob")
	rep, r := c.status()
	wantExit(t, r, 0)
	if !rep.SignedIn || rep.Account != "bob" || rep.AccountSource != "config" || !strings.Contains(string(rep.Error), "403") {
		t.Fatalf("status = %+v", rep)
	}
}
