package cmd

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"rdash/api/sandbox"
	"rdash/config"
)

func pending(t *testing.T, admin *cli, org string) []string {
	t.Helper()
	var invs listJSON[invitationJSON]
	if err := json.Unmarshal([]byte(admin.ok("invitations", "list", org, "--json")), &invs); err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, inv := range invs.Items {
		names = append(names, inv.Username)
	}
	return names
}

// as returns a cli for another user on the same sandbox.
func (c *cli) as(user string) *cli {
	c.t.Helper()
	tok, err := c.srv.MintToken(user, "user:read", "project:read", "org:member:create")
	if err != nil {
		c.t.Fatal(err)
	}
	env := map[string]string{}
	for k, v := range c.env {
		env[k] = v
	}
	env["RDASH_TOKEN"] = tok
	return &cli{t: c.t, env: env, srv: c.srv}
}

func TestInvitationTransitions(t *testing.T) {
	t.Parallel()
	alice := newCLI(t, "alice", sandbox.Options{})
	dave, bob := alice.as("dave"), alice.as("bob")

	if got := pending(t, alice, "emberforge"); !strings.Contains(strings.Join(got, ","), "dave") {
		t.Fatalf("pending = %v, want dave", got)
	}
	// pending → accepted, by the invitee.
	if r := dave.run("", "invitations", "accept", "emberforge", "--yes"); r.code != 0 || !strings.Contains(r.err, "accepted:") {
		t.Fatalf("accept: %d %s", r.code, r.err)
	}
	// pending → rejected, by the invitee.
	if r := dave.run("", "invitations", "reject", "quartz", "--yes"); r.code != 0 {
		t.Fatalf("reject: %d %s", r.code, r.err)
	}
	// (none) → pending by a member with MEMBER_CREATE, then → cancelled.
	bob.ok("invitations", "send", "--yes", "emberforge", "erin", "--role", "Tester", "--permission", "project:version:update")
	if got := pending(t, bob, "emberforge"); strings.Join(got, ",") != "erin" {
		t.Fatalf("pending after send = %v, want [erin] (dave accepted)", got)
	}
	bob.ok("invitations", "cancel", "emberforge", "erin", "--yes")
	if got := pending(t, alice, "emberforge"); len(got) != 0 {
		t.Fatalf("pending after cancel = %v", got)
	}
}

func TestInvitationWording(t *testing.T) {
	t.Parallel()
	alice := newCLI(t, "alice", sandbox.Options{})
	tests := []struct {
		name string
		who  string
		args []string
		code int
		want string
	}{
		{"member without MEMBER_CREATE lists", "carol", []string{"list", "emberforge"}, ExitFailure, "needs the owner or a member with the MEMBER_CREATE permission"},
		{"stranger invites", "erin", []string{"send", "emberforge", "frank", "--yes"}, ExitFailure, "you cannot manage invitations of emberforge"},
		{"stranger accepts", "erin", []string{"accept", "emberforge", "--yes"}, ExitFailure, "no pending invitation for you"},
		{"unknown org", "alice", []string{"list", "nope"}, ExitFailure, "no organization nope"},
		{"invite twice", "alice", []string{"send", "emberforge", "dave", "--yes"}, ExitFailure, "already has a pending invitation"},
		{"reject needs yes", "dave", []string{"reject", "emberforge"}, ExitCancel, "pass --yes"},
		{"cancel needs yes", "alice", []string{"cancel", "emberforge", "dave"}, ExitCancel, "pass --yes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := alice.as(tt.who).run("", append([]string{"invitations"}, tt.args...)...)
			if r.code != tt.code || !strings.Contains(r.err, tt.want) {
				t.Fatalf("exit %d, stderr %q; want exit %d and %q", r.code, r.err, tt.code, tt.want)
			}
		})
	}
}

func TestAcceptUsesRememberedUsernameWhenServerCannotSay(t *testing.T) {
	t.Parallel()
	alice := newCLI(t, "alice", sandbox.Options{})
	tok, err := alice.srv.MintToken("dave", "project:read") // no user:read: /users/@me is refused
	if err != nil {
		t.Fatal(err)
	}
	dave := alice.as("dave")
	dave.env["RDASH_TOKEN"] = tok
	if r := dave.run("", "invitations", "accept", "emberforge"); r.code != ExitCancel || !strings.Contains(r.err, "RDASH_USERNAME") {
		t.Fatalf("without a username: exit %d %q", r.code, r.err)
	}
	if err := (config.State{Username: "dave"}).Save(dave.env["RDASH_STATE_DIR"]); err != nil {
		t.Fatal(err)
	}
	if r := dave.run("", "invitations", "accept", "emberforge", "--yes"); r.code != 0 {
		t.Fatalf("with the remembered username: exit %d %q", r.code, r.err)
	}
}

