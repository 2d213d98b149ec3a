package ui

import (
	"regexp"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"rdash/api"
	"rdash/api/sandbox/sandboxtest"
	"rdash/auth"
	"rdash/ui/account"
	"rdash/ui/common"
	"rdash/ui/internal/uitest"
	"rdash/ui/picker"
	"rdash/ui/route"
	"rdash/ui/signin"
	"rdash/ui/versions"
)

// startSession runs the dashboard on a real auth-backed session.
func startSession(t *testing.T, sess *uitest.Session, project string) (*uitest.Driver, *Model) {
	t.Helper()
	cfg := uitest.Config()
	cfg.BaseURL = sess.Settings.BaseURL
	m := New(Options{Client: sess.Client, Config: cfg, Now: uitest.Now, Context: t.Context(),
		Project: project, Session: sess})
	return uitest.NewDriver(t, m, 80, 24), m
}

// startSessionWith is startSession with c as the dashboard's client.
func startSessionWith(t *testing.T, sess *uitest.Session, c Client) (*uitest.Driver, *Model) {
	t.Helper()
	cfg := uitest.Config()
	cfg.BaseURL = sess.Settings.BaseURL
	m := New(Options{Client: c, Config: cfg, Now: uitest.Now, Context: t.Context(), Session: sess})
	return uitest.NewDriver(t, m, 80, 24), m
}

// signInAs copies the URL from the focused sign-in screen, approves it as
// user in the browser and pastes the address it ended on.
func signInAs(t *testing.T, d *uitest.Driver, m *Model, user string) {
	t.Helper()
	d.WaitFor("the sign-in screen", func() bool { _, ok := m.top().(*signin.Model); return ok })
	d.WaitForText("on any machine")
	n := len(d.Clipboard())
	d.Press("y")
	d.WaitFor("the URL copied", func() bool { return len(d.Clipboard()) > n })
	loc := sandboxtest.NewBrowser(t).MustDecide(d.Clipboard()[n], user, "approve")
	d.Send(tea.PasteMsg{Content: loc})
	d.Press("enter")
}

func TestSignInFromThePanelGoesBackAndRetries(t *testing.T) {
	t.Parallel()
	sess := uitest.NewSession(t, uitest.SessionOptions{Mode: auth.ModePaste})
	d, m := startSession(t, sess, "lumen")
	d.WaitForText("Signed out")
	if !strings.Contains(d.Screen(), "enter sign in") || !strings.Contains(d.Screen(), "Press enter to sign in again") ||
		strings.Contains(d.Screen(), "rdash auth login") {
		t.Fatalf("the panel offers no sign-in:\n%s", d.Screen())
	}
	d.Press("enter")
	d.WaitFor("the sign-in screen", func() bool { _, ok := m.top().(*signin.Model); return ok })
	if !strings.Contains(lines(d.Screen())[0], "projects › sign in") {
		t.Fatalf("header = %q", lines(d.Screen())[0])
	}
	if !strings.Contains(d.Screen(), "Signed out while opening lumen") {
		t.Fatalf("the sign-in does not say what it is for:\n%s", d.Screen())
	}
	signInAs(t, d, m, "alice")
	d.WaitForText("Signed in as alice — press r to retry opening lumen")
	if _, ok := m.top().(*picker.Model); !ok || len(m.stack) != 1 {
		t.Fatalf("not back where the user was: %d screens, top %T", len(m.stack), m.top())
	}
	if !strings.Contains(lines(d.Screen())[0], "@alice") || !strings.Contains(d.Screen(), "r retry") {
		t.Fatalf("header or footer:\n%s", d.Screen())
	}
	d.Press("?")
	if !regexp.MustCompile(`\br +retry`).MatchString(d.Screen()) {
		t.Fatalf("the help does not list r, which works:\n%s", d.Screen())
	}
	d.Press("esc")
	d.Press("r")
	d.WaitForText("25 of 25 · page 1")
	if _, ok := m.top().(*versions.Model); !ok || m.retry != nil {
		t.Fatal("r did not run the failed action once")
	}
}

