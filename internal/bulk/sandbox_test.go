package bulk_test

import (
	"net/http"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"rdash/api"
	"rdash/api/sandbox"
	"rdash/api/sandbox/sandboxtest"
	"rdash/config"
	"rdash/internal/bulk"
)

// counting sends a bearer token and counts the requests by method.
type counting struct {
	token   string
	patches atomic.Int64
}

func (c *counting) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+c.token)
	if r.Method == http.MethodPatch {
		c.patches.Add(1)
	}
	return http.DefaultTransport.RoundTrip(r)
}

func signedIn(t *testing.T, opts sandbox.Options, user string) (*api.Client, *counting) {
	t.Helper()
	srv, run := sandboxtest.Start(t, opts)
	tok, err := srv.MintToken(user, config.AllScopes()...)
	if err != nil {
		t.Fatal(err)
	}
	tr := &counting{token: tok}
	c, err := api.New(run.BaseURL, api.WithHTTPClient(&http.Client{Transport: tr, Timeout: 20 * time.Second}),
		api.WithRetryBackoff(time.Millisecond, 5*time.Millisecond, 2*time.Second), api.WithMaxRetries(10))
	if err != nil {
		t.Fatal(err)
	}
	return c, tr
}

// allVersions pages through a project.
func allVersions(t testing.TB, c *api.Client, project string) []api.Version {
	t.Helper()
	var out []api.Version
	opts := &api.ListVersionsOptions{Page: 1, PageSize: 100}
	for {
		vs, resp, err := c.ListVersions(t.Context(), project, opts)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, vs...)
		if resp.NextPage == 0 {
			return out
		}
		opts.Page = resp.NextPage
	}
}

func ids(vs []api.Version) []string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = v.ID
	}
	return out
}

func TestEdit1200VersionsThenUndo(t *testing.T) {
	t.Parallel()
	c, tr := signedIn(t, sandbox.Options{}, "bob")
	all := allVersions(t, c, "emberforge-core")
	if len(all) < 1200 {
		t.Fatalf("seed has %d versions, want at least 1200", len(all))
	}
	targets, err := bulk.Load(t.Context(), c, "emberforge-core", ids(all[100:1300]))
	if err != nil {
		t.Fatal(err)
	}
	edit := bulk.Edit{
		Channel:      api.Ptr("beta"),
		GameVersions: bulk.ListEdit[string]{Mode: bulk.AddRemove, Add: []string{"1.21.5"}, Remove: []string{"1.16.5"}},
		Platforms:    bulk.ListEdit[string]{Mode: bulk.AddRemove, Add: []string{"folia"}},
	}
	patch, err := edit.Patch()
	if err != nil {
		t.Fatal(err)
	}
	changes := bulk.Preview(targets, edit, bulk.Channels(all))
	r := &bulk.Runner{Client: c, Project: "emberforge-core", Journal: bulk.Journal{Dir: t.TempDir()}}
	var progress atomic.Int64
	r.Progress = func(done, total int) { progress.Store(int64(done)) }
	entry, err := r.Edit(t.Context(), changes, patch)
	if err != nil {
		t.Fatal(err)
	}
	if n := tr.patches.Load(); n < 12 {
		t.Errorf("1200 versions went in %d PATCH requests; want them split into at least 12", n)
	}
	if progress.Load() != 1200 {
		t.Errorf("progress ended at %d, want 1200", progress.Load())
	}
	for _, o := range entry.Outcomes {
		if o.Status != bulk.StatusUpdated {
			t.Fatalf("outcome %+v", o)
		}
	}
	requireState(t, c, changes, func(ch bulk.Change) api.Version { return ch.After })

	current, err := bulk.Load(t.Context(), c, "emberforge-core", ids(targets))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.Undo(t.Context(), bulk.PlanUndo(entry, current)); err != nil {
		t.Fatal(err)
	}
	requireState(t, c, changes, func(ch bulk.Change) api.Version { return ch.Before })
}

// TestUndoKeepsWhatOthersChangedSince edits, lets a colleague change the
// same versions, then undoes: the edit goes, the colleague's change stays.
func TestUndoKeepsWhatOthersChangedSince(t *testing.T) {
	t.Parallel()
	c, _ := signedIn(t, sandbox.Options{}, "alice")
	vs := allVersions(t, c, "lumen")[:3]
	r := &bulk.Runner{Client: c, Project: "lumen", Journal: bulk.Journal{Dir: t.TempDir()}}
	edit := bulk.Edit{GameVersions: bulk.ListEdit[string]{Mode: bulk.AddRemove, Add: []string{"1.99"}}}
	patch, err := edit.Patch()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.Edit(t.Context(), bulk.Preview(vs, edit, nil), patch); err != nil {
		t.Fatal(err)
	}
	if _, err := c.UpdateVersions(t.Context(), "lumen", ids(vs[:1]),
		&api.BulkPatch{AddMinecraftVersions: []string{"1.98"}, Name: api.Ptr("Renamed by a colleague")}); err != nil {
		t.Fatal(err)
	}
	entry, err := r.Journal.LastUndoable("lumen")
	if err != nil {
		t.Fatal(err)
	}
	current, err := bulk.Load(t.Context(), c, "lumen", ids(vs))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.Undo(t.Context(), bulk.PlanUndo(entry, current)); err != nil {
		t.Fatal(err)
	}
	for i, v := range vs {
		got, _, err := c.GetVersion(t.Context(), "lumen", v.ID)
		if err != nil {
			t.Fatal(err)
		}
		want := v.MinecraftVersions
		if i == 0 {
			want = append(slices.Clone(want), "1.98")
			if got.Name != "Renamed by a colleague" {
				t.Errorf("undo reverted the colleague's name: %q", got.Name)
			}
		}
		if !slices.Equal(got.MinecraftVersions, want) {
			t.Errorf("%s: game versions %v after undo, want %v", v.Version, got.MinecraftVersions, want)
		}
	}
}

