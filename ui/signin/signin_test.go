package signin

import (
	"context"
	"errors"
	"net/url"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"rdash/api"
	"rdash/api/sandbox"
	"rdash/api/sandbox/sandboxtest"
	"rdash/auth"
	"rdash/internal/authui"
	"rdash/ui/common"
	"rdash/ui/internal/uitest"
	"rdash/ui/route"
)

type setup struct {
	opts uitest.SessionOptions
	args route.SignInArgs
	// before runs on the session before the screen starts.
	before func(*uitest.Session)
}

// start opens the sign-in screen on a real session at 80x24.
func start(t *testing.T, s setup) (*uitest.Driver, *Model, *uitest.Session) {
	t.Helper()
	sess := uitest.NewSession(t, s.opts)
	if s.before != nil {
		s.before(sess)
	}
	c := uitest.Common(t)
	c.Session = sess
	c.Config.BaseURL = sess.Settings.BaseURL
	m := New(c, s.args)
	return uitest.NewDriver(t, uitest.Screen{S: m}, 80, 24), m, sess
}

// waitURL waits until the authorize URL is on screen and returns it.
func waitURL(t *testing.T, d *uitest.Driver, m *Model) string {
	t.Helper()
	d.WaitFor("the authorize URL", func() bool { return m.phase == phaseWaiting })
	return m.url
}

// signedIn waits for the screen to report a sign-in and returns it.
func signedIn(t *testing.T, d *uitest.Driver) common.SignedInMsg {
	t.Helper()
	var got *common.SignedInMsg
	d.WaitFor("SignedInMsg", func() bool {
		for _, msg := range d.Seen {
			if s, ok := msg.(common.SignedInMsg); ok {
				got = &s
				return true
			}
		}
		return false
	})
	return *got
}

// whoAmI asks the server through the running dashboard's client.
func whoAmI(t *testing.T, sess *uitest.Session) (string, error) {
	t.Helper()
	u, _, err := sess.Client.GetUser(t.Context(), api.Me)
	if err != nil {
		return "", err
	}
	return u.Username, nil
}

// requireNoSecret fails when the view holds any secret the session has
// handled, or one of extra (codes).
func requireNoSecret(t *testing.T, d *uitest.Driver, sess *uitest.Session, extra ...string) {
	t.Helper()
	for _, s := range append(sess.Secrets(), extra...) {
		if s != "" && strings.Contains(d.Raw(), s) {
			t.Fatalf("a secret (%d bytes) is on screen:\n%s", len(s), d.Screen())
		}
	}
}

// onScreen reports whether the screen shows text, however it was
// wrapped: words may be broken at spaces, the URL anywhere.
func onScreen(d *uitest.Driver, text string) bool {
	var lines []string
	for _, l := range strings.Split(d.Screen(), "\n") {
		lines = append(lines, strings.TrimRight(l, " "))
	}
	words := strings.Join(strings.Fields(text), " ")
	return strings.Contains(strings.Join(lines, ""), text) ||
		strings.Contains(strings.Join(strings.Fields(strings.Join(lines, " ")), " "), words)
}

func TestPasteFlowSignsInAndTheClientUsesTheToken(t *testing.T) {
	t.Parallel()
	var opened atomic.Int32
	d, m, sess := start(t, setup{
		opts: uitest.SessionOptions{Mode: auth.ModePaste},
		args: route.SignInArgs{Context: "opening lumen", Retry: func() tea.Msg { return nil }},
		before: func(s *uitest.Session) {
			s.Browser = func(context.Context, string) error { opened.Add(1); return nil }
		},
	})
	if _, err := whoAmI(t, sess); !errors.Is(err, auth.ErrSignInNeeded) {
		t.Fatalf("signed out at the start, GetUser = %v", err)
	}
	u := waitURL(t, d, m)
	if !strings.HasPrefix(u, sess.Settings.AuthURL+"/oauth/authorize?") || !onScreen(d, u) {
		t.Fatalf("URL %q not shown:\n%s", u, d.Screen())
	}
	for _, want := range []string{"Signed out while opening lumen", "on any machine", "paste the code"} {
		if !strings.Contains(d.Screen(), want) {
			t.Errorf("screen lacks %q", want)
		}
	}
	d.Press("y")
	d.WaitFor("the copy", func() bool { return len(d.Clipboard()) == 1 })
	if got := d.Clipboard()[0]; !strings.Contains(got, url.QueryEscape(u)) && !strings.Contains(got, u) {
		t.Fatalf("y copied %q, want the URL", got)
	}

	loc := sandboxtest.NewBrowser(t).MustDecide(u, "bob", "approve")
	code := uitest.CodeIn(loc)
	d.Send(tea.PasteMsg{Content: loc + "\n"})
	if !m.Capturing() || strings.Contains(d.Raw(), code) || !strings.Contains(d.Screen(), "••••") {
		t.Fatalf("the paste is not in the masked field:\n%s", d.Screen())
	}
	d.Press("enter")
	got := signedIn(t, d)
	if got.Account.Name != "bob" || got.Context != "opening lumen" || got.Retry == nil || got.From != m {
		t.Fatalf("SignedInMsg = %+v", got)
	}
	if who, err := whoAmI(t, sess); err != nil || who != "bob" {
		t.Fatalf("after the sign-in, the running client: %q, %v", who, err)
	}
	st, err := sess.Store.Load(t.Context(), sess.Settings.Host())
	if err != nil || st.Account != "bob" || st.Where.Kind != auth.KindKeyring {
		t.Fatalf("stored: %+v, %v", st, err)
	}
	if opened.Load() != 0 {
		t.Fatal("paste mode opened a browser")
	}
	requireNoSecret(t, d, sess, code)
}

