package sandbox_test

import (
	"strings"
	"testing"

	"rdash/api"
	"rdash/api/sandbox"
)

func TestInvitationRequests(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, actor  string
		scopes       []string // nil: every scope
		method, path string
		body         any
		status       int
		parts        []string // of the error message
		pendingAfter []string // usernames still invited to emberforge afterwards, when set
	}{
		{name: "owner lists", actor: "alice", method: "GET", path: "/orgs/emberforge/invitations", status: 200},
		{name: "member with MEMBER_CREATE lists", actor: "bob", method: "GET", path: "/orgs/orgEmber/invitations", status: 200},
		{name: "member without MEMBER_CREATE", actor: "carol", method: "GET", path: "/orgs/emberforge/invitations", status: 403, parts: []string{"carol", "MEMBER_CREATE"}},
		{name: "invitee lists", actor: "dave", method: "GET", path: "/orgs/emberforge/invitations", status: 403},
		{name: "stranger lists", actor: "erin", method: "GET", path: "/orgs/emberforge/invitations", status: 403},
		{name: "other org's owner lists", actor: "frank", method: "GET", path: "/orgs/emberforge/invitations", status: 403},
		{name: "list without the scope", actor: "bob", scopes: []string{"user:read"}, method: "GET", path: "/orgs/emberforge/invitations", status: 403, parts: []string{"org:member:create"}},
		{name: "unknown org", actor: "alice", method: "GET", path: "/orgs/nope/invitations", status: 404},

		{name: "owner invites", actor: "alice", method: "POST", path: "/orgs/emberforge/invitations", body: map[string]any{"invitee": "erin", "role": "Tester", "permissions": []string{"project:version:update"}}, status: 201, pendingAfter: []string{"dave", "erin"}},
		{name: "member invites by ID", actor: "bob", method: "POST", path: "/orgs/emberforge/invitations", body: map[string]any{"invitee": "usrErin0"}, status: 201, pendingAfter: []string{"dave", "erin"}},
		{name: "member without MEMBER_CREATE invites", actor: "carol", method: "POST", path: "/orgs/emberforge/invitations", body: map[string]any{"invitee": "erin"}, status: 403, pendingAfter: []string{"dave"}},
		{name: "stranger invites", actor: "erin", method: "POST", path: "/orgs/emberforge/invitations", body: map[string]any{"invitee": "erin"}, status: 403},
		{name: "invite without the scope", actor: "alice", scopes: []string{"user:read"}, method: "POST", path: "/orgs/emberforge/invitations", body: map[string]any{"invitee": "erin"}, status: 403, parts: []string{"org:member:create"}},
		{name: "invite twice", actor: "alice", method: "POST", path: "/orgs/emberforge/invitations", body: map[string]any{"invitee": "dave"}, status: 409, parts: []string{"dave", "already invited"}},
		{name: "invite a member", actor: "alice", method: "POST", path: "/orgs/emberforge/invitations", body: map[string]any{"invitee": "bob"}, status: 409, parts: []string{"already a member"}},
		{name: "invite the owner", actor: "bob", method: "POST", path: "/orgs/emberforge/invitations", body: map[string]any{"invitee": "alice"}, status: 409},
		{name: "invite nobody", actor: "alice", method: "POST", path: "/orgs/emberforge/invitations", body: map[string]any{"invitee": "mallory"}, status: 404, parts: []string{"invitee", "mallory"}},
		{name: "invitee missing", actor: "alice", method: "POST", path: "/orgs/emberforge/invitations", body: map[string]any{"role": "x"}, status: 400, parts: []string{"invitee", "required"}},
		{name: "unknown permission", actor: "alice", method: "POST", path: "/orgs/emberforge/invitations", body: map[string]any{"invitee": "erin", "permissions": []string{"ADMIN"}}, status: 400, parts: []string{"permissions[0]", "ADMIN"}},
		{name: "permission twice", actor: "alice", method: "POST", path: "/orgs/emberforge/invitations", body: map[string]any{"invitee": "erin", "permissions": []string{"MEMBER_CREATE", "MEMBER_CREATE"}}, status: 400, parts: []string{"permissions[1]", "duplicate"}},
		{name: "role too long", actor: "alice", method: "POST", path: "/orgs/emberforge/invitations", body: map[string]any{"invitee": "erin", "role": strings.Repeat("r", 65)}, status: 400, parts: []string{"role", "64"}},
		{name: "unknown field", actor: "alice", method: "POST", path: "/orgs/emberforge/invitations", body: map[string]any{"invitee": "erin", "member_role": "x"}, status: 400, parts: []string{"unknown field"}},

		{name: "invitee accepts by username", actor: "dave", scopes: []string{"user:read"}, method: "PATCH", path: "/orgs/emberforge/invitations/dave", status: 200, pendingAfter: []string{}},
		{name: "invitee accepts by ID", actor: "dave", method: "PATCH", path: "/orgs/emberforge/invitations/usrDave0", status: 200, pendingAfter: []string{}},
		{name: "stranger accepts for the invitee", actor: "erin", method: "PATCH", path: "/orgs/emberforge/invitations/dave", status: 403, parts: []string{"dave"}, pendingAfter: []string{"dave"}},
		{name: "owner accepts for the invitee", actor: "alice", method: "PATCH", path: "/orgs/emberforge/invitations/dave", status: 403, pendingAfter: []string{"dave"}},
		{name: "invitee names another user", actor: "dave", method: "PATCH", path: "/orgs/emberforge/invitations/erin", status: 403},
		{name: "accept without an invitation", actor: "erin", method: "PATCH", path: "/orgs/emberforge/invitations/erin", status: 404},
		{name: "accept in an unknown org", actor: "dave", method: "PATCH", path: "/orgs/nope/invitations/dave", status: 404},

		{name: "invitee rejects", actor: "dave", scopes: []string{"user:read"}, method: "DELETE", path: "/orgs/emberforge/invitations/dave", status: 204, pendingAfter: []string{}},
		{name: "member cancels", actor: "bob", method: "DELETE", path: "/orgs/emberforge/invitations/usrDave0", status: 204, pendingAfter: []string{}},
		{name: "owner cancels", actor: "alice", method: "DELETE", path: "/orgs/emberforge/invitations/dave", status: 204, pendingAfter: []string{}},
		{name: "member without MEMBER_CREATE cancels", actor: "carol", method: "DELETE", path: "/orgs/emberforge/invitations/dave", status: 403, pendingAfter: []string{"dave"}},
		{name: "stranger cancels", actor: "erin", method: "DELETE", path: "/orgs/emberforge/invitations/dave", status: 403, pendingAfter: []string{"dave"}},
		{name: "other org's owner cancels", actor: "frank", method: "DELETE", path: "/orgs/emberforge/invitations/dave", status: 403, pendingAfter: []string{"dave"}},
		{name: "cancel without the scope", actor: "bob", scopes: []string{"user:read"}, method: "DELETE", path: "/orgs/emberforge/invitations/dave", status: 403, parts: []string{"org:member:create"}, pendingAfter: []string{"dave"}},
		{name: "cancel what is not there", actor: "bob", method: "DELETE", path: "/orgs/emberforge/invitations/erin", status: 404},
		{name: "reject without an invitation", actor: "erin", method: "DELETE", path: "/orgs/emberforge/invitations/erin", status: 404},
		{name: "no token", method: "DELETE", path: "/orgs/emberforge/invitations/dave", status: 401},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := start(t, sandbox.Options{})
			var tok string
			if tt.actor != "" {
				tok = h.token(t, tt.actor, tt.scopes...)
			}
			var b *body
			if tt.body != nil {
				b = jsonBody(t, tt.body)
			}
			r := h.do(t, tt.method, tt.path, tok, b)
			if tt.status >= 400 {
				r.wantError(t, tt.status, tt.parts...)
			} else {
				r.want(t, tt.status)
			}
			if tt.pendingAfter != nil {
				wantEq(t, strings.Join(pending(t, h, "emberforge"), ","), strings.Join(tt.pendingAfter, ","))
			}
		})
	}
}

