package invitations

import (
	"cmp"
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"rdash/api"
	"rdash/api/sandbox"
	"rdash/config"
	"rdash/internal/explain"
	"rdash/internal/verify"
	"rdash/internal/verify/verifytest"
	"rdash/ui/common"
	"rdash/ui/internal/uitest"
	"rdash/ui/statusbar"
)

// behind is a client signed in as user to a sandbox behind choices (a
// server that answers otherwise than the sandbox), and a way to mint
// tokens of that sandbox.
func behind(t *testing.T, user string, choices ...func(mint func(string) string) verifytest.Choice) *api.Client {
	t.Helper()
	srv, _ := uitest.Start(t)
	mint := func(u string) string {
		tok, err := srv.MintToken(u, config.AllScopes()...)
		if err != nil {
			t.Error(err)
		}
		return tok
	}
	h := srv.Handler()
	for _, c := range choices {
		h = c(mint)(h, sandbox.APIPrefix)
	}
	hs := httptest.NewServer(h)
	t.Cleanup(hs.Close)
	return uitest.Client(t, hs.URL+sandbox.APIPrefix, mint(user))
}

// readableAfterAnswer lets anyone read an organization's invitations as
// owner would (verifytest.ListsInvitationsAs) once an invitation was
// answered: an invitee's check can read them, and until then the screen
// offers the invitee the answer.
func readableAfterAnswer(owner string) func(func(string) string) verifytest.Choice {
	return func(mint func(string) string) verifytest.Choice {
		tok := mint(owner)
		var answered atomic.Bool
		return func(h http.Handler, apiPrefix string) http.Handler {
			readable := verifytest.ListsInvitationsAs(func() string { return tok })(h, apiPrefix)
			return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if r.Method != http.MethodGet && strings.Contains(r.URL.Path, "/invitations/") {
					answered.Store(true)
				}
				if answered.Load() {
					readable.ServeHTTP(w, r)
					return
				}
				h.ServeHTTP(w, r)
			})
		}
	}
}

func fixed(c verifytest.Choice) func(func(string) string) verifytest.Choice {
	return func(func(string) string) verifytest.Choice { return c }
}

// keepsOnAccept answers an accept with 204 and keeps the invitation.
func keepsOnAccept(h http.Handler, apiPrefix string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := strings.TrimPrefix(r.URL.Path, apiPrefix)
		if r.Method == http.MethodPatch && strings.HasPrefix(p, "/orgs/") && strings.Contains(p, "/invitations/") {
			w.WriteHeader(http.StatusNoContent)
			return
		}
		h.ServeHTTP(w, r)
	})
}

// TestAcceptSaysWhatTheListShows: after an accept the server answered
// with success, the status says what the list read after it shows, and
// nothing says what membership it gave.
func TestAcceptSaysWhatTheListShows(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name           string
		client         func(t *testing.T) *api.Client
		status, detail string
	}{
		{"checked", func(t *testing.T) *api.Client { return behind(t, "dave", readableAfterAnswer("alice")) },
			"accepted: the invitation to emberforge is no longer pending",
			"You accepted the invitation to emberforge: the server no longer lists it as pending. " +
				"What membership it gives, the interface does not say."},
		{"not checked", func(t *testing.T) *api.Client { return behind(t, "dave") },
			"accepted: answered with success; not checked: you may not list its invitations",
			"The server answered with success. " +
				"Not checked: only a member allowed to invite members may list emberforge's invitations. " +
				"What membership it gives, the interface does not say."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			w := start(t, setup{client: tt.client(t)})
			w.addOrg("emberforge")
			w.d.Press("a", "y")
			w.waitStatus(tt.status)
			w.requireDetail(tt.detail)
			w.requireScreen("you accepted its invitation")
			// The status and the re-read come in one batch, in either order.
			w.d.WaitFor("the lists of the user's projects read again", w.sawMemberships)
		})
	}
}