// requireState checks every version on the server against want(change).
func requireState(t *testing.T, c *api.Client, changes []bulk.Change, want func(bulk.Change) api.Version) {
	t.Helper()
	now := map[string]api.Version{}
	for _, v := range allVersions(t, c, "emberforge-core") {
		now[v.ID] = v
	}
	for _, ch := range changes {
		got, w := now[ch.Before.ID], want(ch)
		if d := bulk.Diff(w, got); len(d) > 0 {
			t.Fatalf("version %s differs from what was expected: %+v", ch.Before.ID, d)
		}
		if !slices.Equal(got.MinecraftVersions, w.MinecraftVersions) {
			t.Fatalf("version %s game versions %v, want %v", got.ID, got.MinecraftVersions, w.MinecraftVersions)
		}
	}
}

func TestEditUnderFaultsLeavesNothingHalfKnown(t *testing.T) {
	t.Parallel()
	c, _ := signedIn(t, sandbox.Options{FaultRate: 0.3, FaultSeed: 7}, "bob")
	all := allVersions(t, c, "emberforge-core")
	edit := bulk.Edit{Name: api.Ptr("Renamed under faults")}
	patch, err := edit.Patch()
	if err != nil {
		t.Fatal(err)
	}
	changes := bulk.Preview(all[:600], edit, nil)
	r := &bulk.Runner{Client: c, Project: "emberforge-core", Journal: bulk.Journal{Dir: t.TempDir()}}
	entry, err := r.Edit(t.Context(), changes, patch)
	if err != nil {
		t.Fatal(err)
	}
	counts := map[bulk.Status]int{}
	now := map[string]api.Version{}
	for _, v := range allVersions(t, c, "emberforge-core") {
		now[v.ID] = v
	}
	for i, o := range entry.Outcomes {
		counts[o.Status]++
		got := now[o.ID]
		switch o.Status {
		case bulk.StatusUpdated:
			if got.Name != "Renamed under faults" {
				t.Fatalf("%s reported updated but has name %q", o.ID, got.Name)
			}
		case bulk.StatusNotApplied:
			if got.Name != changes[i].Before.Name || o.Error == "" {
				t.Fatalf("%s reported not applied but has name %q (error %q)", o.ID, got.Name, o.Error)
			}
		default:
			t.Fatalf("%s is %s: with a working read-back nothing may stay unknown", o.ID, o.Status)
		}
	}
	t.Logf("outcomes under 30%% faults: %v", counts)
}

// TestPreviewMatchesServerOnDependencies edits dependencies of versions
// that have some, and requires the server to end exactly where the local
// preview said.
func TestPreviewMatchesServerOnDependencies(t *testing.T) {
	t.Parallel()
	c, _ := signedIn(t, sandbox.Options{}, "alice")
	var withDeps []api.Version
	for _, v := range allVersions(t, c, "lumen") {
		if len(v.Dependencies) > 0 {
			withDeps = append(withDeps, v)
		}
	}
	if len(withDeps) < 2 {
		t.Fatalf("lumen has %d versions with dependencies; the seed should have several", len(withDeps))
	}
	first := withDeps[0].Dependencies[0]
	retyped := first
	retyped.Type = map[string]string{"required": "optional"}[first.Type]
	if retyped.Type == "" {
		retyped.Type = "required"
	}
	edit := bulk.Edit{Dependencies: bulk.ListEdit[api.Dependency]{Mode: bulk.AddRemove,
		Remove: []api.Dependency{first},
		Add:    []api.Dependency{retyped, {Type: "embedded", Name: "Adventure", URL: "https://docs.advntr.dev"}}}}
	patch, err := edit.Patch()
	if err != nil {
		t.Fatal(err)
	}
	changes := bulk.Preview(withDeps, edit, nil)
	r := &bulk.Runner{Client: c, Project: "lumen", Journal: bulk.Journal{Dir: t.TempDir()}}
	if _, err := r.Edit(t.Context(), changes, patch); err != nil {
		t.Fatal(err)
	}
	for _, ch := range changes {
		got, _, err := c.GetVersion(t.Context(), "lumen", ch.Before.ID)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got.Dependencies, ch.After.Dependencies) {
			t.Fatalf("%s: server has %+v, preview said %+v", got.Version, got.Dependencies, ch.After.Dependencies)
		}
	}
}