// TestAccountSignOutAndInAgain signs out on the account screen and in
// again as bob. The picker's lists are held, so the order that once made
// this test wait in vain under load is the one it always runs: alice's
// first list answers only after the sign-out, and bob's only after the
// user is back on the picker.
func TestAccountSignOutAndInAgain(t *testing.T) {
	t.Parallel()
	sess := uitest.NewSession(t, uitest.SessionOptions{Mode: auth.ModePaste, User: "alice"})
	c := &heldProjects{Client: sess.Client}
	c.hold()
	d, m := startSessionWith(t, sess, c)
	d.WaitForText("@alice")
	d.Press("@")
	d.WaitFor("the account screen", func() bool { _, ok := m.top().(*account.Model); return ok })
	d.WaitForText("Signed in as    alice")
	d.Press("s", "y")
	d.WaitForText("Not signed in to")
	d.WaitFor("the header to drop the user", func() bool { return !strings.Contains(lines(d.Screen())[0], "@alice") })
	if sess.Keyring.Len() != 0 {
		t.Fatal("the token is still in the keyring")
	}
	c.release() // alice's list, asked before the sign-out, comes too late to count
	c.hold()
	d.Press("enter")
	signInAs(t, d, m, "bob")
	d.WaitForText("Signed in as    bob")
	if _, ok := m.top().(*account.Model); !ok || !strings.Contains(lines(d.Screen())[0], "@bob") {
		t.Fatalf("not back on the account screen as bob:\n%s", d.Screen())
	}
	if strings.Contains(d.Screen(), "retry") {
		t.Fatalf("r offered with nothing to retry:\n%s", d.Screen())
	}
	d.Press("esc")
	if strings.Contains(d.Screen(), "lumen") {
		t.Fatalf("the picker lists alice's projects for bob:\n%s", d.Screen())
	}
	c.release()
	d.WaitForText("YOUR PROJECTS") // bob's, through the same client
	if !strings.Contains(d.Screen(), "emberforge-core") || strings.Contains(d.Screen(), "lumen") {
		t.Fatalf("the picker does not list bob's projects:\n%s", d.Screen())
	}
	d.Press("enter")
	d.WaitFor("bob's project", func() bool { return len(m.stack) == 2 })
	if got := lines(d.Screen())[0]; !strings.Contains(got, "projects › emberforge-core") {
		t.Fatalf("header = %q", got)
	}
}

func TestNoSessionNoSignInOrAccount(t *testing.T) {
	t.Parallel()
	_, m := start(t, setup{})
	if m.hasRoute(route.SignIn.Key()) || m.hasRoute(route.Account.Key()) {
		t.Fatal("sign-in or account offered without a session to act on")
	}
}

// A blocking error that arrives while the user types in a field (a
// debounced search failing) must not turn the next letters into panel
// actions: q does not quit, r does not retry, enter does not sign in.
func TestPanelOverAFieldKeepsOnlyEsc(t *testing.T) {
	t.Parallel()
	sess := uitest.NewSession(t, uitest.SessionOptions{Mode: auth.ModePaste, User: "alice"})
	d, m := startSession(t, sess, "lumen")
	d.WaitForText("25 of 25")
	d.Press("/")
	d.Type("x")
	retried := false
	d.Send(common.ErrorMsg{Err: api.ErrUnauthorized, Context: "searching lumen",
		Retry: func() tea.Msg { retried = true; return nil }})
	d.WaitForText("Signed out")
	if foot := lines(d.Screen())[23]; strings.Contains(foot, "quit") || strings.Contains(foot, "retry") {
		t.Fatalf("footer offers panel actions over a field: %q", foot)
	}
	// Each key's commands run here, to the end, before the next key: all
	// that q, r and enter start is seen.
	for _, k := range []string{"q", "r", "enter"} {
		for _, msg := range d.Step(uitest.Key(k)) {
			inner := msg
			if e, ok := msg.(envelope); ok {
				inner = e.msg // the field's own: its debounce, its cursor
			}
			if _, quit := inner.(tea.QuitMsg); quit {
				t.Fatalf("%s quit", k)
			}
			if root, _ := forRoot(inner); root {
				t.Fatalf("%s asked the root for %T", k, inner)
			}
			d.Feed(msg)
		}
	}
	if retried || m.panel == nil {
		t.Fatalf("a typed key acted on the panel: retried %v, panel %v", retried, m.panel != nil)
	}
	if _, ok := m.top().(*versions.Model); !ok {
		t.Fatalf("enter left the versions screen for %T", m.top())
	}
	d.Press("esc") // dismisses the panel; the field had the letters and the enter
	if m.panel != nil || !strings.Contains(d.Screen(), "search: “xqr”") {
		t.Fatalf("esc did not dismiss the panel, or the field lost the keys:\n%s", d.Screen())
	}
}