// sawMemberships reports that the screen asked every list of the user's
// projects to be read again.
func (w *world) sawMemberships() bool {
	for _, msg := range w.d.Seen {
		if _, ok := msg.(common.MembershipsChangedMsg); ok {
			return true
		}
	}
	return false
}

// TestStillPendingIsAnError: a server that answers an accept, a reject or
// a cancel with success and still lists the invitation did not do it,
// whatever it answered: an error, and the invitation is still offered.
func TestStillPendingIsAnError(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, org string
		keys      []string
		client    func(t *testing.T) *api.Client
		problem   string
	}{
		{"accept", "emberforge", []string{"a", "y"},
			func(t *testing.T) *api.Client {
				return behind(t, "dave", fixed(keepsOnAccept), readableAfterAnswer("alice"))
			},
			"Not accepted: the server still lists your invitation to emberforge."},
		{"reject", "quartz", []string{"x", "y"},
			func(t *testing.T) *api.Client {
				return behind(t, "dave", fixed(verifytest.KeepsInvitations), readableAfterAnswer("frank"))
			},
			"Not rejected: the server still lists your invitation to quartz."},
		{"cancel", "", []string{"j", "x", "y"},
			func(t *testing.T) *api.Client { return behind(t, "alice", fixed(verifytest.KeepsInvitations)) },
			"Not cancelled: the server still lists dave's invitation."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			w := start(t, setup{client: tt.client(t)})
			if tt.org != "" {
				w.addOrg(tt.org)
			}
			w.d.Press(tt.keys...)
			w.waitProblem(tt.problem)
			if s := w.statuses(); len(s) != 0 {
				t.Fatalf("a status says it was done: %q", s)
			}
			if o := w.m.find(cmp.Or(tt.org, "emberforge")); !strings.Contains(o.outcome, "The server answered with success, yet still lists") {
				t.Fatalf("%s says %q", o.label(), o.outcome)
			}
			if w.sawMemberships() {
				t.Fatal("an accept that did not happen changed the lists of the user's projects")
			}
			for _, o := range w.m.orgs {
				if o.answered != "" {
					t.Fatalf("%s is marked %s", o.label(), o.answered)
				}
			}
		})
	}
}

// listFailsAfterSend answers the list of invitations with 503 once an
// invitation was sent, and passes everything else to the sandbox.
type listFailsAfterSend struct {
	*api.Client
	sent atomic.Bool
}

func (c *listFailsAfterSend) CreateInvitation(ctx context.Context, org string, r *api.InvitationRequest) (*api.Response, error) {
	resp, err := c.Client.CreateInvitation(ctx, org, r)
	c.sent.Store(err == nil)
	return resp, err
}

func (c *listFailsAfterSend) ListInvitations(ctx context.Context, org string) ([]api.Invitation, *api.Response, error) {
	if c.sent.Load() {
		return nil, nil, &api.Error{StatusCode: 503, Message: "Service Unavailable"}
	}
	return c.Client.ListInvitations(ctx, org)
}

// TestSendSaysHowTheListDiffers: an invitation the server lists otherwise
// than it was sent names what differs; one the list cannot show after it
// says the server answered with success, and that it was not checked.
func TestSendSaysHowTheListDiffers(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name           string
		client         func(t *testing.T) Client
		status, detail string
	}{
		{"differs", func(t *testing.T) Client { return behind(t, "alice", fixed(verifytest.DropsRole)) },
			"sent: erin's invitation differs in role and permissions",
			`You invited erin to emberforge, but not as sent: the server's invitation gives the role "", not "Tester" as sent; ` +
				"the server's invitation lacks the permission to edit versions, which was sent."},
		{"not checked", func(t *testing.T) Client { return &listFailsAfterSend{Client: behind(t, "alice")} },
			"sent: answered with success; not checked: listing its invitations failed",
			"You invited erin to emberforge: the server answered with success. Not checked: listing emberforge's invitations failed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			w := start(t, setup{client: tt.client(t)})
			w.d.Press("n")
			w.d.Type("erin")
			w.d.Press("enter")
			w.d.Type("Tester")
			w.d.Press("enter", "down", "down", "space", "enter", "enter") // edit versions
			w.waitStatus(tt.status)
			w.requireDetail(tt.detail)
		})
	}
}

