package ui

import (
	"strings"
	"testing"

	"rdash/api"
	"rdash/api/sandbox"
	"rdash/auth"
	"rdash/ui/account"
	"rdash/ui/internal/uitest"
	"rdash/ui/invitations"
	"rdash/ui/picker"
	"rdash/ui/versions"
)

// The tests here run the dashboard against the sandbox's strict profile:
// a server that follows the interface document and no more. The document
// has no /users routes, so who is signed in (GET /users/@me) and their
// projects (GET /users/@me/projects) are a plain 404.

// strictSandbox is a client signed in as user to a strict server.
func strictSandbox(t *testing.T, user string) *api.Client {
	t.Helper()
	c, _ := uitest.SandboxWith(t, user, sandbox.Options{Now: uitest.Now, Strict: true})
	return c
}

// strictSession is a dashboard session signed in as user on a strict
// server; its Client sends the session's token.
func strictSession(t *testing.T, user string) *uitest.Session {
	t.Helper()
	return uitest.NewSession(t, uitest.SessionOptions{Mode: auth.ModePaste, User: user,
		Sandbox: sandbox.Options{Now: uitest.Now, Strict: true}})
}

// The picker on a server that does not list the user's projects says so
// and offers what works: a typed slug, then recent and pinned projects.
func TestStrictServerPickerOffersRecentPinnedAndTyped(t *testing.T) {
	t.Parallel()
	d, m := start(t, setup{client: strictSandbox(t, "alice")})
	settle(d, m)
	scr := d.Screen()
	if !strings.Contains(scr, "This server does not list your projects") || strings.Contains(scr, "YOUR PROJECTS") ||
		strings.Contains(scr, "No projects yet") {
		t.Fatalf("the picker does not say the server cannot list the projects:\n%s", scr)
	}
	for _, want := range []string{"Nothing pinned or recent yet. Press / and type a project's slug or ID",
		"open one by its slug or ID (/), and those you open stay under RECENT; p pins one."} {
		if !strings.Contains(flat(scr), want) {
			t.Errorf("the picker does not offer %q:\n%s", want, scr)
		}
	}
	d.Press("/")
	d.Type("lumen")
	d.Press("enter")
	d.WaitFor("the typed project", func() bool { _, ok := m.top().(*versions.Model); return ok })
	d.Press("esc")
	d.WaitForText("RECENT")
	d.Press("p")
	d.WaitForText("PINNED")
	if !strings.Contains(d.Screen(), "★ lumen") || !strings.Contains(d.Screen(), "does not list your projects") {
		t.Fatalf("lumen is not pinned, or the note went:\n%s", d.Screen())
	}
}

// The account screen on a server that does not say who is signed in
// says so, where the name it shows comes from, and what the session's
// check (as rdash auth status makes it) showed: the strict sandbox
// answers the probe conclusively. A server where the probe settles
// nothing (lookup first) is the varied contract's "not verified" case.
func TestStrictServerAccountSaysWhatItCannotKnow(t *testing.T) {
	t.Parallel()
	sess := strictSession(t, "alice")
	d, m := startSessionWith(t, sess, sess.Client)
	settle(d, m)
	d.Press("@")
	d.WaitFor("the account screen", func() bool { _, ok := m.top().(*account.Model); return ok })
	settle(d, m)
	scr := flat(d.Screen())
	for _, want := range []string{
		"Signed in as alice (the name given at sign-in); the server does not say whose the token is (it has no GET /users/@me), " +
			"but it accepted the token on GET /orgs/rdash-token-check/invitations",
	} {
		if !strings.Contains(scr, want) {
			t.Errorf("the account screen lacks %q", want)
		}
	}
	for _, bad := range []string{"from the config", "404", "page not found", "not verified"} {
		if strings.Contains(scr, bad) {
			t.Errorf("the account screen says %q", bad)
		}
	}
	if t.Failed() {
		t.Log("\n" + d.Screen())
	}
}

// An invitee on a strict server types the organization, says who they
// are once, and accepts, as today.
func TestStrictServerInviteeAccepts(t *testing.T) {
	t.Parallel()
	d, m := start(t, setup{client: strictSandbox(t, "dave")})
	settle(d, m)
	d.Press("i")
	d.WaitFor("the invitations", func() bool { _, ok := m.top().(*invitations.Model); return ok })
	settle(d, m)
	if !strings.Contains(flat(d.Screen()), "This server does not list your projects") {
		t.Fatalf("the invitations screen does not say why no organization is listed:\n%s", d.Screen())
	}
	d.Press("o")
	d.Type("emberforge")
	d.Press("enter")
	d.WaitForText("you may have an invitation here")
	d.Press("a")
	d.WaitForText("Who are you on this server?")
	d.Type("dave")
	d.Press("enter")
	d.WaitForText("Accept the invitation to emberforge?")
	d.Press("y")
	d.WaitForText("accepted: answered with success; not checked: you may not list its invitations")
	d.Press("esc")
	if _, ok := m.top().(*picker.Model); !ok {
		t.Fatalf("esc did not go back to the picker:\n%s", d.Screen())
	}
	settle(d, m)
	if !strings.Contains(d.Screen(), "does not list your projects") {
		t.Fatalf("after the accept the picker lost its note:\n%s", d.Screen())
	}
}

// flat is the screen's words on one line, however they were wrapped.
func flat(s string) string { return strings.Join(strings.Fields(s), " ") }
