package sandbox_test

import (
	"strings"
	"testing"

	"rdash/api"
	"rdash/api/sandbox"
)

func TestUsers(t *testing.T) {
	t.Parallel()
	h := start(t, sandbox.Options{})
	alice := h.token(t, "alice")
	tests := []struct {
		path, tok string
		status    int
		want      string // username
	}{
		{"/users/@me", alice, 200, "alice"},
		{"/users/bob", alice, 200, "bob"},
		{"/users/usrCarol", alice, 200, "carol"},
		{"/users/@me", h.token(t, "erin", "project:read"), 403, ""},
		{"/users/bob", h.token(t, "erin", "project:read"), 200, "bob"},
		{"/users/@me", "", 401, ""},
		{"/users/mallory", alice, 404, ""},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			t.Parallel()
			r := h.do(t, "GET", tt.path, tt.tok, nil)
			if tt.status != 200 {
				r.wantError(t, tt.status)
				return
			}
			var u api.User
			r.want(t, 200).data(t, &u)
			wantEq(t, u.Username, tt.want)
			if len(u.ID) != 8 || u.Name == "" {
				t.Errorf("user %+v", u)
			}
		})
	}
}

func TestUserProjects(t *testing.T) {
	t.Parallel()
	h := start(t, sandbox.Options{})
	tests := []struct {
		user, path string
		want       string // slugs
	}{
		{"alice", "/users/@me/projects", "lumen,emberforge-core"},
		{"bob", "/users/@me/projects", "emberforge-core"},
		{"frank", "/users/@me/projects", "quartz-ui"},
		{"erin", "/users/@me/projects", ""},
		{"erin", "/users/usrAlice/projects", "lumen,emberforge-core"},
		{"erin", "/users/alice/projects?page_size=1&page=2", "emberforge-core"},
	}
	for _, tt := range tests {
		t.Run(tt.user+tt.path, func(t *testing.T) {
			t.Parallel()
			r := h.do(t, "GET", tt.path, h.token(t, tt.user), nil).want(t, 200)
			var ps []api.Project
			r.data(t, &ps)
			var slugs []string
			for _, p := range ps {
				slugs = append(slugs, p.Slug)
				if (p.Organization == nil) == (p.OwnerID == "") {
					t.Errorf("%s: exactly one of organization and owner_id must be set", p.Slug)
				}
			}
			wantEq(t, strings.Join(slugs, ","), tt.want)
		})
	}
	var ps []api.Project
	h.do(t, "GET", "/users/alice/projects", h.token(t, "bob"), nil).want(t, 200).data(t, &ps)
	if ps[0].OwnerID != "usrAlice" || ps[1].Organization.Name != "Emberforge Studios" || ps[0].Summary == "" {
		t.Errorf("projects %+v", ps)
	}
}