// TestStatusesFitAnEightyColumnBar: every status an action can end with
// fits the status bar of an 80-column terminal whole, beside the spinner
// of the list loading again, with the longest names a status keeps.
func TestStatusesFitAnEightyColumnBar(t *testing.T) {
	t.Parallel()
	org, who := strings.Repeat("o", 40), strings.Repeat("w", 30)
	bar := statusbar.New(common.NewStyles(common.Theme{Dark: true}))
	bar.SetWidth(80)
	bar.SetBusy("loading invitations of " + org)
	each := []checked{
		{rep: verify.InvitationReport{Checked: true}},
		{rep: verify.InvitationReport{Unchecked: "not checked: x"}, barred: true},
		{rep: verify.InvitationReport{Unchecked: "not checked: x"}},
	}
	gone := append(each, checked{rep: verify.InvitationReport{Checked: true, StillPending: true}})
	sent := append(each,
		checked{rep: verify.InvitationReport{Checked: true, Differences: []verify.Difference{{Field: "role"}, {Field: "permissions"}}}},
		checked{rep: verify.InvitationReport{Checked: true, Differences: []verify.Difference{{Field: "invitation"}}}})
	for op, reports := range map[explain.InvitationOp][]checked{
		explain.OpAccept: gone, explain.OpReject: gone, explain.OpCancel: gone, explain.OpSend: sent,
	} {
		for _, c := range reports {
			out := said(action{op: op, orgLabel: org, who: who}, c)
			text := out.status
			if out.notDone != nil {
				text = "✗ " + common.Describe(out.notDone).Text()
			}
			if w := common.Width(text); w > 79 {
				t.Errorf("%d cells: %q", w, text)
			}
			if out.notDone == nil {
				bar.Info(0, text)
				if !strings.Contains(bar.View(), text) {
					t.Errorf("the bar cuts %q: %q", text, bar.View())
				}
			}
		}
	}
}

// TestNoTextClaimsMembership: the interface leaves an accept's effect on
// membership unstated, so nothing the screen shows claims one: not the
// question, the status, the detail, the goldens, nor the line of an
// organization that holds one of the user's projects.
func TestNoTextClaimsMembership(t *testing.T) {
	t.Parallel()
	var said []string
	keep := func(w *world) {
		said = append(said, w.d.Screen(), w.m.detail())
		said = append(said, w.statuses()...)
		said = append(said, w.problems()...)
	}
	w := start(t, setup{user: "dave"})
	w.addOrg("emberforge")
	w.d.Press("a")
	keep(w)
	w.d.Press("y")
	w.waitStatus("accepted")
	keep(w)
	w = start(t, setup{client: behind(t, "dave", readableAfterAnswer("alice"))})
	w.addOrg("emberforge")
	w.d.Press("a", "y")
	w.waitStatus("accepted")
	keep(w)
	keep(start(t, setup{user: "carol"}))
	goldens, _ := filepath.Glob("testdata/TestGolden/*/*.golden")
	if len(goldens) == 0 {
		t.Fatal("no goldens found")
	}
	for _, g := range goldens {
		b, err := os.ReadFile(g)
		if err != nil {
			t.Fatal(err)
		}
		said = append(said, string(b))
	}
	for _, s := range said {
		flat := strings.ToLower(strings.Join(strings.Fields(s), " "))
		for _, claim := range []string{"member of", "you join", "a member now", "now a member", "are a member"} {
			if strings.Contains(flat, claim) {
				t.Errorf("claims a membership (%q):\n%s", claim, s)
			}
		}
	}
}
