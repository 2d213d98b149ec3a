package api_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"rdash/api"
	"rdash/api/sandbox"
)

// sentNow lists requests the client once refused on rules of its own
// that the interface document does not state (issue 20.3). It sends them
// now; the sandbox refuses each, and the field it names is what the user
// reads.
func sentNow() []rejection {
	ids := []string{lumenV100}
	invite := func(r *api.InvitationRequest) func(context.Context, *api.Client) error {
		return func(ctx context.Context, c *api.Client) error {
			_, err := c.CreateInvitation(ctx, "emberforge", r)
			return err
		}
	}
	list := func(o *api.ListVersionsOptions) func(context.Context, *api.Client) error {
		return func(ctx context.Context, c *api.Client) error {
			_, _, err := c.ListVersions(ctx, "lumen", o)
			return err
		}
	}
	return []rejection{
		{"page size 101", "page_size", list(&api.ListVersionsOptions{PageSize: 101})},
		{"game version of 33", "data.minecraft_versions[0]", create(func(r *api.CreateVersionRequest) { r.MinecraftVersions = []string{strings.Repeat("1", 33)} })},
		{"blank game version", "data.minecraft_versions[0]", create(func(r *api.CreateVersionRequest) { r.MinecraftVersions = []string{""} })},
		{"name with escape", "data.name", create(func(r *api.CreateVersionRequest) { r.Name = "a\x1b[31m" })},
		{"platform twice", "data.platforms[1]", create(func(r *api.CreateVersionRequest) { r.Platforms = []string{"paper", "paper"} })},
		{"dependency ID not alphanumeric", "data.dependencies[0].version_id", create(dep(api.Dependency{Type: "required", VersionID: "AbCd12-4"}))},
		{"dependency URL of 257", "data.dependencies[0].url", create(dep(api.Dependency{Type: "optional", Name: "X", URL: "https://x.org/" + strings.Repeat("a", 243)}))},
		{"update: no file left", "data.files", update(&api.UpdateVersionRequest{Files: []string{}})},
		{"bulk: game version of 33", "add_minecraft_versions[0]", bulk(ids, &api.BulkPatch{AddMinecraftVersions: []string{strings.Repeat("1", 33)}})},
		{"bulk: add and remove one platform", "add_platforms[0]", bulk(ids, &api.BulkPatch{AddPlatforms: []string{"paper"}, RemovePlatforms: []string{"paper"}})},
		{"bulk: repeated id", "ids[1]", bulk([]string{lumenV100, lumenV100}, &api.BulkPatch{Name: api.Ptr("x")})},
		{"bulk: id not alphanumeric", "ids[0]", bulk([]string{"AbCd12-4"}, &api.BulkPatch{Name: api.Ptr("x")})},
		{"invite: role of 65", "role", invite(&api.InvitationRequest{Invitee: "erin", Role: strings.Repeat("r", 65)})},
		{"invite: permission twice", "permissions[1]", invite(&api.InvitationRequest{Invitee: "erin", Permissions: []api.Permission{"MEMBER_CREATE", "MEMBER_CREATE"}})},
	}
}

// TestRulesTheDocumentDoesNotStateAreTheServers: each request of sentNow
// goes to the server once, and the error is the server's answer, naming
// the field and the rule, where the client used to refuse it on a guess.
func TestRulesTheDocumentDoesNotStateAreTheServers(t *testing.T) {
	t.Parallel()
	env := startSandbox(t, sandbox.Options{})
	c, rt := env.as(t, "alice", nil)
	for _, r := range sentNow() {
		before := rt.n.Load()
		err := r.call(t.Context(), c)
		var se *api.Error
		if !errors.As(err, &se) || se.StatusCode != 400 || !strings.HasPrefix(se.Message, r.field+":") {
			t.Errorf("%s: %v; want the server's 400 naming %s", r.name, err, r.field)
		}
		if n := rt.n.Load() - before; n != 1 {
			t.Errorf("%s: %d requests, want it sent once", r.name, n)
		}
	}
}