// An invitee pastes the invitation link; rdash takes the organization
// from it, accepts, and remembers the organization for the dashboard.
func TestAcceptFromAPastedLink(t *testing.T) {
	t.Parallel()
	alice := newCLI(t, "alice", sandbox.Options{})
	dave := alice.as("dave")
	link := "https://example.com/orgs/emberforge/invitations/dave"
	if r := dave.run("", "invitations", "accept", link, "--yes"); r.code != 0 || !strings.Contains(r.err, "accepted:") {
		t.Fatalf("accept %s: %d %s", link, r.code, r.err)
	}
	st, err := config.LoadState(dave.env["RDASH_STATE_DIR"])
	if err != nil || !slices.Contains(st.Orgs, "emberforge") {
		t.Fatalf("emberforge not remembered: %v %v", st.Orgs, err)
	}
	if r := dave.run("", "invitations", "reject", "https://example.com/projects/lumen", "--yes"); r.code != ExitCancel ||
		!strings.Contains(r.err, "/orgs/ORG/") {
		t.Fatalf("a link without an organization: %d %s", r.code, r.err)
	}
}

// TestAcceptALinkAsItsInvitee: against a server that does not say who is
// signed in (strict: no /users/@me) and no username configured, a link
// that names the invitee is answered as that user, and rdash says so; the
// server checks it, so another user's link is refused in words.
func TestAcceptALinkAsItsInvitee(t *testing.T) {
	t.Parallel()
	dave := newCLI(t, "dave", sandbox.Options{Strict: true})
	link := "https://example.com/orgs/emberforge/invitations/dave"
	r := dave.as("erin").run("", "invitations", "accept", link, "--yes")
	if r.code != ExitFailure || !strings.Contains(r.err, "Answering as dave") || !strings.Contains(r.err, "you are not dave") {
		t.Fatalf("erin accepts dave's link: exit %d\n%s", r.code, r.err)
	}
	r = dave.run("", "invitations", "accept", link, "--yes", "--json")
	if r.code != 0 || !strings.Contains(r.err, "Answering as dave, the invitee the link names") {
		t.Fatalf("accept %s: exit %d\n%s", link, r.code, r.err)
	}
	var got invitationActionJSON
	if err := json.Unmarshal([]byte(r.out), &got); err != nil || got.User != "dave" || got.Org != "emberforge" || got.Action != "accepted" {
		t.Fatalf("JSON %+v (%v):\n%s", got, err, r.out)
	}
	r = dave.run("", "invitations", "reject", "https://example.com/orgs/quartz/invitations/dave", "--yes")
	if r.code != 0 || !strings.Contains(r.err, "Answering as dave") || !strings.Contains(r.err, "rejected the invitation to quartz") {
		t.Fatalf("reject by link: exit %d\n%s", r.code, r.err)
	}
}

// TestInvitationActionsShowThePlanFirst: without a terminal and without
// --yes, each invitation action prints what it would do before "not
// asking without a terminal", as the versions commands print their plan;
// with --json the plan goes to standard error, which holds no JSON.
func TestInvitationActionsShowThePlanFirst(t *testing.T) {
	t.Parallel()
	alice := newCLI(t, "alice", sandbox.Options{})
	dave := alice.as("dave")
	for _, tc := range []struct {
		c    *cli
		args []string
		plan string
	}{
		{alice, []string{"invitations", "send", "emberforge", "erin", "--role", "Tester", "--permission", "project:version:update"},
			"will invite erin to emberforge as Tester, with permissions project:version:update\n"},
		{alice, []string{"invitations", "send", "emberforge", "erin"}, "will invite erin to emberforge with no role, with no permissions\n"},
		{alice, []string{"invitations", "cancel", "emberforge", "dave"}, "will cancel dave's pending invitation to emberforge\n"},
		{dave, []string{"invitations", "accept", "emberforge"}, "will accept the invitation to emberforge, as usrDave0 (what membership it gives, the interface does not say)\n"},
		{dave, []string{"invitations", "reject", "quartz"}, "will reject the invitation to quartz, as usrDave0: it cannot be taken back\n"},
	} {
		r := tc.c.run("", tc.args...)
		if r.code != ExitCancel || r.out != tc.plan || !strings.Contains(r.err, "not asking without a terminal") {
			t.Errorf("rdash %q: exit %d, stdout %q, stderr %q; want the plan %q, then the refusal", tc.args, r.code, r.out, r.err, tc.plan)
		}
		r = tc.c.run("", append(tc.args, "--json")...)
		if r.out != "" || !strings.HasPrefix(r.err, tc.plan) {
			t.Errorf("rdash %q --json: stdout %q, stderr %q; want the plan on stderr", tc.args, r.out, r.err)
		}
	}
	if n := writes(alice); n != 0 {
		t.Errorf("%d writes", n)
	}
}

// TestSendNotFoundSaysWhich: a 404 on invitations send says which of
// the organization and the invitee is missing when the server names it.
func TestSendNotFoundSaysWhich(t *testing.T) {
	t.Parallel()
	c := newCLI(t, "alice", sandbox.Options{})
	for _, tc := range []struct{ org, user, want string }{
		{"emberforge", "nobody", `rdash: there is no user nobody to invite (the server: invitee: no user "nobody")`},
		{"stonecraft", "erin", `rdash: there is no organization stonecraft (the server: no organization "stonecraft")`},
	} {
		r := c.run("", "invitations", "send", tc.org, tc.user, "--yes")
		if r.code != ExitFailure || !strings.HasPrefix(r.err, tc.want) {
			t.Errorf("send %s %s: exit %d, stderr %q; want %q", tc.org, tc.user, r.code, r.err, tc.want)
		}
	}
}
