package api_test

import (
	"bytes"
	"errors"
	"io"
	"net/http"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"rdash/api"
	"rdash/api/sandbox"
	"rdash/api/sandbox/sandboxtest"
)

// Seed facts (api/sandbox/testdata/seed.json) the tests rely on.
const (
	lumenV100     = "13ubedvV" // lumen 1.0.0
	lumenV100File = "MeGkfgT6" // its lumen-1.0.0.jar
	lumenV100Body = "lumen 1.0.0 paper build (sandbox placeholder)\n"
	coreVersions  = 1500 // generated versions of emberforge-core
)

// counting stands in for auth's HTTP client: it adds a bearer token (none
// when empty) and counts what reaches the network, and how much of it at once.
type counting struct {
	token               string
	n                   atomic.Int64
	inFlight, maxAtOnce atomic.Int64
}

func (c *counting) RoundTrip(r *http.Request) (*http.Response, error) {
	c.n.Add(1)
	now := c.inFlight.Add(1)
	defer c.inFlight.Add(-1)
	for m := c.maxAtOnce.Load(); now > m && !c.maxAtOnce.CompareAndSwap(m, now); m = c.maxAtOnce.Load() {
	}
	if c.token != "" {
		r = r.Clone(r.Context())
		r.Header.Set("Authorization", "Bearer "+c.token)
	}
	return http.DefaultTransport.RoundTrip(r)
}

type sandboxEnv struct {
	srv *sandbox.Server
	run *sandbox.Running
}

func startSandbox(t *testing.T, opts sandbox.Options) *sandboxEnv {
	t.Helper()
	srv, run := sandboxtest.Start(t, opts)
	return &sandboxEnv{srv, run}
}

// as returns a client signed in as user with the given scopes (all when
// none), or an anonymous one when user is empty.
func (e *sandboxEnv) as(t *testing.T, user string, scopes []string, opts ...api.Option) (*api.Client, *counting) {
	t.Helper()
	rt := &counting{}
	if user != "" {
		tok, err := e.srv.MintToken(user, scopes...)
		if err != nil {
			t.Fatal(err)
		}
		rt.token = tok
	}
	opts = append([]api.Option{
		api.WithHTTPClient(&http.Client{Transport: rt}),
		api.WithRetryBackoff(time.Millisecond, 20*time.Millisecond, 5*time.Second),
	}, opts...)
	c, err := api.New(e.run.BaseURL, opts...)
	if err != nil {
		t.Fatal(err)
	}
	return c, rt
}

// statusOf returns the HTTP status of an *api.Error, or 0.
func statusOf(err error) int {
	var e *api.Error
	if errors.As(err, &e) {
		return e.StatusCode
	}
	return 0
}

// listAll pages through a project's versions.
func listAll(t *testing.T, c *api.Client, project string, opts api.ListVersionsOptions) []api.Version {
	t.Helper()
	var all []api.Version
	opts.Page = 1
	for opts.Page != 0 {
		vs, resp, err := c.ListVersions(t.Context(), project, &opts)
		if err != nil {
			t.Fatalf("ListVersions page %d: %v", opts.Page, err)
		}
		all = append(all, vs...)
		opts.Page = resp.NextPage
	}
	return all
}

func TestSandboxUsers(t *testing.T) {
	t.Parallel()
	env := startSandbox(t, sandbox.Options{})
	alice, _ := env.as(t, "alice", nil)
	me, _, err := alice.GetUser(t.Context(), api.Me)
	if err != nil || me.Username != "alice" || me.ID != "usrAlice" {
		t.Errorf("GetUser(@me) = %+v, %v", me, err)
	}
	bob, _, err := alice.GetUser(t.Context(), "bob")
	if err != nil || bob.Name != "Bob Brennan" {
		t.Errorf("GetUser(bob) = %+v, %v", bob, err)
	}
	if _, _, err := alice.GetUser(t.Context(), "nobody"); !errors.Is(err, api.ErrNotFound) {
		t.Errorf("GetUser(nobody) = %v, want 404", err)
	}
	anon, _ := env.as(t, "", nil)
	if _, _, err := anon.GetUser(t.Context(), api.Me); !errors.Is(err, api.ErrUnauthorized) {
		t.Errorf("anonymous GetUser(@me) = %v, want 401", err)
	}
	noScope, _ := env.as(t, "alice", []string{"project:read"})
	if _, _, err := noScope.GetUser(t.Context(), api.Me); !errors.Is(err, api.ErrForbidden) {
		t.Errorf("GetUser(@me) without user:read = %v, want 403", err)
	}
	for user, want := range map[string][]string{
		"alice": {"lumen", "emberforge-core"},
		"bob":   {"emberforge-core"},
		"frank": {"quartz-ui"},
		"dave":  nil,
	} {
		c, _ := env.as(t, user, nil)
		ps, _, err := c.ListUserProjects(t.Context(), api.Me)
		var slugs []string
		for _, p := range ps {
			slugs = append(slugs, p.Slug)
		}
		if err != nil || !sameSet(slugs, want) {
			t.Errorf("%s's projects = %v, %v; want %v", user, slugs, err, want)
		}
	}
}

