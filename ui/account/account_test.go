package account

import (
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	"golang.org/x/oauth2"

	"rdash/api"
	"rdash/auth"
	"rdash/ui/common"
	"rdash/ui/internal/uitest"
	"rdash/ui/route"
)

// start opens the account screen on a real session at 100x30.
func start(t *testing.T, o uitest.SessionOptions) (*uitest.Driver, *Model, *uitest.Session) {
	t.Helper()
	sess := uitest.NewSession(t, o)
	c := uitest.Common(t)
	c.Session, c.Now = sess, time.Now
	m := New(c)
	d := uitest.NewDriver(t, uitest.Screen{S: m, Me: sess.Client}, 100, 30)
	d.WaitFor("the account", func() bool { return m.loaded && m.Busy() == "" })
	return d, m, sess
}

func seen[T any](d *uitest.Driver) (T, bool) {
	for _, msg := range d.Seen {
		if v, ok := msg.(T); ok {
			return v, true
		}
	}
	var zero T
	return zero, false
}

func TestShowsWhoWhereScopesAndExpiry(t *testing.T) {
	t.Parallel()
	d, _, sess := start(t, uitest.SessionOptions{User: "alice"})
	for _, want := range []string{
		"Account on " + sess.Settings.Host(), "Signed in as    alice", "Server          " + sess.Settings.BaseURL,
		"user:read, project:read, project:version:create", "Token expires   ", "(in 59m)",
		"Token stored in the system keyring",
	} {
		if !strings.Contains(d.Screen(), want) {
			t.Errorf("screen lacks %q", want)
		}
	}
	if t.Failed() {
		t.Log(d.Screen())
	}
}

func TestSignOutAsksFirstAndNoIsTheDefault(t *testing.T) {
	t.Parallel()
	d, m, sess := start(t, uitest.SessionOptions{User: "alice"})
	d.Press("s")
	if !m.Capturing() || !strings.Contains(d.Screen(), "Sign out of "+sess.Settings.Host()+"?") {
		t.Fatalf("no question:\n%s", d.Screen())
	}
	if started := d.Step(uitest.Key("enter")); len(started) != 0 || m.confirming || m.signingOut {
		t.Fatalf("enter started %v: a sign-out", started)
	}
	if sess.Keyring.Len() != 1 {
		t.Fatalf("the keyring holds %d tokens", sess.Keyring.Len())
	}
	if u, _, err := sess.Client.GetUser(t.Context(), api.Me); err != nil || u.Username != "alice" {
		t.Fatalf("after No: %v, %v", u, err)
	}
}

func TestSignOutRemovesTheTokenAndOffersSignIn(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name      string
		noKeyring bool
		removed   string
	}{
		{"keyring", false, "removed the token from the system keyring."},
		{"plain-text file", true, "(plain text, readable only by you)."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			d, m, sess := start(t, uitest.SessionOptions{User: "alice", NoKeyring: tc.noKeyring})
			d.Press("s", "y")
			d.WaitForText("Not signed in to " + sess.Settings.Host())
			if !strings.Contains(flat(d.Screen()), tc.removed) {
				t.Fatalf("screen:\n%s", d.Screen())
			}
			if sess.Keyring.Len() != 0 {
				t.Fatal("the keyring still holds the token")
			}
			if _, err := os.Stat(sess.Store.FilePath()); !errors.Is(err, os.ErrNotExist) {
				t.Fatalf("the token file is still there: %v", err)
			}
			if _, err := sess.Store.Load(t.Context(), sess.Settings.Host()); !errors.Is(err, auth.ErrSignInNeeded) {
				t.Fatalf("Load after sign-out = %v", err)
			}
			if _, _, err := sess.Client.GetUser(t.Context(), api.Me); !errors.Is(err, auth.ErrSignInNeeded) {
				t.Fatalf("the running client still signs requests: %v", err)
			}
			d.WaitFor("the root to be told", func() bool { _, ok := seen[common.SignedOutMsg](d); return ok })
			d.Press("enter")
			d.WaitFor("the sign-in to open", func() bool {
				o, ok := seen[common.OpenMsg](d)
				return ok && o.Route == route.SignIn.Key()
			})
			if m.Capturing() {
				t.Fatal("the screen still holds the keys")
			}
		})
	}
}

