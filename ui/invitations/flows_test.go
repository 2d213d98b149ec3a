package invitations

import (
	"context"
	"slices"
	"strings"
	"testing"

	"rdash/api"
	"rdash/config"
	"rdash/internal/explain"
	"rdash/ui/common"
	"rdash/ui/internal/uitest"
)

func TestOrganizationsFromEverySource(t *testing.T) {
	t.Parallel()
	// emberforge comes from alice's projects and, by ID, from the config;
	// quartz from the config; nope was remembered in an earlier run.
	w := start(t, setup{orgs: []string{"orgEmber", "quartz"}, state: config.State{Orgs: []string{"nope"}}})
	var got []string
	for _, o := range w.m.orgs {
		got = append(got, o.label())
	}
	if want := []string{"emberforge", "quartz", "nope"}; !slices.Equal(got, want) {
		t.Fatalf("organizations = %v, want %v", got, want)
	}
	if o := w.m.find("orgEmber"); o.src != fromProjects || o.name != "Emberforge Studios" || !o.canManage() {
		t.Fatalf("emberforge = %+v", o)
	}
	w.requireScreen("emberforge      Emberforge Studios    you manage invitations · 1 pending",
		"quartz", "you may have an invitation here", "nope", "no such organization")
	w.selectOrg("nope")
	w.requireDetail("No organization nope.")
}

// TestPermissionCases walks each kind of user through the screen and
// checks the words they get.
func TestPermissionCases(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, user, org string
		typed           bool
		summary, detail string
		keys            []string
	}{
		{"owner", "alice", "emberforge", false, "you manage invitations · 1 pending",
			"You manage the invitations of emberforge", []string{"n invite"}},
		{"member with MEMBER_CREATE", "bob", "emberforge", false, "you manage invitations · 1 pending",
			"You manage the invitations of emberforge", []string{"n invite"}},
		{"member without it", "carol", "emberforge", false, "cannot manage invitations",
			"You cannot manage invitations of emberforge: that needs the owner or a member allowed to invite members",
			nil},
		{"invitee", "dave", "emberforge", true, "you may have an invitation here",
			"You may have an invitation here: a accept · x reject", []string{"a accept", "x reject"}},
		{"stranger", "erin", "quartz", true, "you may have an invitation here",
			"You cannot manage invitations of quartz", []string{"a accept", "x reject"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			w := start(t, setup{user: tt.user})
			if tt.typed {
				w.addOrg(tt.org)
			}
			w.selectOrg(tt.org)
			w.requireScreen(tt.summary)
			w.requireDetail(tt.detail)
			keys := w.helpKeys()
			for _, k := range tt.keys {
				if !slices.Contains(keys, k) {
					t.Errorf("help %v lacks %q", keys, k)
				}
			}
			if !tt.typed && len(tt.keys) == 0 && (slices.Contains(keys, "a accept") || slices.Contains(keys, "n invite")) {
				t.Errorf("a member without MEMBER_CREATE is offered %v", keys)
			}
			if strings.Contains(w.d.Screen(), "403") || strings.Contains(w.d.Screen(), "Forbidden") {
				t.Errorf("a raw status reached the screen:\n%s", w.d.Screen())
			}
		})
	}
}

func TestStrangerIsToldThereIsNoInvitation(t *testing.T) {
	t.Parallel()
	w := start(t, setup{user: "erin"})
	w.addOrg("emberforge")
	w.d.Press("a", "y")
	w.waitProblem("accepting the invitation to emberforge: There is no pending invitation for you (erin) in emberforge.")
	w.d.Press("x", "y")
	w.waitProblem("rejecting the invitation to emberforge: There is no pending invitation for you (erin) in emberforge.")
}

