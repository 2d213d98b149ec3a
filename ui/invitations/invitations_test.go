package invitations

import (
	"cmp"
	"context"
	"slices"
	"strings"
	"testing"

	"rdash/api"
	"rdash/api/sandbox"
	"rdash/config"
	"rdash/ui/common"
	"rdash/ui/internal/uitest"
)

type setup struct {
	user     string   // signed in to the sandbox; alice when empty
	client   Client   // replaces the sandbox client when set
	orgs     []string // the config file's organizations
	username string   // the config file's username
	state    config.State
	w, h     int
	// shared, when set, is a started screen whose sandbox this one uses
	// too, signed in as user; tests that build many screens save the
	// sandbox's start.
	shared *world
}

// world is a started screen and what the test needs around it.
type world struct {
	t   *testing.T
	d   *uitest.Driver
	m   *Model
	st  *config.State // the State as the root would keep it
	srv *sandbox.Server
	api *api.Client // the screen's sandbox client
}

func start(t *testing.T, s setup) *world {
	t.Helper()
	w := &world{t: t}
	if s.shared != nil {
		w.srv, w.api = s.shared.srv, s.shared.as(cmp.Or(s.user, "alice"))
	} else {
		w.api, w.srv = uitest.Sandbox(t, cmp.Or(s.user, "alice"))
	}
	client := Client(w.api)
	me := common.UserGetter(w.api) // plays the root's GET /users/@me
	if s.client != nil {
		client = s.client
		if g, ok := s.client.(common.UserGetter); ok {
			me = g
		}
	}
	if s.w == 0 {
		s.w, s.h = 80, 21 // the body of an 80x24 terminal
	}
	c := uitest.Common(t)
	c.Config.Orgs, c.Config.Username = s.orgs, s.username
	c.State = s.state
	st := s.state
	w.st = &st
	w.m = New(c, client)
	w.d = uitest.NewDriver(t, uitest.Screen{S: w.m, State: &st, Me: me}, s.w, s.h)
	w.settle()
	return w
}

// settle feeds replies until nothing is loading or running.
func (w *world) settle() {
	w.t.Helper()
	w.d.WaitFor("the screen to settle", func() bool { return w.m.Busy() == "" })
}

// as returns a client of the same sandbox signed in as user, to check
// what the server holds.
func (w *world) as(user string) *api.Client {
	w.t.Helper()
	tok, err := w.srv.MintToken(user, config.AllScopes()...)
	if err != nil {
		w.t.Fatal(err)
	}
	return uitest.Client(w.t, w.api.BaseURL().String(), tok)
}

// pending lists the usernames invited to org, as its owner sees them.
func (w *world) pending(owner, org string) []string {
	w.t.Helper()
	invs, _, err := w.as(owner).ListInvitations(context.Background(), org)
	if err != nil {
		w.t.Fatalf("list %s as %s: %v", org, owner, err)
	}
	var names []string
	for _, in := range invs {
		names = append(names, in.Username)
	}
	return names
}

// addOrg types an organization and waits for its answer.
func (w *world) addOrg(key string) {
	w.t.Helper()
	w.d.Press("o")
	w.d.Type(key)
	w.d.Press("enter")
	w.settle()
}

// selectOrg moves the cursor to the organization's line.
func (w *world) selectOrg(key string) {
	w.t.Helper()
	for i, r := range w.m.rows {
		if r.inv == nil && r.org.matches(key) {
			w.m.cursor = i
			return
		}
	}
	w.t.Fatalf("no organization %s on screen:\n%s", key, w.d.Screen())
}

// statuses and problems are what reached the status bar.
func (w *world) statuses() []string {
	var out []string
	for _, msg := range w.d.Seen {
		if s, ok := msg.(common.StatusMsg); ok {
			out = append(out, s.Text)
		}
	}
	return out
}

func (w *world) problems() []string {
	var out []string
	for _, msg := range w.d.Seen {
		if e, ok := msg.(common.ErrorMsg); ok {
			out = append(out, e.Context+": "+common.Describe(e.Err).Text())
		}
	}
	return out
}

// waitStatus waits for a status note containing text.
func (w *world) waitStatus(text string) {
	w.t.Helper()
	w.d.WaitFor("status "+text, func() bool {
		return slices.ContainsFunc(w.statuses(), func(s string) bool { return strings.Contains(s, text) })
	})
	w.settle()
}

// waitProblem waits for a reported error containing text.
func (w *world) waitProblem(text string) {
	w.t.Helper()
	w.d.WaitFor("error "+text, func() bool {
		return slices.ContainsFunc(w.problems(), func(s string) bool { return strings.Contains(s, text) })
	})
	w.settle()
}

// sent counts the changes the screen sent.
func (w *world) sent() int {
	n := 0
	for _, msg := range w.d.Seen {
		if _, ok := msg.(actionDoneMsg); ok {
			n++
		}
	}
	return n
}

func (w *world) requireScreen(want ...string) {
	w.t.Helper()
	scr := w.d.Screen()
	for _, s := range want {
		if !strings.Contains(scr, s) {
			w.t.Fatalf("screen lacks %q:\n%s", s, scr)
		}
	}
}

func (w *world) requireDetail(want string) {
	w.t.Helper()
	if got := w.m.detail(); !strings.Contains(got, want) {
		w.t.Fatalf("detail = %q, want it to contain %q", got, want)
	}
}

// helpKeys are the keys the footer offers now.
func (w *world) helpKeys() []string {
	var out []string
	for _, b := range w.m.ShortHelp() {
		out = append(out, b.Help().Key+" "+b.Help().Desc)
	}
	return out
}

// refreshReports presses r and runs here, to the end, the requests it
// starts and what their replies start: it returns the errors the screen
// reported for them, every one there is.
func (w *world) refreshReports() []string {
	w.t.Helper()
	var out []string
	for _, reply := range w.d.Step(uitest.Key("r")) {
		for _, msg := range w.d.Step(reply) {
			if e, ok := msg.(common.ErrorMsg); ok {
				out = append(out, e.Context+": "+common.Describe(e.Err).Text())
			}
			w.d.Feed(msg)
		}
	}
	return out
}
