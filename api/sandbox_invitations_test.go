package api_test

import (
	"errors"
	"slices"
	"testing"

	"rdash/api"
	"rdash/api/sandbox"
)

func invitees(t *testing.T, c *api.Client, org string) []string {
	t.Helper()
	inv, _, err := c.ListInvitations(t.Context(), org)
	if err != nil {
		t.Fatalf("ListInvitations(%s): %v", org, err)
	}
	var names []string
	for _, in := range inv {
		if in.Accepted {
			t.Errorf("a pending invitation of %s is marked accepted", in.Username)
		}
		names = append(names, in.Username)
	}
	return names
}

func TestSandboxInvitations(t *testing.T) {
	t.Parallel()
	env := startSandbox(t, sandbox.Options{})
	ctx := t.Context()
	alice, _ := env.as(t, "alice", nil)
	bob, _ := env.as(t, "bob", nil)
	dave, _ := env.as(t, "dave", nil)
	erin, _ := env.as(t, "erin", nil)
	frank, _ := env.as(t, "frank", nil)

	inv, _, err := alice.ListInvitations(ctx, "emberforge")
	if err != nil || len(inv) != 1 || inv[0].Username != "dave" || inv[0].MemberRole != "Developer" ||
		!slices.Equal(inv[0].Permissions, []api.Permission{"project:version:create"}) {
		t.Fatalf("emberforge invitations = %+v, %v", inv, err)
	}
	if got := invitees(t, bob, "emberforge"); !slices.Equal(got, []string{"dave"}) {
		t.Errorf("bob (MEMBER_CREATE) sees %v", got)
	}

	// Invite, refuse a second invitation and a member, cancel.
	req := &api.InvitationRequest{Invitee: "erin", Role: "Tester", Permissions: []api.Permission{"project:version:update"}}
	if resp, err := bob.CreateInvitation(ctx, "emberforge", req); err != nil || resp.StatusCode != 201 {
		t.Fatalf("CreateInvitation(erin) = %v, %v", resp, err)
	}
	if got := invitees(t, alice, "emberforge"); !slices.Equal(got, []string{"dave", "erin"}) {
		t.Errorf("after inviting erin: %v", got)
	}
	for _, who := range []string{"erin", "carol"} {
		if _, err := alice.CreateInvitation(ctx, "emberforge", &api.InvitationRequest{Invitee: who}); !errors.Is(err, api.ErrConflict) {
			t.Errorf("inviting %s again = %v, want 409", who, err)
		}
	}
	if _, err := alice.CreateInvitation(ctx, "emberforge", &api.InvitationRequest{Invitee: "nobody"}); !errors.Is(err, api.ErrNotFound) {
		t.Errorf("inviting an unknown user = %v, want 404", err)
	}
	if _, err := alice.DeleteInvitation(ctx, "emberforge", "erin"); err != nil {
		t.Errorf("cancel erin: %v", err)
	}
	if got := invitees(t, alice, "emberforge"); !slices.Equal(got, []string{"dave"}) {
		t.Errorf("after cancelling erin: %v", got)
	}

	// Only the invitee accepts; accepting makes a member.
	if _, err := erin.AcceptInvitation(ctx, "emberforge", "dave"); !errors.Is(err, api.ErrForbidden) {
		t.Errorf("erin accepting dave's invitation = %v, want 403", err)
	}
	if _, err := erin.AcceptInvitation(ctx, "emberforge", "erin"); !errors.Is(err, api.ErrNotFound) {
		t.Errorf("erin accepting without an invitation = %v, want 404", err)
	}
	if _, err := dave.AcceptInvitation(ctx, "emberforge", "dave"); err != nil {
		t.Fatalf("dave accepts: %v", err)
	}
	if got := invitees(t, alice, "emberforge"); len(got) != 0 {
		t.Errorf("after dave accepted: %v pending", got)
	}
	ps, _, err := dave.ListUserProjects(ctx, api.Me)
	if err != nil || len(ps) != 1 || ps[0].Slug != "emberforge-core" {
		t.Errorf("dave's projects after joining = %+v, %v", ps, err)
	}
	if _, err := dave.AcceptInvitation(ctx, "emberforge", "dave"); !errors.Is(err, api.ErrNotFound) {
		t.Errorf("accepting twice = %v, want 404", err)
	}

	// The invitee rejects.
	if got := invitees(t, frank, "quartz"); !slices.Equal(got, []string{"dave"}) {
		t.Fatalf("quartz invitations = %v", got)
	}
	if _, err := dave.DeleteInvitation(ctx, "quartz", "usrDave0"); err != nil {
		t.Errorf("dave rejects quartz by user ID: %v", err)
	}
	if got := invitees(t, frank, "quartz"); len(got) != 0 {
		t.Errorf("after dave rejected: %v pending", got)
	}
	if _, _, err := alice.ListInvitations(ctx, "nowhere"); !errors.Is(err, api.ErrNotFound) {
		t.Errorf("unknown organization = %v, want 404", err)
	}
}
