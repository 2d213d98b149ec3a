package ui_test

import (
	"regexp"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"rdash/api/sandbox"
	"rdash/api/sandbox/sandboxtest"
	"rdash/auth"
	"rdash/ui"
	"rdash/ui/internal/uitest"
)

// The dashboard's side of the contract test (cmd/contract_test.go has the
// command line's): every screen opened through the driver against both
// sandbox profiles, the default one and the strict one, which serves only
// what the interface document states. Each screen must show what it is
// for, or say honestly what the server does not tell; fit the terminal;
// and never show a Go error string, a token or a control character.

// screenCase opens one screen: reach drives the dashboard there, then the
// texts of want (or strict, against the strict profile) must be on screen.
type screenCase struct {
	name    string
	user    string // signed in at the start; "" starts signed out
	project string // opened at the start
	reach   func(t *testing.T, d *uitest.Driver, sess *uitest.Session)
	want    []string
	strict  []string // when the strict profile's honest screen differs
}

// press returns a reach that presses keys, waiting for each text in
// between: press("enter", "@", ...) presses, "~text" waits.
func press(steps ...string) func(*testing.T, *uitest.Driver, *uitest.Session) {
	return func(t *testing.T, d *uitest.Driver, _ *uitest.Session) {
		t.Helper()
		for _, s := range steps {
			switch {
			case strings.HasPrefix(s, "~"):
				d.WaitForText(s[1:])
			case strings.HasPrefix(s, "type:"):
				d.Type(s[len("type:"):])
			case strings.HasPrefix(s, "find:"):
				find(d, s[len("find:"):])
			default:
				d.Press(s)
			}
		}
	}
}

// find searches the versions table for v and puts the cursor on v's row
// (a search for 2.4.0 also finds 2.4.0-beta.1, in the server's order).
func find(d *uitest.Driver, v string) {
	d.WaitForText("VERSION")
	d.Press("/")
	d.Type(v)
	d.Press("enter")
	d.WaitForText("search: “" + v + "”")
	row := -1
	d.WaitFor(v+" among the rows", func() bool {
		row = rowOf(d.Screen(), v)
		return row >= 0
	})
	for range row {
		d.Press("j")
	}
}

// rowOf is the index, under the table's header, of the row whose first
// column is v; -1 when none is.
func rowOf(screen, v string) int {
	lines := strings.Split(screen, "\n")
	for i, l := range lines {
		if !strings.Contains(l, "VERSION") {
			continue
		}
		for j, r := range lines[i+1:] {
			if f := strings.Fields(r); len(f) > 0 && strings.TrimLeft(f[0], ">") == v {
				return j
			}
		}
		return -1
	}
	return -1
}

// find240 puts the cursor on lumen's 2.4.0 in either profile: the strict
// server lists oldest first, so the first row is not the newest there.
// A search narrows the list to it; "~" steps inside wait for the result.
const find240 = "find:2.4.0"

func screenCases() []screenCase {
	return []screenCase{
		{name: "picker", user: "alice", reach: press(), want: []string{"YOUR PROJECTS", "lumen"},
			strict: []string{"does not list your projects", "type a slug or ID"}},
		{name: "picker, a typed slug", user: "alice", reach: press("/", "type:quartz-ui", "enter", "~1.2.0"), want: []string{"quartz-ui"}},
		{name: "versions", user: "alice", project: "lumen", reach: press("~2.4.0"), want: []string{"25 of 25 · page 1"},
			strict: []string{"25 loaded"}},
		// The server's order is the server's (the strict one lists oldest
		// first): the newest is on top once sorted by created ↓, which
		// loads every version first (the cursor stays on its version: g).
		{name: "versions of 1,500", user: "bob", project: "emberforge-core", reach: press("~server order", "S", "S", "~sort: created ↓", "g"),
			want: []string{"6.19.3", "1,500 of 1,500"}, strict: []string{"6.19.3", "1,500 loaded, no more"}},
		{name: "detail", user: "alice", project: "lumen", reach: press(find240, "enter", "~lumen-2.4.0.jar"), want: []string{"lumen › 2.4.0"}},
		{name: "bulk edit", user: "alice", project: "lumen", reach: press(find240, "space", "e", "~1 version"), want: []string{"edit"}},
		{name: "delete", user: "alice", project: "lumen", reach: press(find240, "space", "D", "~cannot be undone"), want: []string{"2.4.0"}},
		{name: "undo", user: "alice", project: "lumen", reach: press("~2.4.0", "u", "~undo"), want: []string{"Nothing to undo"}},
		{name: "new version", user: "alice", project: "lumen", reach: press("~2.4.0", "n", "~New version of lumen"), want: []string{"release"}},
		{name: "edit version", user: "alice", project: "lumen", reach: press(find240, "enter", "~lumen-2.4.0.jar", "e", "~Edit 2.4.0"),
			want: []string{"Lumen 2.4.0"}},
		{name: "download", user: "alice", project: "lumen", reach: press(find240, "enter", "~lumen-2.4.0.jar", "d", "~download 2.4.0"),
			want: []string{"lumen-2.4.0.jar"}},
		{name: "invitations, an admin", user: "alice", reach: press("i", "~ORGANIZATIONS"), want: []string{"1 pending", "dave"},
			strict: []string{"does not list your projects", "press o"}},
		{name: "invitations, an admin adds the org", user: "alice", reach: press("i", "~ORGANIZATIONS", "o", "type:emberforge", "enter", "~dave"),
			want: []string{"you manage invitations"}},
		{name: "invitations, the invitee adds the org", user: "dave", reach: press("i", "~ORGANIZATIONS", "o", "type:emberforge", "enter", "~emberforge"),
			want: []string{"a accept"}},
		{name: "account", user: "alice", reach: press("@", "~Account on"), want: []string{"Signed in as    alice"},
			strict: []string{"Signed in as    alice", "the server does not say whose the token is", "but it accepted the token on"}},
		{name: "sign in", reach: press("@", "~Press enter to sign in", "enter", "~on any machine"), want: []string{"sign in"}},
		{name: "sign in, completed", reach: signIn("alice"), want: []string{"Signed in as    alice"},
			strict: []string{"Signed in as    unknown", "the server does not say whose the token is", "but it accepted the token on"}},
	}
}