func TestLoopbackFlowSignsIn(t *testing.T) {
	t.Parallel()
	d, m, sess := start(t, setup{
		opts: uitest.SessionOptions{Mode: auth.ModeLoopback, User: "alice"},
		before: func(s *uitest.Session) {
			s.Browser = sandboxtest.NewBrowser(t).Opener("carol", "approve")
		},
	})
	got := signedIn(t, d)
	if got.Account.Name != "carol" || !m.loopback {
		t.Fatalf("SignedInMsg = %+v, loopback %v", got.Account, m.loopback)
	}
	if who, err := whoAmI(t, sess); err != nil || who != "carol" {
		t.Fatalf("the running client: %q, %v", who, err)
	}
	if !strings.Contains(d.Screen(), "Signed in as carol") || !strings.Contains(d.Screen(), "system keyring") {
		t.Fatalf("screen:\n%s", d.Screen())
	}
	requireNoSecret(t, d, sess)
}

func TestLoopbackStillOffersThePasteField(t *testing.T) {
	t.Parallel()
	d, m, sess := start(t, setup{opts: uitest.SessionOptions{Mode: auth.ModeLoopback}})
	u := waitURL(t, d, m)
	d.WaitForText("Could not open a browser (no browser in this test)")
	if !strings.Contains(d.Screen(), "Or paste the code") {
		t.Fatalf("no paste field in loopback mode:\n%s", d.Screen())
	}
	// The user signs in elsewhere and types the code by hand.
	code := uitest.CodeIn(sandboxtest.NewBrowser(t).MustDecide(u, "dave", "approve"))
	d.Press("enter")
	d.Type(code)
	requireNoSecret(t, d, sess, code)
	d.Press("enter")
	if got := signedIn(t, d); got.Account.Name != "dave" {
		t.Fatalf("signed in as %q", got.Account.Name)
	}
}

func TestDenyIsShownWithTheServersReason(t *testing.T) {
	t.Parallel()
	t.Run("pasted", func(t *testing.T) {
		t.Parallel()
		d, m, _ := start(t, setup{opts: uitest.SessionOptions{Mode: auth.ModePaste}})
		u := waitURL(t, d, m)
		d.Send(tea.PasteMsg{Content: sandboxtest.NewBrowser(t).MustDecide(u, "alice", "deny")})
		d.Press("enter")
		d.WaitForText("The sign-in was not authorized: the user denied access (access_denied).")
		// The URL still works: the user can decide again.
		d.Send(tea.PasteMsg{Content: sandboxtest.NewBrowser(t).MustDecide(u, "alice", "approve")})
		d.Press("enter")
		if got := signedIn(t, d); got.Account.Name != "alice" {
			t.Fatalf("signed in as %q", got.Account.Name)
		}
	})
	t.Run("loopback", func(t *testing.T) {
		t.Parallel()
		d, m, sess := start(t, setup{opts: uitest.SessionOptions{Mode: auth.ModeLoopback}, before: func(s *uitest.Session) {
			s.Browser = sandboxtest.NewBrowser(t).Opener("alice", "deny")
		}})
		d.WaitForText("the user denied access (access_denied)")
		first := m.url
		sess.Browser = sandboxtest.NewBrowser(t).Opener("alice", "approve")
		d.Press("enter") // start again: a new URL, a new listener
		if got := signedIn(t, d); got.Account.Name != "alice" || m.url == first {
			t.Fatalf("signed in as %q; URL changed %v", got.Account.Name, m.url != first)
		}
	})
}

// clock is a sandbox clock that tests move.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