func TestSendByAdmin(t *testing.T) {
	t.Parallel()
	w := start(t, setup{user: "bob"})
	w.d.Press("n")
	if !w.m.Capturing() || w.m.dialog == nil || w.m.dialog.kind != inviteDialog {
		t.Fatal("n did not open the invite form")
	}
	w.requireScreen("Invite someone to emberforge", "Invitee", "Role", "Permissions", "invite members",
		"delete versions", "Other permissions")
	w.d.Type("erin")
	w.d.Press("enter")
	w.d.Type("Tester")
	w.d.Press("enter")
	w.d.Press("down", "down", "space") // project:version:update
	w.d.Press("enter")
	w.d.Type("MEMBER_CREATE, project:version:update") // a repeat is sent once
	w.d.Press("enter")
	w.waitStatus("sent: erin's invitation to emberforge is pending, as sent")
	w.requireScreen("you manage invitations · 2 pending", "erin          Erin Eastwood       Tester")
	w.d.Press("G")
	w.requireDetail("erin (Erin Eastwood) is invited to emberforge as Tester, allowed to edit versions, invite members.")
	if got := w.pending("alice", "emberforge"); !slices.Equal(got, []string{"dave", "erin"}) {
		t.Fatalf("pending on the server = %v", got)
	}
}

func TestSendConflictIsExplainedAndKeepsTheForm(t *testing.T) {
	t.Parallel()
	w := start(t, setup{})
	w.d.Press("n")
	w.d.Type("dave")
	w.d.Press("enter", "enter", "enter", "enter")
	w.waitProblem("inviting dave to emberforge: Dave already has a pending invitation to emberforge, or is already a member.")
	w.d.Press("n")
	if got := w.m.dialog.draft.invitee; got != "dave" {
		t.Fatalf("the form starts from %q, not the failed attempt", got)
	}
}

func TestInviteRequiresAnInvitee(t *testing.T) {
	t.Parallel()
	w := start(t, setup{})
	w.d.Press("n")
	invitee := w.m.dialog.form.GetFocusedField()
	// enter on each of the four fields would send the form: each key's
	// commands, and the form's answers to them, run here before the next.
	for range 4 {
		for _, msg := range w.d.Step(uitest.Key("enter")) {
			w.d.Feed(msg)
		}
	}
	if w.m.dialog == nil || w.m.acting != nil || w.sent() != 0 {
		t.Fatal("an empty invitee was accepted")
	}
	if w.m.dialog.form.GetFocusedField() != invitee {
		t.Fatal("the form moved on from the empty invitee")
	}
	w.requireScreen("the invitee is required")
	w.d.Press("esc")
	if w.m.dialog != nil || w.m.Capturing() {
		t.Fatal("esc did not close the form")
	}
}

func TestCancelByAdmin(t *testing.T) {
	t.Parallel()
	w := start(t, setup{})
	w.d.Press("j") // dave's invitation
	if !slices.Contains(w.helpKeys(), "x cancel") {
		t.Fatalf("help = %v", w.helpKeys())
	}
	w.d.Press("x")
	w.requireScreen("Cancel dave's invitation to emberforge?", "Cancel it", "No")
	w.d.Press("enter") // the default is No: the form ends, and says so
	w.waitStatus("kept: nothing sent")
	if w.sent() != 0 || w.m.acting != nil || w.m.dialog != nil {
		t.Fatal("enter on the confirmation cancelled the invitation")
	}
	w.d.Press("x", "y")
	w.waitStatus("cancelled: dave's invitation is no longer pending")
	w.requireScreen("you manage invitations · none pending")
	if got := w.pending("alice", "emberforge"); len(got) != 0 {
		t.Fatalf("pending on the server = %v", got)
	}
}

func TestAcceptByInvitee(t *testing.T) {
	t.Parallel()
	w := start(t, setup{user: "dave"})
	w.addOrg("emberforge")
	w.d.Press("a")
	w.requireScreen("Accept the invitation to emberforge?", "You answer as dave. What membership accepting gives, the interface does")
	w.d.Press("esc")
	if w.sent() != 0 {
		t.Fatal("esc accepted")
	}
	w.d.Press("a", "y")
	w.waitStatus("accepted: answered with success; not checked: you may not list its invitations")
	w.requireScreen("you accepted its invitation")
	w.requireDetail("The server answered with success. " +
		"Not checked: only a member allowed to invite members may list emberforge's invitations. " +
		"What membership it gives, the interface does not say.")
	if slices.Contains(w.helpKeys(), "a accept") {
		t.Fatal("accepting is still offered")
	}
	if got := w.pending("alice", "emberforge"); slices.Contains(got, "dave") {
		t.Fatalf("dave is still invited: %v", got)
	}
	ps, _, err := w.as("dave").ListUserProjects(context.Background(), api.Me)
	if err != nil || !slices.ContainsFunc(ps, func(p api.Project) bool { return p.Slug == "emberforge-core" }) {
		t.Fatalf("dave is not a member: %v, %v", ps, err)
	}
}