func TestSandboxReadVersions(t *testing.T) {
	t.Parallel()
	env := startSandbox(t, sandbox.Options{})
	c, _ := env.as(t, "", nil) // reads need no token
	ctx := t.Context()

	first, resp, err := c.ListVersions(ctx, "emberforge-core", nil)
	if err != nil || len(first) != 25 || resp.Pagination == nil || resp.Pagination.Total != coreVersions || resp.NextPage != 2 {
		t.Fatalf("first page: %d versions, %+v, %v", len(first), resp, err)
	}
	start := time.Now()
	all := listAll(t, c, "emberforge-core", api.ListVersionsOptions{PageSize: 100})
	t.Logf("listed %d versions in 15 pages of 100 in %v", len(all), time.Since(start))
	ids := map[string]bool{}
	for i, v := range all {
		ids[v.ID] = true
		if i > 0 && v.CreatedAt.After(all[i-1].CreatedAt) {
			t.Errorf("version %d is newer than the one before", i)
		}
	}
	if len(all) != coreVersions || len(ids) != coreVersions {
		t.Errorf("%d versions, %d distinct; want %d", len(all), len(ids), coreVersions)
	}

	filtered := listAll(t, c, "emberforge-core", api.ListVersionsOptions{PageSize: 100, Channels: []string{"beta", "alpha"},
		MinecraftVersions: first[0].MinecraftVersions[:1]})
	if len(filtered) == 0 || len(filtered) >= coreVersions {
		t.Errorf("filter kept %d of %d", len(filtered), coreVersions)
	}
	for _, v := range filtered {
		if (v.Channel.Slug != "beta" && v.Channel.Slug != "alpha") || !slices.Contains(v.MinecraftVersions, first[0].MinecraftVersions[0]) {
			t.Errorf("filtered version %s is %s %v", v.ID, v.Channel.Slug, v.MinecraftVersions)
		}
	}
	found, _, err := c.ListVersions(ctx, "lumen", &api.ListVersionsOptions{Search: "ENTITY"})
	if err != nil || len(found) != 1 || found[0].Version != "1.1.0" {
		t.Errorf("search = %+v, %v", found, err)
	}

	if _, _, err := c.ListVersions(ctx, "lumen", &api.ListVersionsOptions{Channels: []string{"nightly"}}); statusOf(err) != 400 || !strings.Contains(err.Error(), "channel") {
		t.Errorf("unknown channel filter = %v, want a 400 naming channel", err)
	}
	if _, _, err := c.ListVersions(ctx, "no-such-project", nil); !errors.Is(err, api.ErrNotFound) {
		t.Errorf("unknown project = %v", err)
	}
}

func TestSandboxGetAndDownload(t *testing.T) {
	t.Parallel()
	env := startSandbox(t, sandbox.Options{})
	c, _ := env.as(t, "erin", nil)
	ctx := t.Context()
	for _, key := range []string{"1.0.0", lumenV100} {
		v, _, err := c.GetVersion(ctx, "lumen", key)
		if err != nil || v.ID != lumenV100 || len(v.Files) != 1 || !v.Files[0].IsPrimary || v.Files[0].Size != int64(len(lumenV100Body)) {
			t.Errorf("GetVersion(%s) = %+v, %v", key, v, err)
		}
	}
	v, _, err := c.GetVersionByID(ctx, lumenV100)
	if err != nil || v.ProjectID != "prjLumen" || v.Version != "1.0.0" {
		t.Errorf("GetVersionByID = %+v, %v", v, err)
	}
	if _, _, err := c.GetVersion(ctx, "lumen", "9.9.9"); !errors.Is(err, api.ErrNotFound) {
		t.Errorf("GetVersion(9.9.9) = %v, want 404", err)
	}

	u, resp, err := c.DownloadURL(ctx, "lumen", "1.0.0", "")
	if err != nil || resp.StatusCode != http.StatusFound || !strings.HasSuffix(u.Path, "/files/"+lumenV100File+"/lumen-1.0.0.jar") {
		t.Errorf("DownloadURL = %v, %v, %v", u, resp, err)
	}
	for _, fileID := range []string{"", lumenV100File} {
		rc, _, err := c.Download(ctx, "lumen", lumenV100, fileID)
		if err != nil {
			t.Fatalf("Download(%q): %v", fileID, err)
		}
		b, _ := io.ReadAll(rc)
		rc.Close()
		if string(b) != lumenV100Body {
			t.Errorf("Download(%q) = %q", fileID, b)
		}
	}
	if _, _, err := c.Download(ctx, "lumen", lumenV100, "nofile00"); !errors.Is(err, api.ErrNotFound) {
		t.Errorf("Download(unknown file) = %v, want 404", err)
	}
	after, _, _ := c.GetVersion(ctx, "lumen", lumenV100)
	t.Logf("downloads of lumen 1.0.0: %d before, %d after 3 redirects", v.Downloads, after.Downloads)
}

