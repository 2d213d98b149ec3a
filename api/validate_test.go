package api_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"rdash/api"
)

// rejection is a request the client must refuse before sending, with the
// field it must blame.
type rejection struct {
	name  string
	field string
	call  func(ctx context.Context, c *api.Client) error
}

func validCreate() *api.CreateVersionRequest {
	return &api.CreateVersionRequest{Channel: "release", Version: "9.9.9", Name: "Nine",
		Files: []string{"https://example.com/lumen.jar"}}
}

func create(edit func(r *api.CreateVersionRequest)) func(context.Context, *api.Client) error {
	return func(ctx context.Context, c *api.Client) error {
		r := validCreate()
		edit(r)
		_, _, err := c.CreateVersion(ctx, "lumen", r)
		return err
	}
}

func update(r *api.UpdateVersionRequest) func(context.Context, *api.Client) error {
	return func(ctx context.Context, c *api.Client) error {
		_, _, err := c.UpdateVersion(ctx, "lumen", "1.0.0", r)
		return err
	}
}

func bulk(ids []string, p *api.BulkPatch) func(context.Context, *api.Client) error {
	return func(ctx context.Context, c *api.Client) error {
		_, err := c.UpdateVersions(ctx, "lumen", ids, p)
		return err
	}
}

func dep(d api.Dependency) func(r *api.CreateVersionRequest) {
	return func(r *api.CreateVersionRequest) { r.Dependencies = []api.Dependency{d} }
}

var (
	id8  = "AbCd1234"
	id8b = "EfGh5678"
)