func TestRejectByInvitee(t *testing.T) {
	t.Parallel()
	w := start(t, setup{user: "dave"})
	w.addOrg("quartz")
	w.d.Press("x")
	w.requireScreen("Reject the invitation to quartz?", "Reject", "No")
	w.d.Press("y")
	w.waitStatus("rejected: answered with success; not checked: you may not list its invitations")
	w.requireScreen("you rejected its invitation")
	if got := w.pending("frank", "quartz"); len(got) != 0 {
		t.Fatalf("pending on the server = %v", got)
	}
}

func TestTypedOrganizationIsRememberedOnceItExists(t *testing.T) {
	t.Parallel()
	w := start(t, setup{user: "dave"})
	w.addOrg("nope")
	w.addOrg("quartz")
	// Remembering is a message to the root that arrives after the
	// screen has settled: wait for it rather than race it.
	w.d.WaitFor("quartz remembered", func() bool { return slices.Equal(w.st.Orgs, []string{"quartz"}) })
	w.addOrg("Quartz") // the same one: nothing new
	if !slices.Equal(w.st.Orgs, []string{"quartz"}) || len(w.m.orgs) != 2 {
		t.Fatalf("remembered %v, listed %d", w.st.Orgs, len(w.m.orgs))
	}
	w.requireScreen("nope", "no such organization")
	if r, _ := w.m.selected(); r.org.label() != "quartz" {
		t.Fatalf("the cursor is on %s", r.org.label())
	}
}

// noMe is a server that does not answer GET /users/@me.
type noMe struct{ *api.Client }

func (noMe) GetUser(context.Context, string) (*api.User, *api.Response, error) {
	return nil, nil, &api.Error{StatusCode: 404}
}

func TestUsernameIsAskedOnceWhenTheServerCannotSay(t *testing.T) {
	t.Parallel()
	dave, _ := uitest.Sandbox(t, "dave")
	w := start(t, setup{client: noMe{dave}})
	w.addOrg("quartz")
	w.d.Press("a")
	if w.m.dialog == nil || w.m.dialog.kind != whoDialog {
		t.Fatalf("no question about the username:\n%s", w.d.Screen())
	}
	w.requireScreen("Who are you on this server?", "Your username")
	w.d.Type("dave")
	w.d.Press("enter")
	w.d.WaitFor("the username to be remembered", func() bool { return w.st.Username == "dave" })
	w.requireScreen("Accept the invitation to quartz?", "you are dave (remembered)")
	w.d.Press("y")
	w.waitStatus("accepted: answered with success; not checked: you may not list its invitations")
}

func TestUsernameFromConfigOrState(t *testing.T) {
	t.Parallel()
	for _, s := range []setup{{username: "dave"}, {state: config.State{Username: "dave"}}} {
		dave, _ := uitest.Sandbox(t, "dave")
		s.client = noMe{dave}
		w := start(t, s)
		w.addOrg("quartz")
		w.d.Press("x")
		w.requireScreen("Reject the invitation to quartz?")
		w.d.Press("y")
		w.waitStatus("rejected: answered with success; not checked: you may not list its invitations")
	}
}

func TestStaleRepliesAreDropped(t *testing.T) {
	t.Parallel()
	w := start(t, setup{})
	o := w.m.find("emberforge")
	w.d.Send(invitationsLoadedMsg{org: "emberforge", seq: o.seq - 1, err: &api.Error{StatusCode: 403}})
	w.d.Send(actionDoneMsg{seq: 999, act: action{op: explain.OpSend, org: "emberforge"}})
	if !o.canManage() || len(o.invs) != 1 || len(w.statuses()) != 0 {
		t.Fatalf("a stale reply changed the screen: %+v", o)
	}
	w.d.Press("r") // a refresh supersedes the load in flight
	first := o.seq
	w.d.Press("r")
	if o.seq == first {
		t.Fatal("a refresh reused a request id")
	}
	w.settle()
}