func TestANewSignInReloads(t *testing.T) {
	t.Parallel()
	d, m, sess := start(t, uitest.SessionOptions{User: "alice"})
	d.Press("s", "y")
	d.WaitForText("Not signed in")
	// Another screen signs in as bob and tells everyone.
	tok, err := sess.Server.MintToken("bob", "user:read")
	if err != nil {
		t.Fatal(err)
	}
	sess.Source.Use(&auth.Stored{Host: sess.Settings.Host(), Account: "bob",
		Token: &oauth2.Token{AccessToken: tok, Expiry: time.Now().Add(time.Hour)}})
	d.Send(common.SignedInMsg{Account: common.Account{Name: "bob"}})
	d.WaitForText("Signed in as    bob")
	if m.signedOut || strings.Contains(d.Screen(), "Signed out:") {
		t.Fatalf("the old sign-out is still shown:\n%s", d.Screen())
	}
}

func TestRefusedTokenOffersSignIn(t *testing.T) {
	t.Parallel()
	sess := uitest.NewSession(t, uitest.SessionOptions{})
	sess.Source.Use(&auth.Stored{Host: sess.Settings.Host(), Account: "alice", Where: auth.Location{Kind: auth.KindKeyring},
		Token: &oauth2.Token{AccessToken: "tok-refused-by-the-server", Expiry: time.Now().Add(time.Hour)}})
	c := uitest.Common(t)
	c.Session = sess
	m := New(c)
	d := uitest.NewDriver(t, uitest.Screen{S: m, Me: sess.Client}, 80, 24)
	d.WaitForText("the server refused the token")
	if !m.canSignIn() || !strings.Contains(d.Screen(), "Press enter to sign in again.") {
		t.Fatalf("screen:\n%s", d.Screen())
	}
	if strings.Contains(d.Raw(), "tok-refused-by-the-server") {
		t.Fatal("the token is on screen")
	}
}

func TestEnvTokenStaysInUse(t *testing.T) {
	t.Parallel()
	d, m, sess := start(t, uitest.SessionOptions{EnvUser: "dave"})
	if !strings.Contains(d.Screen(), "Signed in as    dave") || !strings.Contains(d.Screen(), "environment variable RDASH_TOKEN") {
		t.Fatalf("screen:\n%s", d.Screen())
	}
	if m.canSignIn() {
		t.Fatal("sign-in offered while RDASH_TOKEN would override it")
	}
	d.Press("s")
	d.WaitForText("RDASH_TOKEN stays set")
	// The sign-out and what its reply starts run here, one step at a time,
	// so every message the screen sends after it is seen.
	replies := d.Step(uitest.Key("y"))
	if len(replies) != 1 {
		t.Fatalf("y started %v, not the sign-out alone", replies)
	}
	after := d.Step(replies[0])
	for _, msg := range after {
		if _, ok := msg.(common.SignedOutMsg); ok {
			t.Fatal("the root was told of a sign-out, but RDASH_TOKEN still signs in")
		}
	}
	d.Feed(after...)
	d.WaitFor("the sign-out", func() bool {
		return strings.Contains(flat(d.Screen()), "RDASH_TOKEN is still set and signs rdash in until you unset it.")
	})
	if u, _, err := sess.Client.GetUser(t.Context(), api.Me); err != nil || u.Username != "dave" {
		t.Fatalf("the token from RDASH_TOKEN was dropped: %v, %v", u, err)
	}
	for _, s := range sess.Secrets() {
		if strings.Contains(d.Raw(), s) {
			t.Fatal("a secret is on screen")
		}
	}
}

// flat is the screen's words on one line, however they were wrapped.
func flat(s string) string { return strings.Join(strings.Fields(s), " ") }