// rejections lists every rule and limit of the interface document that the
// client enforces, through the method that sends it; everything else is
// sent (see sentNow). The sandbox integration test runs the same list.
func rejections() []rejection {
	long := func(n int) string { return strings.Repeat("é", n) } // characters, not bytes
	ids := []string{id8}
	return []rejection{
		{"create: channel required", "data.channel", create(func(r *api.CreateVersionRequest) { r.Channel = "" })},
		{"create: version required", "data.version", create(func(r *api.CreateVersionRequest) { r.Version = "" })},
		{"create: version of 33", "data.version", create(func(r *api.CreateVersionRequest) { r.Version = long(33) })},
		{"create: name required", "data.name", create(func(r *api.CreateVersionRequest) { r.Name = "" })},
		{"create: name of 65", "data.name", create(func(r *api.CreateVersionRequest) { r.Name = long(65) })},
		{"create: files required", "data.files", create(func(r *api.CreateVersionRequest) { r.Files = nil })},
		{"create: filename of 129", "data.files[0]", create(func(r *api.CreateVersionRequest) {
			r.Files = []string{long(125) + ".jar"}
			r.Uploads = []api.Upload{upload(r.Files[0], "x")}
		})},
		{"create: url of 257", "data.files[0]", create(func(r *api.CreateVersionRequest) {
			r.Files = []string{"https://example.com/" + strings.Repeat("a", 237)}
		})},
		{"create: ftp url", "data.files[0]", create(func(r *api.CreateVersionRequest) { r.Files = []string{"ftp://example.com/a.jar"} })},
		{"create: path in filename", "data.files[0]", create(func(r *api.CreateVersionRequest) { r.Files = []string{"dir/a.jar"} })},
		{"create: listed name without upload", "data.files[1]", create(func(r *api.CreateVersionRequest) { r.Files = append(r.Files, "a.jar") })},
		{"create: upload not listed", "files[0]", create(func(r *api.CreateVersionRequest) { r.Uploads = []api.Upload{upload("b.jar", "x")} })},
		{"create: upload without content", "files[0]", create(func(r *api.CreateVersionRequest) {
			r.Files = []string{"a.jar"}
			r.Uploads = []api.Upload{{Name: "a.jar"}}
		})},
		{"create: unknown platform", "data.platforms[1]", create(func(r *api.CreateVersionRequest) { r.Platforms = []string{"paper", "bungee"} })},
		{"dependency: unknown type", "data.dependencies[0].type", create(dep(api.Dependency{Type: "soft", ProjectID: id8}))},
		{"dependency: no type", "data.dependencies[0].type", create(dep(api.Dependency{ProjectID: id8}))},
		{"dependency: no identifier", "data.dependencies[0]", create(dep(api.Dependency{Type: "required"}))},
		{"dependency: two identifiers", "data.dependencies[0]", create(dep(api.Dependency{Type: "required", VersionID: id8, ProjectID: id8b}))},
		{"dependency: id and name", "data.dependencies[0]", create(dep(api.Dependency{Type: "required", ProjectID: id8, Name: "X"}))},
		{"dependency: version_id of 7", "data.dependencies[0].version_id", create(dep(api.Dependency{Type: "required", VersionID: "AbCd123"}))},
		{"dependency: project_id of 9", "data.dependencies[0].project_id", create(dep(api.Dependency{Type: "optional", ProjectID: "AbCd12345"}))},
		{"dependency: blank name", "data.dependencies[0].name", create(dep(api.Dependency{Type: "optional", Name: "  "}))},
		{"dependency: name of 65", "data.dependencies[0].name", create(dep(api.Dependency{Type: "optional", Name: long(65)}))},
		{"dependency: invisible name", "data.dependencies[0].name", create(dep(api.Dependency{Type: "optional", Name: "a\u200bb"}))},
		{"dependency: name with control", "data.dependencies[0].name", create(dep(api.Dependency{Type: "optional", Name: "a\tb"}))},
		{"dependency: url not http", "data.dependencies[0].url", create(dep(api.Dependency{Type: "optional", Name: "X", URL: "javascript:alert(1)"}))},
		{"dependency: url without name", "data.dependencies[0].url", create(dep(api.Dependency{Type: "optional", ProjectID: id8, URL: "https://x.org"}))},
		{"dependency: duplicate", "data.dependencies[1]", create(func(r *api.CreateVersionRequest) {
			r.Dependencies = []api.Dependency{{Type: "required", ProjectID: id8}, {Type: "optional", ProjectID: id8}}
		})},
		{"update: nothing", "data", update(&api.UpdateVersionRequest{})},
		{"update: version of 33", "data.version", update(&api.UpdateVersionRequest{Version: api.Ptr(long(33))})},
		{"update: upload not listed", "files[0]", update(&api.UpdateVersionRequest{Uploads: []api.Upload{upload("n.jar", "x")}})},
		{"update: bad platform", "data.platforms[0]", update(&api.UpdateVersionRequest{Platforms: []string{"Paper"}})},
		{"update: bad dependency", "data.dependencies[0]", update(&api.UpdateVersionRequest{Dependencies: []api.Dependency{{Type: "embedded"}}})},
		{"bulk: empty patch", "body", bulk(ids, &api.BulkPatch{})},
		{"bulk: nil patch", "body", bulk(ids, nil)},
		{"bulk: replace and add platforms", "add_platforms", bulk(ids, &api.BulkPatch{Platforms: []string{"paper"}, AddPlatforms: []string{"folia"}})},
		{"bulk: replace and remove versions", "remove_minecraft_versions", bulk(ids, &api.BulkPatch{MinecraftVersions: []string{}, RemoveMinecraftVersions: []string{"1.20"}})},
		{"bulk: replace and add dependencies", "add_dependencies", bulk(ids, &api.BulkPatch{Dependencies: []api.Dependency{}, AddDependencies: []api.Dependency{{Type: "required", ProjectID: id8}}})},
		{"bulk: bad add platform", "add_platforms[0]", bulk(ids, &api.BulkPatch{AddPlatforms: []string{"sponge"}})},
		{"bulk: bad remove dependency", "remove_dependencies[0].version_id", bulk(ids, &api.BulkPatch{RemoveDependencies: []api.Dependency{{Type: "required", VersionID: "x"}}})},
		{"bulk: duplicate dependency", "dependencies[1]", bulk(ids, &api.BulkPatch{Dependencies: []api.Dependency{{Type: "required", Name: "X"}, {Type: "required", Name: "X"}}})},
		{"bulk: name of 65", "name", bulk(ids, &api.BulkPatch{Name: api.Ptr(long(65))})},
		{"bulk: no ids", "ids", bulk(nil, &api.BulkPatch{Name: api.Ptr("x")})},
		{"bulk: empty id", "ids[1]", bulk([]string{id8, ""}, &api.BulkPatch{Name: api.Ptr("x")})},
		{"bulk: comma in id", "ids[0]", bulk([]string{"AbCd,234"}, &api.BulkPatch{Name: api.Ptr("x")})},
		{"bulk: version string for an id", "ids[1]", bulk([]string{id8, "1.0.0"}, &api.BulkPatch{Name: api.Ptr("x")})},
		{"bulk delete: no ids", "ids", func(ctx context.Context, c *api.Client) error {
			_, err := c.DeleteVersions(ctx, "lumen", []string{})
			return err
		}},
		{"invite: invitee required", "invitee", func(ctx context.Context, c *api.Client) error {
			_, err := c.CreateInvitation(ctx, "emberforge", &api.InvitationRequest{Role: "dev"})
			return err
		}},
		{"invite: nil", "invitee", func(ctx context.Context, c *api.Client) error {
			_, err := c.CreateInvitation(ctx, "emberforge", nil)
			return err
		}},
		{"list: negative page", "page", func(ctx context.Context, c *api.Client) error {
			_, _, err := c.ListVersions(ctx, "lumen", &api.ListVersionsOptions{Page: -1})
			return err
		}},
		{"list: negative page size", "page_size", func(ctx context.Context, c *api.Client) error {
			_, _, err := c.ListVersions(ctx, "lumen", &api.ListVersionsOptions{PageSize: -1})
			return err
		}},
		{"path: project", "projectId", func(ctx context.Context, c *api.Client) error { _, _, err := c.ListVersions(ctx, "", nil); return err }},
		{"path: dot-dot project", "projectId", func(ctx context.Context, c *api.Client) error { _, _, err := c.GetVersion(ctx, "..", "1"); return err }},
		{"path: version", "versionId", func(ctx context.Context, c *api.Client) error {
			_, _, err := c.GetVersion(ctx, "lumen", "")
			return err
		}},
		{"path: version by id", "versionId", func(ctx context.Context, c *api.Client) error { _, _, err := c.GetVersionByID(ctx, ""); return err }},
		{"path: delete", "versionId", func(ctx context.Context, c *api.Client) error {
			_, err := c.DeleteVersion(ctx, "lumen", "")
			return err
		}},
		{"update: nil", "data", update(nil)},
		{"path: update", "projectId", func(ctx context.Context, c *api.Client) error {
			_, _, err := c.UpdateVersion(ctx, "", "1.0.0", &api.UpdateVersionRequest{Name: api.Ptr("x")})
			return err
		}},
		{"path: bulk project", "projectId", func(ctx context.Context, c *api.Client) error {
			_, err := c.DeleteVersions(ctx, "", []string{id8})
			return err
		}},
		{"path: download file", "fileId", func(ctx context.Context, c *api.Client) error {
			_, _, err := c.DownloadURL(ctx, "lumen", "1.0.0", ".")
			return err
		}},
		{"path: download", "versionId", func(ctx context.Context, c *api.Client) error {
			_, _, err := c.Download(ctx, "lumen", "", "")
			return err
		}},
		{"path: org", "orgId", func(ctx context.Context, c *api.Client) error { _, _, err := c.ListInvitations(ctx, ""); return err }},
		{"path: accept", "userId", func(ctx context.Context, c *api.Client) error {
			_, err := c.AcceptInvitation(ctx, "emberforge", "")
			return err
		}},
		{"path: reject", "orgId", func(ctx context.Context, c *api.Client) error {
			_, err := c.DeleteInvitation(ctx, "", "dave")
			return err
		}},
		{"path: user", "userId", func(ctx context.Context, c *api.Client) error { _, _, err := c.GetUser(ctx, ""); return err }},
		{"path: user projects", "userId", func(ctx context.Context, c *api.Client) error { _, _, err := c.ListUserProjects(ctx, ""); return err }},
	}
}