// signIn signs in from the account screen: the browser approves as user and
// the address it ended on is pasted.
func signIn(user string) func(*testing.T, *uitest.Driver, *uitest.Session) {
	return func(t *testing.T, d *uitest.Driver, _ *uitest.Session) {
		t.Helper()
		press("@", "~Press enter to sign in", "enter", "~on any machine")(t, d, nil)
		n := len(d.Clipboard())
		d.Press("y")
		d.WaitFor("the URL copied", func() bool { return len(d.Clipboard()) > n })
		loc := sandboxtest.NewBrowser(t).MustDecide(d.Clipboard()[n], user, "approve")
		d.Send(tea.PasteMsg{Content: loc})
		d.Press("enter")
		d.WaitForText("Signed in as")
	}
}

// goErrorText is what an error meant for a programmer looks like.
var goErrorText = regexp.MustCompile(`json: |cannot unmarshal|invalid character|unexpected end of JSON|strconv\.|%!|<nil>|runtime error|unexpected EOF|dial tcp`)

func TestContractScreens(t *testing.T) {
	t.Parallel()
	for _, p := range sandboxtest.Profiles() {
		for _, sc := range screenCases() {
			t.Run(p.Name+"/"+sc.name, func(t *testing.T) {
				t.Parallel()
				want := sc.want
				if sc.strict != nil && p.Options.Strict {
					want = sc.strict
				}
				runScreen(t, p.Options, sc, want)
			})
		}
	}
}

// runScreen opens the dashboard against a sandbox of opts, reaches sc's
// screen and waits for the texts of want on it.
func runScreen(t *testing.T, opts sandbox.Options, sc screenCase, want []string) {
	const w, h = 100, 30
	opts.Now = uitest.Now
	sess := uitest.NewSession(t, uitest.SessionOptions{Mode: auth.ModePaste, User: sc.user, Sandbox: opts})
	cfg := uitest.Config()
	cfg.BaseURL = sess.Settings.BaseURL
	cfg.Env.StateDir = t.TempDir() // the journal, for undo
	m := ui.New(ui.Options{Client: sess.Client, Config: cfg, Now: uitest.Now, Context: t.Context(),
		Project: sc.project, Session: sess})
	d := uitest.NewDriver(t, m, w, h)
	d.WaitForText("? help")
	sc.reach(t, d, sess)
	for _, s := range want {
		d.WaitForText(s)
	}
	honestScreen(t, d, sess, w, h)
}

// honestScreen checks what every screen owes: it fits, holds no escape
// but styling, no Go error string and no secret.
func honestScreen(t *testing.T, d *uitest.Driver, sess *uitest.Session, w, h int) {
	t.Helper()
	screen := d.Screen()
	uitest.RequireFits(t, screen, w, h)
	uitest.RequireTerminalSafe(t, d.Raw())
	if m := goErrorText.FindString(screen); m != "" {
		t.Errorf("a Go error string (%q) on screen:\n%s", m, screen)
	}
	for _, secret := range sess.Secrets() {
		if strings.Contains(screen, secret) {
			t.Errorf("a secret on screen:\n%s", screen)
		}
	}
}