// pending lists the usernames invited to org, as its owner sees them.
func pending(t *testing.T, h *harness, org string) []string {
	t.Helper()
	owner := map[string]string{"emberforge": "alice", "quartz": "frank"}[org]
	var ins []api.Invitation
	h.do(t, "GET", "/orgs/"+org+"/invitations", h.token(t, owner), nil).want(t, 200).data(t, &ins)
	names := []string{}
	for _, in := range ins {
		names = append(names, in.Username)
	}
	return names
}

func TestInvitationLifecycle(t *testing.T) {
	t.Parallel()
	h := start(t, sandbox.Options{})
	var ins []api.Invitation
	r := h.do(t, "GET", "/orgs/quartz/invitations", h.token(t, "frank"), nil).want(t, 200)
	r.data(t, &ins)
	wantEq(t, r.pagination(t).Total, 1)
	if len(ins) != 1 || ins[0].ID != "usrDave0" || ins[0].Name != "Dave Dalton" || ins[0].MemberRole != "Translator" ||
		ins[0].Permissions == nil || len(ins[0].Permissions) != 0 || ins[0].Accepted {
		t.Fatalf("quartz invitations %+v", ins)
	}

	var in api.Invitation
	h.do(t, "POST", "/orgs/quartz/invitations", h.token(t, "frank"), jsonBody(t, map[string]any{"invitee": "erin"})).want(t, 201).data(t, &in)
	if in.Username != "erin" || in.MemberRole != "" || in.Permissions == nil || in.Accepted {
		t.Errorf("new invitation %+v", in)
	}
	wantEq(t, strings.Join(pending(t, h, "quartz"), ","), "dave,erin")

	// dave cannot publish to emberforge-core until he accepts its invitation.
	dave := h.token(t, "dave")
	v := map[string]any{"channel": "release", "version": "99.0.0", "name": "Dave's", "files": []string{"d.jar"}}
	create := func() reply {
		return h.do(t, "POST", "/projects/emberforge-core/versions", dave, multipartBody(t, v, upload{key: "d.jar", content: "d"}))
	}
	create().wantError(t, 403, "dave")
	var accepted struct{ Accepted bool }
	h.do(t, "PATCH", "/orgs/emberforge/invitations/dave", dave, nil).want(t, 200).data(t, &accepted)
	wantEq(t, accepted.Accepted, true)
	create().want(t, 201)
	h.do(t, "PATCH", "/orgs/emberforge/invitations/dave", dave, nil).wantError(t, 404)
	h.do(t, "POST", "/orgs/emberforge/invitations", h.token(t, "alice"), jsonBody(t, map[string]any{"invitee": "dave"})).wantError(t, 409, "member")

	var projects []api.Project
	h.do(t, "GET", "/users/@me/projects", dave, nil).want(t, 200).data(t, &projects)
	if len(projects) != 1 || projects[0].Slug != "emberforge-core" || projects[0].Organization.Slug != "emberforge" {
		t.Errorf("dave's projects %+v", projects)
	}
	// Accepting gave the invitation's permissions, not MEMBER_CREATE.
	h.do(t, "GET", "/orgs/emberforge/invitations", dave, nil).wantError(t, 403)
	// A rejected invitation cannot be accepted.
	h.do(t, "DELETE", "/orgs/quartz/invitations/dave", dave, nil).want(t, 204)
	h.do(t, "PATCH", "/orgs/quartz/invitations/dave", dave, nil).wantError(t, 404)
	wantEq(t, strings.Join(pending(t, h, "quartz"), ","), "erin")
}