// checkRejection fails unless err is a ValidationError blaming field.
func checkRejection(t *testing.T, err error, field string) {
	t.Helper()
	var ve *api.ValidationError
	if !errors.As(err, &ve) {
		t.Fatalf("err = %v, want a *ValidationError on %s", err, field)
	}
	if ve.Field != field || ve.Rule == "" {
		t.Errorf("rejected %q (%s), want field %q", ve.Field, ve.Rule, field)
	}
}

func TestRejectionsSendNothing(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t, status(500))
	c := newTestClient(t, ts)
	for _, r := range rejections() {
		t.Run(r.name, func(t *testing.T) {
			checkRejection(t, r.call(t.Context(), c), r.field)
		})
	}
	if n := ts.requests.Load(); n != 0 {
		t.Errorf("%d requests reached the server", n)
	}
}

func TestValidRequestsPass(t *testing.T) {
	t.Parallel()
	valid := []interface{ Validate() error }{
		validCreate(),
		&api.CreateVersionRequest{Channel: "c", Version: strings.Repeat("é", 32), Name: strings.Repeat("é", 64),
			Files:        []string{strings.Repeat("a", 124) + ".jar", "https://example.com/" + strings.Repeat("a", 236)},
			Uploads:      []api.Upload{upload(strings.Repeat("a", 124)+".jar", "x")},
			Platforms:    api.AllPlatforms(),
			Dependencies: []api.Dependency{{Type: "required", VersionID: id8}, {Type: "optional", ProjectID: id8}, {Type: "embedded", Name: strings.Repeat("é", 64), URL: "http://x.org"}, {Type: "incompatible", Name: "Other"}},
		},
		&api.UpdateVersionRequest{Changelog: api.Ptr("")},
		&api.UpdateVersionRequest{Files: []string{"kept.jar"}},
		&api.BulkPatch{Changelog: api.Ptr("")},
		&api.BulkPatch{AddPlatforms: []string{"paper"}, RemovePlatforms: []string{"folia"}, MinecraftVersions: []string{},
			AddDependencies: []api.Dependency{{Type: "required", ProjectID: id8}}, RemoveDependencies: []api.Dependency{{Type: "optional", ProjectID: id8}}},
		&api.InvitationRequest{Invitee: "dave"},
		&api.ListVersionsOptions{},
	}
	for i, v := range valid {
		if err := v.Validate(); err != nil {
			t.Errorf("%d (%T): %v", i, v, err)
		}
	}
	if err := api.ValidateDependency(2, api.Dependency{Type: "required"}); err == nil || err.(*api.ValidationError).Field != "dependencies[2]" {
		t.Errorf("ValidateDependency = %v", err)
	}
}

// TestEnumerationsCannotBeChanged checks that a caller changing the slice
// it was given changes neither what validation accepts nor what the next
// caller gets.
func TestEnumerationsCannotBeChanged(t *testing.T) {
	t.Parallel()
	p := api.AllPlatforms()
	p[slices.Index(p, "paper")] = "bedrock"
	d := api.AllDependencyTypes()
	d[0] = "bogus"
	if !slices.Contains(api.AllPlatforms(), "paper") || api.IsPlatform("bedrock") || !api.IsPlatform("paper") {
		t.Errorf("changing AllPlatforms' result changed the enumeration")
	}
	if api.AllDependencyTypes()[0] != api.DependencyRequired || api.IsDependencyType("bogus") {
		t.Errorf("changing AllDependencyTypes' result changed the enumeration")
	}
	r := &api.UpdateVersionRequest{Platforms: []string{"bedrock"}}
	if err := r.Validate(); err == nil {
		t.Errorf("bedrock validated after a caller changed its copy")
	}
}