func TestFailuresAreWords(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		err    error
		detail string
		report string // what reaches the root, when the failure blocks
	}{
		{"server error", &api.Error{StatusCode: 502}, "could not be loaded: The server failed (502); try again in a moment. r retries.", ""},
		{"signed out", &api.Error{StatusCode: 401, Message: "invalid token"}, "could not be loaded: The server did not accept your sign-in",
			"loading invitations of emberforge: The server did not accept your sign-in"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			w := start(t, setup{client: uitest.Failing{Err: tt.err}, orgs: []string{"emberforge"}})
			w.requireScreen("emberforge", "could not load invitations")
			w.requireDetail(tt.detail)
			w.requireDetail("You may have an invitation here: a accept · x reject")
			if tt.report != "" {
				w.waitProblem(tt.report)
				if got := w.refreshReports(); len(got) != 1 {
					t.Fatalf("a refresh that failed again reported %q", got)
				}
				return
			}
			if got := w.refreshReports(); len(got) != 0 {
				t.Fatalf("a failure the screen explains was also reported: %q", got)
			}
		})
	}
}

func TestFormsTakeEveryKey(t *testing.T) {
	t.Parallel()
	w := start(t, setup{})
	w.d.Press("n")
	w.d.Type("qoarx")
	if got := w.m.dialog.form.GetFocusedField().GetValue(); got != "qoarx" {
		t.Fatalf("the invitee field holds %v", got)
	}
	w.d.Press("esc")
	w.d.Press("o")
	w.d.Type("qnx")
	if !w.m.Capturing() || w.m.input.Value() != "qnx" || w.m.dialog != nil {
		t.Fatalf("keys did not type: %q", w.m.input.Value())
	}
	w.d.Press("esc")
	if w.m.Capturing() || len(w.m.orgs) != 1 {
		t.Fatal("esc did not give up the organization")
	}
}

// hostile is a server whose organization and invitation text carries
// escape sequences and control characters.
type hostile struct{ *api.Client }

const evil = "\x1b]52;c;cHduZWQ=\x07\x1b[2J\x9b31m\u202e"

func (hostile) ListUserProjects(context.Context, string) ([]api.Project, *api.Response, error) {
	org := &api.Organization{ID: "orgEvil", Slug: "evil" + evil, Name: "Evil" + evil + " Org"}
	return []api.Project{{ID: "prjEvil", Slug: "evil-core", Organization: org}}, nil, nil
}

func (hostile) ListInvitations(context.Context, string) ([]api.Invitation, *api.Response, error) {
	in := api.Invitation{ID: "usrEvil" + evil, Username: "mallory" + evil, Name: "Mal" + evil,
		MemberRole: "Role" + evil, Permissions: []api.Permission{api.Permission("perm" + evil)}}
	return []api.Invitation{in}, nil, nil
}

func TestServerTextIsMadeSafe(t *testing.T) {
	t.Parallel()
	alice, _ := uitest.Sandbox(t, "alice")
	w := start(t, setup{client: hostile{alice}})
	w.requireScreen("mallory", "Evil")
	for _, keys := range [][]string{nil, {"j"}, {"x"}} {
		w.d.Press(keys...)
		uitest.RequireTerminalSafe(t, w.d.Raw())
		uitest.RequireFits(t, w.d.Screen(), 80, 21)
	}
	w.requireScreen("Cancel mallory")
}

func TestAWrongUsernameIsAskedAgain(t *testing.T) {
	t.Parallel()
	dave, _ := uitest.Sandbox(t, "dave")
	w := start(t, setup{client: noMe{dave}, state: config.State{Username: "erin"}})
	w.addOrg("quartz")
	w.d.Press("a", "y")
	w.waitProblem("accepting the invitation to quartz: Only the invited user can accept an invitation to quartz, and you are not erin.")
	w.d.WaitFor("the wrong name to be forgotten", func() bool { return w.st.Username == "" })
	w.d.Press("a")
	if w.m.dialog == nil || w.m.dialog.kind != whoDialog {
		t.Fatalf("the username is not asked again:\n%s", w.d.Screen())
	}
}

func TestNoColorStillShowsTheFocusedButton(t *testing.T) {
	t.Parallel()
	w := start(t, setup{user: "dave"})
	w.m.common.Styles = common.NewStyles(common.Theme{NoColor: true})
	w.addOrg("quartz")
	w.d.Press("x")
	raw := w.d.Raw()
	if !strings.Contains(raw, "\x1b[7m> No\x1b[m") || strings.Contains(raw, "> Reject") {
		t.Fatalf("No is not the button in reverse video, marked >:\n%q", raw)
	}
	w.d.Press("right") // to Reject
	if raw := w.d.Raw(); !strings.Contains(raw, "\x1b[7m> Reject\x1b[m") || strings.Contains(raw, "> No") {
		t.Fatalf("Reject is not in reverse video, marked >, once chosen:\n%q", raw)
	}
}