func TestFlowErrorsAreShownInWords(t *testing.T) {
	t.Parallel()
	clk := &clock{t: time.Now()}
	for _, tc := range []struct {
		name  string
		opts  uitest.SessionOptions
		setup func(*uitest.Session)
		paste func(loc string) string
		want  string
	}{
		{name: "state mismatch", paste: func(loc string) string { return strings.Replace(loc, "state=", "state=x", 1) },
			want: "Refused: the state in that address is not the one this sign-in sent"},
		{name: "expired code", opts: uitest.SessionOptions{Sandbox: sandbox.Options{CodeTTL: time.Minute, Now: clk.Now}},
			paste: func(loc string) string { clk.Add(2 * time.Minute); return loc },
			want:  "The account service refused the code: invalid_grant"},
		{name: "wrong secret", setup: func(s *uitest.Session) { s.Settings.ClientSecret = "not-the-secret" },
			want: "The account service refused rdash's client credentials"},
		{name: "not a code", paste: func(string) string { return "what is this?" },
			want: "That is neither the address the browser ended on nor a code."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.opts.Mode = auth.ModePaste
			d, m, sess := start(t, setup{opts: tc.opts, before: tc.setup})
			u := waitURL(t, d, m)
			loc := sandboxtest.NewBrowser(t).MustDecide(u, "alice", "approve")
			if tc.paste != nil {
				loc = tc.paste(loc)
			}
			d.Send(tea.PasteMsg{Content: loc})
			d.Press("enter")
			d.WaitFor("the error", func() bool { return onScreen(d, tc.want) })
			if m.phase != phaseWaiting {
				t.Fatalf("a refused paste ended the flow (phase %d)", m.phase)
			}
			requireNoSecret(t, d, sess, uitest.CodeIn(loc), "not-the-secret")
			uitest.RequireFits(t, d.Screen(), 80, 24)
			if _, err := whoAmI(t, sess); err == nil {
				t.Fatal("signed in after an error")
			}
		})
	}
}

func TestConsentDeclinedLeavesTheUserSignedOut(t *testing.T) {
	t.Parallel()
	for _, key := range []string{"enter", "n", "esc"} {
		t.Run(key, func(t *testing.T) {
			t.Parallel()
			d, m, sess := start(t, setup{opts: uitest.SessionOptions{Mode: auth.ModePaste, NoKeyring: true}})
			d.WaitForText("Store it there?")
			waitURL(t, d, m) // the URL shows while asking
			if !onScreen(d, sess.Store.FilePath()) || !strings.Contains(d.Screen(), "plain text") ||
				!onScreen(d, "no Secret Service on this test's bus") {
				t.Fatalf("the notice lacks the path or the reason:\n%s", d.Screen())
			}
			d.Press(key)
			d.WaitForText("Not signed in.")
			if !strings.Contains(d.Screen(), "nothing was written") {
				t.Fatalf("screen:\n%s", d.Screen())
			}
			if _, err := os.Stat(sess.Store.FilePath()); !errors.Is(err, os.ErrNotExist) {
				t.Fatalf("the token file exists after declining: %v", err)
			}
		})
	}
}

func TestConsentDeclinedAfterTheTokenArrivedWritesNothing(t *testing.T) {
	t.Parallel()
	d, m, sess := start(t, setup{opts: uitest.SessionOptions{Mode: auth.ModeLoopback, NoKeyring: true},
		before: func(s *uitest.Session) { s.Browser = sandboxtest.NewBrowser(t).Opener("erin", "approve") }})
	d.WaitFor("the token, held for the answer", func() bool { return m.phase == phaseFinishing })
	if !strings.Contains(d.Screen(), "Signed in at the account service") || !strings.Contains(d.Screen(), "Store it there?") {
		t.Fatalf("screen:\n%s", d.Screen())
	}
	if started := d.Step(uitest.Key("n")); len(started) != 0 || m.completing {
		t.Fatalf("declining started %v", started)
	}
	d.WaitForText("Not signed in.")
	if _, err := os.Stat(sess.Store.FilePath()); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("the token file exists after declining: %v", err)
	}
	if _, err := whoAmI(t, sess); err == nil {
		t.Fatal("the running client uses a token the user declined to store")
	}
}

func TestConsentGivenStoresInThePlainTextFile(t *testing.T) {
	t.Parallel()
	d, m, sess := start(t, setup{opts: uitest.SessionOptions{Mode: auth.ModePaste, NoKeyring: true}})
	d.WaitForText("Store it there?")
	d.Press("y")
	u := waitURL(t, d, m)
	d.Send(tea.PasteMsg{Content: sandboxtest.NewBrowser(t).MustDecide(u, "frank", "approve")})
	d.Press("enter")
	if got := signedIn(t, d); got.Account.Where != authui.Location(auth.Location{Kind: auth.KindFile, Path: sess.Store.FilePath()}) {
		t.Fatalf("stored in %v", got.Account.Where)
	}
	fi, err := os.Stat(sess.Store.FilePath())
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("token file: %v, %v", fi, err)
	}
	if !onScreen(d, sess.Store.FilePath()+" (plain text, readable only by you)") {
		t.Fatalf("screen:\n%s", d.Screen())
	}
}

func TestEnvTokenMakesSignInPointless(t *testing.T) {
	t.Parallel()
	sess := uitest.NewSession(t, uitest.SessionOptions{EnvUser: "dave"})
	c := uitest.Common(t)
	c.Session = sess
	m := New(c, route.SignInArgs{})
	if cmd := m.Init(); cmd != nil || m.Busy() != "" {
		t.Fatal("a flow started although RDASH_TOKEN would override its token")
	}
	d := uitest.NewDriver(t, uitest.Screen{S: m}, 80, 24)
	d.WaitForText("RDASH_TOKEN is set")
	if started := d.Step(uitest.Key("enter")); len(started) != 0 || m.flow != nil || m.url != "" {
		t.Fatalf("enter started %v although RDASH_TOKEN would override the token", started)
	}
	requireNoSecret(t, d, sess)
}