func uploadBytes(name string, b []byte) api.Upload {
	return api.Upload{Name: name, Open: func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(b)), nil }}
}

func TestSandboxVersionLifecycle(t *testing.T) {
	t.Parallel()
	env := startSandbox(t, sandbox.Options{})
	c, _ := env.as(t, "alice", nil)
	ctx := t.Context()
	jar := []byte("lumen 9 jar bytes")
	req := &api.CreateVersionRequest{
		Channel: "beta", Version: "9.0.0", Name: "Lumen 9", Changelog: "# Nine",
		Files:        []string{"lumen-9.0.0.jar", "https://cdn.example.com/lumen-9.0.0-fabric.jar"},
		Platforms:    []string{"paper", "folia"},
		Dependencies: []api.Dependency{{Type: api.DependencyRequired, ProjectID: "prjEmber"}, {Type: api.DependencyOptional, Name: "spark", URL: "https://spark.lucko.me"}},
		Uploads:      []api.Upload{uploadBytes("lumen-9.0.0.jar", jar)},
	}
	v, resp, err := c.CreateVersion(ctx, "lumen", req)
	if err != nil || resp.StatusCode != http.StatusCreated {
		t.Fatalf("CreateVersion = %v, %v", resp, err)
	}
	if v.Channel.Slug != "beta" || len(v.Files) != 2 || v.Files[0].Name != "lumen-9.0.0.jar" || !v.Files[0].IsPrimary ||
		v.Files[1].ExternalURL == "" || len(v.Dependencies) != 2 || !slices.Equal(v.Platforms, req.Platforms) {
		t.Errorf("created %+v", v)
	}
	if len(v.MinecraftVersions) == 0 {
		t.Errorf("omitted minecraft_versions did not default to the channel's")
	}
	if _, _, err := c.CreateVersion(ctx, "lumen", req); !errors.Is(err, api.ErrConflict) || errors.Is(err, api.ErrMaybeApplied) {
		t.Errorf("second create = %v, want a plain 409", err)
	}
	rc, _, err := c.Download(ctx, "lumen", "9.0.0", "")
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := io.ReadAll(rc); !bytes.Equal(b, jar) {
		t.Errorf("downloaded %q", b)
	}
	rc.Close()
	ext, _, err := c.DownloadURL(ctx, "lumen", v.ID, v.Files[1].ID)
	if err != nil || ext.String() != "https://cdn.example.com/lumen-9.0.0-fabric.jar" {
		t.Errorf("external DownloadURL = %v, %v", ext, err)
	}

	extra := []byte("extra")
	up, _, err := c.UpdateVersion(ctx, "lumen", "9.0.0", &api.UpdateVersionRequest{
		Name: api.Ptr("Lumen 9, renamed"), Files: []string{"extra.zip", "lumen-9.0.0.jar"},
		Uploads: []api.Upload{uploadBytes("extra.zip", extra)}, MinecraftVersions: []string{"1.21.4", "1.21.5"},
	})
	if err != nil || up.Name != "Lumen 9, renamed" || len(up.Files) != 2 || up.Files[0].Name != "extra.zip" || up.Files[1].ID != v.Files[0].ID {
		t.Fatalf("UpdateVersion = %+v, %v", up, err)
	}
	rc, _, err = c.Download(ctx, "lumen", "9.0.0", "")
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := io.ReadAll(rc); !bytes.Equal(b, extra) {
		t.Errorf("the new primary file is %q", b)
	}
	rc.Close()
	if _, _, err := c.UpdateVersion(ctx, "lumen", v.ID, &api.UpdateVersionRequest{Version: api.Ptr("1.0.0")}); !errors.Is(err, api.ErrConflict) {
		t.Errorf("renaming to an existing version = %v, want 409", err)
	}
	if _, _, err := c.UpdateVersion(ctx, "lumen", v.ID, &api.UpdateVersionRequest{Channel: api.Ptr("nightly")}); statusOf(err) != 400 {
		t.Errorf("unknown channel = %v, want 400", err)
	}

	if resp, err := c.DeleteVersion(ctx, "lumen", v.ID); err != nil || resp.StatusCode != http.StatusNoContent {
		t.Fatalf("DeleteVersion = %v, %v", resp, err)
	}
	if _, _, err := c.GetVersionByID(ctx, v.ID); !errors.Is(err, api.ErrNotFound) {
		t.Errorf("deleted version = %v, want 404", err)
	}
	if _, err := c.DeleteVersion(ctx, "lumen", v.ID); !errors.Is(err, api.ErrNotFound) {
		t.Errorf("second delete = %v, want 404", err)
	}
}