// TestAnswerBeforeTheListLoads types an organization and answers at once,
// as a burst of keys over SSH or from tmux does.
func TestAnswerBeforeTheListLoads(t *testing.T) {
	t.Parallel()
	w := start(t, setup{user: "dave"})
	w.d.Press("o")
	w.d.Type("quartz")
	w.d.Press("enter", "x", "y") // nothing is fed back in between
	w.waitStatus("rejected: answered with success; not checked: you may not list its invitations")
}

// held holds DELETE /invitations until release is closed.
type held struct {
	*api.Client
	release chan struct{}
}

func (h held) DeleteInvitation(ctx context.Context, org, user string) (*api.Response, error) {
	select {
	case <-h.release:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	return h.Client.DeleteInvitation(ctx, org, user)
}

// esc while a change is in flight would close the screen and cancel the
// request, and the user would never learn whether it was applied: the
// screen keeps esc and says what it waits for.
func TestEscWaitsForTheChangeInFlight(t *testing.T) {
	t.Parallel()
	alice, _ := uitest.Sandbox(t, "alice")
	h := held{Client: alice, release: make(chan struct{})}
	w := start(t, setup{client: h})
	w.d.Press("j", "x", "y") // cancel dave's invitation
	if w.m.acting == nil || !w.m.Capturing() {
		t.Fatalf("acting %v, capturing %v: esc would leave the screen", w.m.acting != nil, w.m.Capturing())
	}
	w.d.Press("esc")
	w.d.WaitFor("the refusal", func() bool {
		return slices.Contains(w.statuses(), "wait: still cancelling dave's invitation to emberforge")
	})
	close(h.release)
	w.waitStatus("cancelled: dave's invitation is no longer pending")
	if w.m.Capturing() {
		t.Fatal("the screen still keeps esc after the change ended")
	}
}

// No is the default: enter on it used to close the question silently.
func TestEnterOnNoSaysNothingWasSent(t *testing.T) {
	t.Parallel()
	w := start(t, setup{user: "dave"})
	w.addOrg("emberforge")
	w.d.Press("a")
	w.requireScreen("Accept the invitation to emberforge?")
	w.d.Press("enter")
	w.waitStatus("kept: nothing sent")
	if w.sent() != 0 {
		t.Fatal("enter on No accepted")
	}
}

// An invitee pastes the invitation link into the organization field.
func TestPastedInvitationLinkNamesTheOrganization(t *testing.T) {
	t.Parallel()
	w := start(t, setup{user: "dave"})
	w.addOrg("https://example.com/orgs/quartz/invitations/dave")
	if r, _ := w.m.selected(); r.org.label() != "quartz" {
		t.Fatalf("selected %q", r.org.label())
	}
	w.d.WaitFor("quartz remembered", func() bool { return slices.Equal(w.st.Orgs, []string{"quartz"}) })
	w.d.Press("o")
	w.d.Type("https://example.com/projects/lumen")
	w.d.Press("enter")
	w.waitStatus("no organization in \"https://example.com/projects/lumen\": give its slug or ID, or a link with /orgs/ORG/ in it")
	if !w.m.input.Focused() {
		t.Fatal("the field closed on a link without an organization")
	}
}

// A role is sent as typed, however long: the document sets no limit, so the
// form neither cuts it nor refuses it, and the server judges (the default
// sandbox takes 64 characters, and says so).
func TestRoleIsSentAsTyped(t *testing.T) {
	t.Parallel()
	w := start(t, setup{user: "bob"})
	w.d.Press("n")
	w.d.Type("erin")
	w.d.Press("enter")
	w.d.Type(strings.Repeat("r", 70))
	w.d.Press("enter", "enter", "enter")
	w.waitProblem("64")
	if got := w.pending("alice", "emberforge"); !slices.Equal(got, []string{"dave"}) {
		t.Fatalf("pending on the server = %v: a cut role was sent", got)
	}
	w.d.Press("n")
	if got := w.m.dialog.draft.role; got != strings.Repeat("r", 70) {
		t.Fatalf("the form starts again from the role %q, not the one typed", got)
	}
}