func TestSandboxTooLarge(t *testing.T) {
	t.Parallel()
	env := startSandbox(t, sandbox.Options{})
	c, _ := env.as(t, "alice", nil)
	// The sandbox caps the data part like a JSON body; the document
	// states no cap, so the client sends it and returns the refusal.
	big := string(bytes.Repeat([]byte("x"), sandbox.MaxBodyBytes+1))
	_, _, err := c.CreateVersion(t.Context(), "lumen", &api.CreateVersionRequest{Channel: "release", Version: "big", Name: "Big",
		Changelog: big, Files: []string{"big.jar"}, Uploads: []api.Upload{uploadBytes("big.jar", []byte("jar"))}})
	var se *api.Error
	if !errors.As(err, &se) || se.StatusCode != http.StatusRequestEntityTooLarge || !strings.HasPrefix(se.Message, "data:") {
		t.Errorf("a data part over %d bytes = %v, want the sandbox's 413 naming data", sandbox.MaxBodyBytes, err)
	}
	if _, _, err := c.GetVersion(t.Context(), "lumen", "big"); !errors.Is(err, api.ErrNotFound) {
		t.Errorf("the refused version exists: %v", err)
	}
}

func TestSandboxPermissions(t *testing.T) {
	t.Parallel()
	env := startSandbox(t, sandbox.Options{})
	ctx := t.Context()
	create := &api.CreateVersionRequest{Channel: "release", Version: "0.0.1-perm", Name: "P", Files: []string{"https://example.com/p.jar"}}
	cases := []struct {
		name   string
		user   string
		scopes []string
		call   func(c *api.Client) error
		status int
	}{
		{"carol lacks create in emberforge", "carol", nil, func(c *api.Client) error {
			_, _, err := c.CreateVersion(ctx, "emberforge-core", create)
			return err
		}, 403},
		{"bob may not change alice's lumen", "bob", nil, func(c *api.Client) error {
			_, _, err := c.UpdateVersion(ctx, "lumen", "1.0.0", &api.UpdateVersionRequest{Name: api.Ptr("x")})
			return err
		}, 403},
		{"erin is a stranger", "erin", nil, func(c *api.Client) error {
			_, err := c.DeleteVersions(ctx, "lumen", []string{lumenV100})
			return err
		}, 403},
		{"alice without the delete scope", "alice", []string{"project:version:update"}, func(c *api.Client) error {
			_, err := c.DeleteVersion(ctx, "lumen", "1.0.0")
			return err
		}, 403},
		{"anonymous change", "", nil, func(c *api.Client) error {
			_, err := c.UpdateVersions(ctx, "lumen", []string{lumenV100}, &api.BulkPatch{Name: api.Ptr("x")})
			return err
		}, 401},
		{"carol lists invitations", "carol", nil, func(c *api.Client) error { _, _, err := c.ListInvitations(ctx, "emberforge"); return err }, 403},
		{"bob without org:member:create", "bob", []string{"user:read"}, func(c *api.Client) error {
			_, _, err := c.ListInvitations(ctx, "emberforge")
			return err
		}, 403},
	}
	for _, tc := range cases {
		c, _ := env.as(t, tc.user, tc.scopes)
		err := tc.call(c)
		if statusOf(err) != tc.status || errors.Is(err, api.ErrMaybeApplied) {
			t.Errorf("%s: %v, want a plain %d", tc.name, err, tc.status)
		}
	}
	// A refused change changed nothing.
	c, _ := env.as(t, "", nil)
	if v, _, err := c.GetVersion(ctx, "lumen", "1.0.0"); err != nil || v.Name != "Lumen 1.0.0" {
		t.Errorf("lumen 1.0.0 is now %+v, %v", v, err)
	}
	if _, _, err := c.GetVersion(ctx, "emberforge-core", "0.0.1-perm"); !errors.Is(err, api.ErrNotFound) {
		t.Errorf("a refused create left a version: %v", err)
	}
}
